import { contract } from './generated/contract.js';

/** The response header that carries {@link API_VERSION}. @see openapi.yaml `components.headers.API-Version` */
export const API_VERSION_HEADER = 'API-Version';

/**
 * The version of the contract the server and the mock follow: the contract's `info.version`, which the release
 * script sets to `@prospectkit/server`'s version (docs/releasing.md). Sent on every answer under `/api/v1`.
 *
 * @example
 * res.setHeader(API_VERSION_HEADER, API_VERSION); // 'API-Version: 0.2.0'
 * @see docs/versioning.md
 */
export const API_VERSION: string = (contract as unknown as { info: { version: string } }).info.version;
