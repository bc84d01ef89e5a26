/**
 * The `Allow` header of a 405: the methods the contract lists for the path, with `HEAD` wherever `GET` is (it
 * is answered like `GET`, without a body), upper case, in reverse alphabetical order.
 *
 * @param methods the path's operations' methods in any case, e.g. `['get', 'patch']`
 * @returns e.g. `'PATCH, HEAD, GET'`
 * @example allowHeader(['GET', 'POST']) // 'POST, HEAD, GET'
 * @see openapi.yaml `info.description` (HEAD); RFC 9110 section 10.2.1
 */
export function allowHeader(methods: Iterable<string>): string {
  const allowed = new Set([...methods].map((m) => m.trim().toUpperCase()).filter((m) => m !== ''));
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort().reverse().join(', ');
}
