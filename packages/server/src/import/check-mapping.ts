import { ImportError } from './import-error.js';
import { type ColumnMapping, isProspectField } from './import-fields.js';

/**
 * Checks a mapping fits a header row: one entry per column, each a prospect field or `null`, no field twice,
 * and (to start an import) a column for `company`, which `ProspectCreate` requires.
 *
 * @throws {ImportError} `invalid_mapping`, or `no_company_column` when `requireCompany` and none maps to company
 */
export function checkMapping(
  mapping: unknown,
  headers: readonly string[],
  options: { requireCompany: boolean },
): asserts mapping is ColumnMapping {
  if (!Array.isArray(mapping) || mapping.length !== headers.length) {
    throw new ImportError(
      'invalid_mapping',
      `The mapping must give one field (or none) for each of the file's ${headers.length} columns.`,
    );
  }
  const seen = new Set<string>();
  for (const [index, field] of mapping.entries()) {
    if (field === null) continue;
    if (!isProspectField(field)) {
      throw new ImportError('invalid_mapping', `Column "${headers[index]}" maps to an unknown field.`);
    }
    if (seen.has(field)) {
      throw new ImportError('invalid_mapping', `Two columns map to ${field}: choose one of them.`);
    }
    seen.add(field);
  }
  if (options.requireCompany && !seen.has('company')) {
    throw new ImportError(
      'no_company_column',
      'No column is mapped to Company, which every prospect needs: choose the column that holds the company name.',
    );
  }
}
