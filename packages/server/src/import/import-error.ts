import type { MappingProblem } from './describe-mapping-problems.js';

/** Why an import was refused; see {@link ImportError}. */
export type ImportErrorCode =
  | 'too_large'
  | 'empty'
  | 'not_csv'
  | 'invalid_utf8'
  | 'no_header'
  | 'too_many_columns'
  | 'field_too_large'
  | 'row_too_large'
  | 'no_company_column'
  | 'invalid_mapping'
  | 'unacknowledged_unmapped'
  | 'not_found'
  | 'not_startable';

/**
 * The one error of the import engine: a stable `code` and a message a person understands, which says how to
 * fix it. Nothing of a refused upload is kept.
 *
 * @example
 * try { await storeImportUpload(db, options); }
 * catch (error) { if (error instanceof ImportError && error.code === 'too_large') res.status(413); }
 * @see packages/server/README.md, "Importing prospects"
 */
export class ImportError extends Error {
  /** The class name, `'ImportError'`. */
  override readonly name = 'ImportError';
  /** What went wrong, stable across versions. */
  readonly code: ImportErrorCode;
  /** Every problem of a refused mapping (`invalid_mapping`, `no_company_column`), for a page to list; else `[]`. */
  readonly problems: readonly MappingProblem[];
  constructor(code: ImportErrorCode, message: string, problems: readonly MappingProblem[] = []) {
    super(message);
    this.code = code;
    this.problems = problems;
  }
}
