/** Request headers as a fetch `Headers` or a plain record such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

/**
 * Reads one header case-insensitively; the name must be given in lower case. Repeated values (an array in Node's record) are joined with `,`, as
 * fetch `Headers` does.
 */
export function getHeader(headers: WebhookHeaders, lowerCaseName: string): string | undefined {
  if (typeof (headers as Headers).get === 'function')
    return (headers as Headers).get(lowerCaseName) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const lower = lowerCaseName;
  // Node lower-cases incoming names, so the first lookup almost always hits.
  let value = Object.hasOwn(record, lower) ? record[lower] : undefined;
  if (value === undefined) {
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() === lower && record[key] !== undefined) {
        value = record[key];
        break;
      }
    }
  }
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(',');
}
