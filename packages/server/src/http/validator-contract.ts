// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document
type OpenApiDocument = Record<string, any>;

/**
 * The contract with a `head` operation beside every `get`, its copy: HEAD is answered wherever GET is, with the
 * same checks, status and headers and no body. The contract lists no HEAD operations; without these the
 * validator refuses HEAD with 405.
 *
 * @see openapi.yaml `info.description` (HEAD); RFC 9110 section 9.3.2
 */
function headBesideGet(contract: OpenApiDocument): OpenApiDocument {
  const paths = Object.fromEntries(
    Object.entries(contract.paths as Record<string, Record<string, { operationId?: string }>>).map(
      ([path, item]) => [
        path,
        item.get ? { ...item, head: { ...item.get, operationId: `${item.get.operationId}Head` } } : item,
      ],
    ),
  );
  return { ...contract, paths };
}

/**
 * The contract as the server's response validator (express-openapi-validator) reads it: mounted at `/api/v1`,
 * with HEAD beside GET.
 *
 * @param contract the parsed `openapi/openapi.yaml`; not changed
 */
export function validatorContract(contract: OpenApiDocument): OpenApiDocument {
  return headBesideGet({ ...contract, servers: [{ url: '/api/v1' }] });
}
