// Internal test and benchmark support: realistic, seeded prospect data. Never published.
export { PROSPECT_CSV_COLUMNS, PROSPECT_CSV_HEADER, toCsvLine } from './prospect-csv.js';
export {
  FAKE_DATA_VERSION,
  type FakeProspect,
  type ProspectRowsOptions,
  prospectRows,
} from './prospect-rows.js';
