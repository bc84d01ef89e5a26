import { describe, expect, it } from 'vitest';
import { bareMessageId, parseInboundMessage } from './parse-inbound-message.js';

const mail = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('parseInboundMessage', () => {
  it('reads addresses in lower case and Message-IDs without angle brackets', async () => {
    const parsed = await parseInboundMessage(
      mail(
        'From: Ada <ADA@Engines.example>',
        'To: ws_x@localhost, other@localhost',
        'Subject: Re: Engines',
        'Message-ID: <a1@engines.example>',
        'In-Reply-To: <b2@localhost>',
        'References: <c3@localhost> <b2@localhost>',
        '',
        'Yes.',
      ),
    );
    expect(parsed).toMatchObject({
      messageId: 'a1@engines.example',
      inReplyTo: 'b2@localhost',
      referencesIds: ['c3@localhost', 'b2@localhost'],
      fromAddress: 'ada@engines.example',
      toAddress: 'ws_x@localhost, other@localhost',
      subject: 'Re: Engines',
      htmlBody: null,
      malformed: false,
    });
    expect(parsed.textBody.trim()).toBe('Yes.');
  });

  it('derives a Message-ID from the bytes when there is none, the same for the same message', async () => {
    const raw = mail('From: a@b.example', 'Subject: x', '', 'Hello');
    const [first, second] = [await parseInboundMessage(raw), await parseInboundMessage(raw)];
    expect(first.messageId).toMatch(/^[0-9a-f]{64}@prospectkit\.invalid$/);
    expect(second.messageId).toBe(first.messageId);
  });

  it.each([
    ['<a@b>', 'a@b'],
    ['  <<a@b>> ', 'a@b'],
    ['a@b', 'a@b'],
    ['<>', undefined],
    [undefined, undefined],
  ])('bareMessageId(%j) is %j', (given, want) => {
    expect(bareMessageId(given)).toBe(want);
  });
});
