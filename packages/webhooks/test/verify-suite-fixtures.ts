import {
  buildWebhookEvent,
  type Clock,
  type CryptoProvider,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.js';

// The constants, helpers and signed request that the parts of the verification suite share.

export const SECRET = 'whk_3kD9qLm2Xv8RtY6pWz4Hn7Bc1Fg5Js0A';
export const OTHER_SECRET = 'whk_Zq8Wn4Lp1Tx7Rk2Vm9Hc5Bd3Gf6Js0Ya';
export const NOW = 1732240000;
export const EVENT_ID = 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQR';

export const encoder = new TextEncoder();

/** A clock stopped at `seconds` (Unix time). */
export const clockAt = (seconds: number): Clock => ({ now: () => new Date(seconds * 1000) });

/** Resolves to the error code, `'RangeError'` or `'TypeError'`, or `'ok'` when verification passes. */
export async function outcomeOf(options: VerifyWebhookOptions): Promise<string> {
  try {
    await verifyWebhook(options);
    return 'ok';
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    if (error instanceof RangeError) return 'RangeError';
    if (error instanceof TypeError) return 'TypeError';
    throw error;
  }
}

export function flipBit(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = (copy[index] as number) ^ 1;
  return copy;
}

/** Signs with the provider under test: `SECRET` at `NOW` unless told otherwise. */
export type Signer = (
  body: string | Uint8Array,
  secret?: string,
  timestampSeconds?: number,
) => ReturnType<typeof signWebhook>;

export function signerFor(cryptoProvider: CryptoProvider): Signer {
  return (body, secret = SECRET, timestampSeconds = NOW) =>
    signWebhook({ secret, body, timestampSeconds, cryptoProvider });
}

/** One row of the table of requests: the options given, and the outcome wanted. */
export type RequestCase = [
  string,
  { given: () => VerifyWebhookOptions | Promise<VerifyWebhookOptions>; want: string },
];

/** A valid signed `prospect.created` request at `NOW`, and the pieces the table of requests varies. */
export interface RequestFixture {
  event: ReturnType<typeof buildWebhookEvent<'prospect.created'>>;
  bytes: Uint8Array;
  headers: Record<string, string>;
  /** The valid request: `body`, `headers`, `SECRET`, a clock at `NOW`, the provider under test. */
  base: VerifyWebhookOptions;
  /** `base` with some headers changed; `undefined` removes one. */
  withHeaders: (changes: Record<string, string | undefined>) => VerifyWebhookOptions;
  signature: string;
  hex: string;
  rotatedSignature: string;
  bom: Uint8Array;
  bomSigned: string;
  empty: string;
  otherBody: string;
  otherSignature: string;
}

export async function buildRequestFixture(cryptoProvider: CryptoProvider): Promise<RequestFixture> {
  const sign = signerFor(cryptoProvider);
  const event = buildWebhookEvent('prospect.created', { id: EVENT_ID });
  const body = JSON.stringify(event);
  const bytes = encoder.encode(body);
  const { 'Service-Signature': signature } = await sign(body);
  const { 'Service-Signature': rotatedSignature } = await sign(body, OTHER_SECRET);
  const headers = {
    'Service-Event-ID': EVENT_ID,
    'Service-Timestamp': String(NOW),
    'Service-Signature': signature,
  };
  const base: VerifyWebhookOptions = { body, headers, secret: SECRET, clock: clockAt(NOW), cryptoProvider };
  const withHeaders = (changes: Record<string, string | undefined>) => {
    const next: Record<string, string> = {};
    for (const [name, value] of Object.entries({ ...headers, ...changes }))
      if (value !== undefined) next[name] = value;
    return { ...base, headers: next };
  };
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
  const other = buildWebhookEvent('prospect.created', { id: 'evt_01JD3Z6X8Y9ABCDEFGHJKMNPQZ' });
  const otherBody = JSON.stringify(other);
  return {
    event,
    bytes,
    headers,
    base,
    withHeaders,
    signature,
    hex: signature.slice(3),
    rotatedSignature,
    bom,
    bomSigned: (await sign(bom))['Service-Signature'],
    empty: (await sign(''))['Service-Signature'],
    otherBody,
    otherSignature: (await sign(otherBody))['Service-Signature'],
  };
}
