import { describe, expect, it } from 'vitest';
import { createSmtpGuard } from './smtp-guard.js';
import { DEFAULT_SMTP_LIMITS } from './smtp-limits.js';

describe('createSmtpGuard', () => {
  it('counts an IPv6 /64 as one client, as the HTTP rate limit does, and IPv4-mapped IPv6 as IPv4', async () => {
    const guard = createSmtpGuard({ ...DEFAULT_SMTP_LIMITS, maxConnectionsPerAddress: 2 });
    expect(await guard.connect('2001:db8:1:2::1')).toBeUndefined();
    expect(await guard.connect('2001:db8:1:2:ffff::9')).toBeUndefined();
    expect(await guard.connect('2001:db8:1:2::7')).toMatchObject({ responseCode: 421 });
    expect(await guard.connect('2001:db8:1:3::1')).toBeUndefined();
    expect(await guard.connect('::ffff:192.0.2.1')).toBeUndefined();
    expect(await guard.connect('192.0.2.1')).toBeUndefined();
    expect(await guard.connect('192.0.2.1')).toMatchObject({ responseCode: 421 });
    guard.disconnect('2001:db8:1:2::1');
    expect(await guard.connect('2001:db8:1:2::8')).toBeUndefined();
  });

  it('takes a slot per message in progress, in all and per client, and gives it back', () => {
    const guard = createSmtpGuard({
      ...DEFAULT_SMTP_LIMITS,
      maxMessagesInProgress: 3,
      maxMessagesInProgressPerAddress: 2,
    });
    expect(guard.startMessage('2001:db8::1')).toBeUndefined();
    expect(guard.startMessage('2001:db8::2')).toBeUndefined();
    expect(guard.startMessage('2001:db8::3')).toMatchObject({ responseCode: 451 });
    expect(guard.startMessage('192.0.2.1')).toBeUndefined();
    expect(guard.startMessage('192.0.2.2')).toMatchObject({ responseCode: 451 });
    guard.endMessage('2001:db8::1');
    expect(guard.startMessage('192.0.2.2')).toBeUndefined();
  });
});
