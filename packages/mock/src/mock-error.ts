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
  /** The class name, `'ProspectKitMockError'`. */
  override readonly name = 'ProspectKitMockError';
  constructor(
    /** What went wrong, stable across versions: branch on it, not on the message. */
    readonly code: ProspectKitMockErrorCode,
    message: string,
  ) {
    super(`[@prospectkit/mock] ${message}`);
  }
}
