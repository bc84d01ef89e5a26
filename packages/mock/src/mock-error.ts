/** Stable codes of {@link ProspectKitMockError}. */
export type ProspectKitMockErrorCode =
  | 'invalid_option'
  | 'unknown_operation'
  | 'invalid_fault'
  | 'prospect_not_found'
  | 'invalid_seed';

/**
 * The one error class of `@prospectkit/mock`: thrown by the mock's own API (options, `failNext`, `db` writes),
 * never by a mocked request, which always answers like the service.
 *
 * @example
 * try { mock.failNext('deleteProspect' as never, 500); } catch (e) { if (e instanceof ProspectKitMockError) e.code; }
 */
export class ProspectKitMockError extends Error {
  override readonly name = 'ProspectKitMockError';
  constructor(
    readonly code: ProspectKitMockErrorCode,
    message: string,
  ) {
    super(`[@prospectkit/mock] ${message}`);
  }
}
