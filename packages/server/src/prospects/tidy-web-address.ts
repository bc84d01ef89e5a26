/**
 * Web addresses typed or exported a little off the contract's forms, tidied where what was meant is plain, for the
 * app's prospect form and the importer alike (one rule, one place). The API's rules stay as they are:
 * openapi.yaml `Domain` is a host name, `Website` an `http(s)` URL.
 */

/** A scheme at the start (`https:`, `mailto:`), but not a host and port (`acme.example:8080`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d{1,5}(?:[/?#]|$))/i;

/**
 * A web address without its scheme: a host with at least one dot (no white space, `@` or `:` in it), an optional
 * port and an optional path, query or fragment (`www.acme.example`, `acme.example:8080/about`).
 */
const BARE_ADDRESS = /^[^\s/?#@:]+\.[^\s/?#@:.]+(?::\d{1,5})?(?:[/?#]\S*)?$/;

/** An `http`/`https` address, or a bare one as above, capturing its host. */
const HOST_OF_ADDRESS = /^(?:https?:\/\/)?([^\s/?#@:]+\.[^\s/?#@:.]+)\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * The domain a web address stands for, when the value is plainly an address rather than a host: a URL or a host
 * with a port or path (`https://www.acme.example/about` → `acme.example`), its host lower-cased without a leading
 * `www.`. `undefined` for a plain host (`www.acme.example`: the contract takes it as it is) and for anything that is
 * not an `http(s)` address (`ftp://…`, `ada@acme.example`, `acme`).
 *
 * @param typed the value, trimmed
 * @example
 * domainOfWebAddress('https://www.acme.example/'); // 'acme.example'
 * domainOfWebAddress('acme.example'); // undefined
 */
export function domainOfWebAddress(typed: string): string | undefined {
  const host = HOST_OF_ADDRESS.exec(typed)?.[1];
  if (host === undefined) return undefined;
  if (!SCHEME.test(typed) && host === typed) return undefined;
  return host.toLowerCase().replace(/^www\./, '');
}

/**
 * A bare web address with `https://` before it (`www.acme.example` → `https://www.acme.example`), for Website and
 * Profile URL; `undefined` for a value with a scheme or that is not an address (`localhost`, `ada@acme.example`).
 *
 * @param typed the value, trimmed
 * @example
 * webAddressWithScheme('linkedin.com/in/ada'); // 'https://linkedin.com/in/ada'
 */
export function webAddressWithScheme(typed: string): string | undefined {
  if (SCHEME.test(typed)) return undefined;
  return BARE_ADDRESS.test(typed) ? `https://${typed}` : undefined;
}
