import { describe, expect, it } from 'vitest';
import { type InboundTarget, inboundAddress, parseRecipient, replyAddress } from './inbound-address.js';

const WS = 'ws_01JD0V8K7A3Q9M2X4C6B8N0R1T';
const CV = 'cv_01JD0V8K7A3Q9M2X4C6B8N0R1T';

describe('inbound addresses', () => {
  it('are the ids in lower case at the inbound domain', () => {
    expect(inboundAddress(WS, 'in.example.com')).toBe('ws_01jd0v8k7a3q9m2x4c6b8n0r1t@in.example.com');
    expect(replyAddress(CV, 'localhost')).toBe('reply+cv_01jd0v8k7a3q9m2x4c6b8n0r1t@localhost');
  });

  it.each<[string, { given: string; want: InboundTarget }]>([
    [
      'a workspace address',
      { given: inboundAddress(WS, 'localhost'), want: { kind: 'workspace', workspaceId: WS } },
    ],
    [
      'a reply address in any case',
      { given: `REPLY+${CV}@LocalHost`, want: { kind: 'conversation', conversationId: CV } },
    ],
    [
      'another domain',
      { given: 'ws_01jd0v8k7a3q9m2x4c6b8n0r1t@example.com', want: { kind: 'other-domain' } },
    ],
    ['a subdomain of ours', { given: 'a@sub.localhost', want: { kind: 'other-domain' } }],
    // Issue 24, also noted: RFC 5321 section 4.5.1 requires postmaster to take mail (it was refused).
    ['postmaster alone', { given: 'postmaster', want: { kind: 'postmaster' } }],
    ['postmaster at our domain, any case', { given: 'PostMaster@LOCALHOST', want: { kind: 'postmaster' } }],
    ['postmaster elsewhere', { given: 'postmaster@example.com', want: { kind: 'other-domain' } }],
    ['no domain', { given: 'someone', want: { kind: 'other-domain' } }],
    ['an unknown mailbox', { given: 'sales@localhost', want: { kind: 'unknown-mailbox' } }],
    ['a malformed id', { given: 'ws_123@localhost', want: { kind: 'unknown-mailbox' } }],
    [
      'a reply address without prefix',
      { given: 'reply+01jd0v8k7a3q9m2x4c6b8n0r1t@localhost', want: { kind: 'unknown-mailbox' } },
    ],
  ])('reads %s', (_name, { given, want }) => {
    expect(parseRecipient(given, 'localhost')).toEqual(want);
  });
});
