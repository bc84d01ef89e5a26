import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('PROSPECTKIT_ATTEMPT_RETENTION_DAYS', () => {
  it('defaults to 30 days', () => {
    expect(loadConfig({}).attemptRetentionDays).toBe(30);
  });

  it.each([
    ['1', 1],
    ['90', 90],
    ['3650', 3650],
  ])('accepts %s', (raw, days) => {
    expect(loadConfig({ PROSPECTKIT_ATTEMPT_RETENTION_DAYS: raw }).attemptRetentionDays).toBe(days);
  });

  it.each(['0', '-1', '1.5', 'thirty', '3651'])('refuses %s with a message naming the variable', (raw) => {
    expect(() => loadConfig({ PROSPECTKIT_ATTEMPT_RETENTION_DAYS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ PROSPECTKIT_ATTEMPT_RETENTION_DAYS: raw })).toThrow(
      `PROSPECTKIT_ATTEMPT_RETENTION_DAYS must be a whole number from 1 to 3650; got "${raw}".`,
    );
  });
});

describe('PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', true],
    ['true', true],
  ])('%s turns the development switch %s', (raw, on) => {
    expect(
      loadConfig(raw === undefined ? {} : { PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: raw }).allowInsecureWebhooks,
    ).toBe(on);
  });

  it('refuses anything else', () => {
    expect(() => loadConfig({ PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS: 'yes' })).toThrow(
      'PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS must be 1 or 0.',
    );
  });
});
