/**
 * The prospect import engine: CSV files uploaded into the database, inspected with a suggested mapping, and
 * imported by a runner as a job (exactly once across instances), with a report.
 *
 * @see packages/server/README.md, "Importing prospects"; docs/architecture.md
 */
export type { DuplicatePolicy, ImportJob, ImportJobStatus, StoredNewField } from '../store/import-jobs.js';
export { getImportJob, listImportJobs } from '../store/import-jobs.js';
export type { ImportRejection } from '../store/import-rejections.js';
export { cancelImport } from './cancel-import.js';
export {
  createImportRunner,
  IMPORT_RUNNER_DEFAULTS,
  type ImportRunner,
  type ImportRunnerOptions,
} from './create-import-runner.js';
export { DEFAULT_IMPORT_SHAPE_LIMITS, type ImportShapeLimits } from './csv-shape-limits.js';
export {
  type DescribeMappingOptions,
  describeMappingProblems,
  type MappingProblem,
  type MappingProblemCode,
  unmappedColumns,
} from './describe-mapping-problems.js';
export { type GuessedFieldType, guessFieldType } from './guess-field-type.js';
export { ImportError, type ImportErrorCode } from './import-error.js';
export {
  COMBINABLE_FIELDS,
  type ColumnMapping,
  type CustomFieldTarget,
  customFieldKey,
  type MappingTarget,
  PROSPECT_IMPORT_FIELDS,
  type ProspectField,
  prospectFieldLabel,
} from './import-fields.js';
export {
  type DuplicateMode,
  type ImportSettings,
  isDuplicateMode,
  type NewFieldSpec,
} from './import-options.js';
export { importReportCsv, importSummary } from './import-report-csv.js';
export { type ImportInspection, inspectImport } from './inspect-import.js';
export { type RememberedMapping, rememberedMapping } from './remembered-mapping.js';
export { runImportNow } from './run-import-now.js';
export { type StartImportOptions, startImport } from './start-import.js';
export { type StoreImportUploadOptions, storeImportUpload } from './store-import-upload.js';
export { suggestMapping } from './suggest-mapping.js';
