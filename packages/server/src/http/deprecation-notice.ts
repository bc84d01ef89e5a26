import { type ContractOperation, createDeprecationNotices } from '@prospectkit/core';
import type { Request, Response } from 'express';

const notices = createDeprecationNotices();

/**
 * Sets `Deprecation` (RFC 9745) and `Sunset` (RFC 8594) on the answer to a request for an operation the contract
 * marks `deprecated: true`, or that sends a parameter so marked, whatever the answer's status. Costs one map
 * lookup for an operation with nothing deprecated (today: every one).
 *
 * @param operation the operation the request matched
 * @see openapi.yaml `components.headers.Deprecation`, `Sunset`; docs/versioning.md, "Deprecation"
 */
export function setDeprecationHeaders(req: Request, res: Response, operation: ContractOperation): void {
  const headers = notices(operation.operationId, {
    get query() {
      return Object.keys(req.query);
    },
    hasHeader: (name) => req.get(name) !== undefined,
  });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
