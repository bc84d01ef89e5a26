/** Largest accepted body: 1 MiB. @see openapi.yaml `info.description` (Media) */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The parsed body, or the status and message that refuse it. */
export type BodyResult =
  | { ok: true; body: unknown }
  | { ok: false; status: 400 | 413 | 415; message: string };

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Check 4 of the contract's order, as the reference server does it: the body must be `application/json`
 * (415; a charset other than UTF-n is 415 too), at most 1 MiB (413), and JSON (400). Any JSON value passes
 * here (the schema speaks next); an empty body reads as `{}`.
 *
 * @see packages/server/src/http/json-body.ts
 */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!JSON_TYPE.test(type)) {
    return { ok: false, status: 415, message: 'The request body must be sent as application/json.' };
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && !charset.startsWith('utf-')) {
    return { ok: false, status: 415, message: 'The request body must be UTF-8 encoded application/json.' };
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) {
    return { ok: false, status: 413, message: 'The request body is larger than 1 MiB.' };
  }
  if (bytes.byteLength === 0) return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return { ok: false, status: 400, message: 'The request body is not valid JSON.' };
  }
}
