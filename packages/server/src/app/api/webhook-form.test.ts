import { describe, expect, it } from 'vitest';
import { checkWebhookAddressForSettings } from './webhook-address-check.js';
import { parseWebhookForm } from './webhook-form.js';

const strict = (address: string) => checkWebhookAddressForSettings(address);
const insecure = (address: string) => checkWebhookAddressForSettings(address, { allowInsecure: true });

describe('parseWebhookForm', () => {
  it('accepts an https address and known events, normalizing the address and dropping repeats', async () => {
    const result = await parseWebhookForm(
      {
        url: ' https://Hooks.Example.com:443/in ',
        events: ['prospect.created', 'meeting.booked', 'prospect.created'],
      },
      strict,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { url: 'https://hooks.example.com/in', events: ['prospect.created', 'meeting.booked'] },
    });
  });

  it('accepts a single event sent as one value', async () => {
    const result = await parseWebhookForm(
      { url: 'https://hooks.example.com/in', events: 'opportunity.won' },
      strict,
    );
    expect(result).toMatchObject({ ok: true, value: { events: ['opportunity.won'] } });
  });

  it.each([
    ['no address', '', 'Enter the https address that receives the events.'],
    ['http', 'http://hooks.example.com/in', 'The webhook address must use https.'],
    ['another port', 'https://hooks.example.com:8443/in', 'The webhook address must use port 443.'],
    [
      'a query string',
      'https://hooks.example.com/in?x=1',
      'The webhook address must not have a query string.',
    ],
    ['a fragment', 'https://hooks.example.com/in#x', 'The webhook address must not have a fragment.'],
    [
      'userinfo',
      'https://user:pass@hooks.example.com/in',
      'The webhook address must not carry a user name or password.',
    ],
    ['not a URL', 'hooks.example.com', 'The webhook address must be an absolute https:// URL.'],
    [
      'loopback http without the development switch',
      'http://127.0.0.1:8080/in',
      'The webhook address must use https. For a receiver on this machine, in development only, start the server with PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1.',
    ],
    [
      'localhost https on another port without the development switch',
      'https://localhost:4000/in',
      'The webhook address must use port 443. For a receiver on this machine, in development only, start the server with PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1.',
    ],
    [
      'a loopback https address without the development switch',
      'https://127.0.0.1/in',
      'The webhook address 127.0.0.1 is not a public address (loopback). Webhooks are sent only to public unicast addresses. For a receiver on this machine, in development only, start the server with PROSPECTKIT_ALLOW_INSECURE_WEBHOOKS=1.',
    ],
    [
      'an address over 2048 characters',
      `https://hooks.example.com/${'a'.repeat(2048)}`,
      'The address must be at most 2048 characters.',
    ],
  ])('refuses %s with the rule that failed, keeping what was sent', async (_name, url, message) => {
    const result = await parseWebhookForm({ url, events: ['prospect.created'] }, strict);
    expect(result).toMatchObject({
      ok: false,
      errors: { url: message },
      values: { url, events: ['prospect.created'] },
    });
  });

  it('allows loopback http only with the development switch', async () => {
    const result = await parseWebhookForm(
      { url: 'http://127.0.0.1:8080/in', events: ['prospect.created'] },
      insecure,
    );
    expect(result).toMatchObject({ ok: true, value: { url: 'http://127.0.0.1:8080/in' } });
  });

  it.each([
    ['no event', undefined, 'Choose at least one event.'],
    ['an unknown event', ['prospect.created', 'prospect.deleted'], 'Unknown event: prospect.deleted.'],
  ])('refuses %s', async (_name, events, message) => {
    const result = await parseWebhookForm({ url: 'https://hooks.example.com/in', events }, strict);
    expect(result).toMatchObject({ ok: false, errors: { events: message } });
  });

  it('passes other failures of the address check on, rather than showing them as form errors', async () => {
    const broken = async () => {
      throw new Error('DNS resolver crashed');
    };
    await expect(
      parseWebhookForm({ url: 'https://hooks.example.com/in', events: ['prospect.created'] }, broken),
    ).rejects.toThrow('DNS resolver crashed');
  });
});
