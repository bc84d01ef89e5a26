// Webhook checks shared by every runtime: verify a request signed by the package's own helper, one signed by
// hand exactly as openapi.yaml's webhook security scheme describes (so the helper cannot hide a wrong scheme),
// and refuse a forged one.
import { expect, SECRET } from './report.mjs';

const encoder = new TextEncoder();

/** `v1=` plus the hex HMAC-SHA256 of `"<timestamp>.<body>"` keyed with the secret, with Web Crypto only. */
async function signByHand(secret, timestampSeconds, body) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestampSeconds}.${body}`)),
  );
  return `v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** A delivery signed by hand: the headers the service sends (openapi.yaml, `webhooks`). */
export async function handSignedDelivery(webhooks) {
  const event = webhooks.buildWebhookEvent('prospect.created');
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'Service-Event-ID': event.id,
      'Service-Event': event.event,
      'Service-Timestamp': String(timestamp),
      'Service-Signature': await signByHand(SECRET, timestamp, body),
    },
  };
}

/** The same delivery with one byte of its signature changed. */
export function forge(signed) {
  const signature = signed.headers['Service-Signature'];
  const last = signature.at(-1) === '0' ? '1' : '0';
  return {
    body: signed.body,
    headers: { ...signed.headers, 'Service-Signature': signature.slice(0, -1) + last },
  };
}

/** verifyWebhook accepts the helper's and the hand-made signature, with the given provider (default when undefined). */
export async function verifiesSigned(webhooks, cryptoProvider) {
  const helper = await webhooks.buildSignedWebhook({
    secret: SECRET,
    event: webhooks.buildWebhookEvent('opportunity.won'),
    cryptoProvider,
  });
  const fromHelper = await webhooks.verifyWebhook({ ...helper, secret: SECRET, cryptoProvider });
  expect(fromHelper.event === 'opportunity.won', `verified the wrong event: ${fromHelper.event}`);
  const byHand = await handSignedDelivery(webhooks);
  const fromHand = await webhooks.verifyWebhook({ ...byHand, secret: SECRET, cryptoProvider });
  expect(fromHand.event === 'prospect.created', `verified the wrong event: ${fromHand.event}`);
  return `provider ${(cryptoProvider ?? webhooks.defaultCryptoProvider()).name}`;
}

/** verifyWebhook throws `no_matching_signature` for a forged signature. */
export async function rejectsForged(webhooks) {
  const forged = forge(await handSignedDelivery(webhooks));
  try {
    await webhooks.verifyWebhook({ ...forged, secret: SECRET });
  } catch (error) {
    expect(error instanceof webhooks.WebhookVerificationError, `threw ${error}`);
    expect(error.code === 'no_matching_signature', `code ${error.code}`);
    return 'no_matching_signature';
  }
  throw new Error('a forged signature was accepted');
}

/** POSTs a signed and a forged delivery to a receiver URL: 2xx, then 400. */
export async function receiverAnswers(webhooks, url) {
  const signed = await handSignedDelivery(webhooks);
  const ok = await fetch(url, { method: 'POST', ...signed });
  expect(ok.status >= 200 && ok.status < 300, `signed: ${ok.status} ${await ok.text()}`);
  await ok.arrayBuffer().catch(() => undefined);
  const bad = await fetch(url, { method: 'POST', ...forge(await handSignedDelivery(webhooks)) });
  const badBody = await bad.text();
  expect(bad.status === 400, `forged: ${bad.status} ${badBody}`);
  return `signed ${ok.status}, forged ${bad.status}`;
}
