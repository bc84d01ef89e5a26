/** A JSON answer as the reference server writes it (`res.json`): `application/json; charset=utf-8`. */
export function reply(
  status: number,
  body: unknown,
  headers: Headers,
  options: { method?: string } = {},
): Response {
  headers.set('Content-Type', 'application/json; charset=utf-8');
  const text = body === undefined || options.method === 'HEAD' ? null : JSON.stringify(body);
  return new Response(text, { status, headers });
}
