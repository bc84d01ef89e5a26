const encoder = new TextEncoder();

/** HMAC-SHA256 of `message` keyed with the UTF-8 bytes of `secret`, through Web Crypto (Node 20+, edge runtimes). */
export async function hmacSha256(secret: string, message: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message as BufferSource));
}

/** `timestamp + "." + body` as bytes, without decoding the body. */
export function signedMessage(timestampSeconds: string, body: Uint8Array): Uint8Array {
  const prefix = encoder.encode(`${timestampSeconds}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix, 0);
  message.set(body, prefix.length);
  return message;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

export function toBytes(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === 'string') return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}
