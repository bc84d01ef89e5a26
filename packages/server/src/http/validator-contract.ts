import type { OpenApiDocument } from './contract.js';

/**
 * The contract with `allowReserved` on its query parameters. Without it express-openapi-validator refuses a raw
 * `+` or `*` in `search` with 422, yet the server's own `links` write a space as `+` (WHATWG form encoding, like
 * `URLSearchParams`), so following `links.next` of a search with a space failed. Express decodes the query
 * either way.
 */
function acceptReservedInQuery(contract: OpenApiDocument): OpenApiDocument {
  const parameters = Object.fromEntries(
    Object.entries((contract.components?.parameters ?? {}) as Record<string, { in?: string }>).map(
      ([name, parameter]) => [
        name,
        parameter.in === 'query' ? { ...parameter, allowReserved: true } : parameter,
      ],
    ),
  );
  return { ...contract, components: { ...contract.components, parameters } };
}

/**
 * The contract with a `head` operation beside every `get`, its copy: HEAD is answered wherever GET is, with the
 * same checks, status and headers and no body. The contract lists no HEAD operations; without these the
 * validator answers HEAD with 405.
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
 * The contract as the server's request validator (express-openapi-validator) reads it: mounted at `/api/v1`,
 * reserved characters allowed in query parameters, and HEAD beside GET.
 *
 * @param contract the parsed `openapi/openapi.yaml`; not changed
 */
export function validatorContract(contract: OpenApiDocument): OpenApiDocument {
  return headBesideGet(acceptReservedInQuery({ ...contract, servers: [{ url: '/api/v1' }] }));
}
