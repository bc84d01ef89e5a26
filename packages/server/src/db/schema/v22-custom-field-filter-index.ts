import type { Migration } from './migration.js';

export const v22: Migration = {
  version: 22,
  name: 'an index of prospects custom field values for the list filters',
  // openapi.yaml `CustomFieldsFilter`: equality on any custom field is `custom_fields @> '{"key": value}'`, which
  // this GIN index answers for every key and type at once (jsonb_path_ops: smaller than jsonb_ops, and the
  // containment operator is all the list uses); the workspace is ANDed from its own index, as the tag filter's
  // GIN index is (migration 19). Ranges (`custom_fields_gte`, `custom_fields_lte`) are tested on the rows the other
  // conditions or the list's walk give (docs/pagination.md, "Custom fields", has the plans).
  sql: `create index prospects_custom_fields on prospects using gin (custom_fields jsonb_path_ops);`,
};
