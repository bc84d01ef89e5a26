// Internal test and benchmark support: realistic, seeded prospect data. Never published.

export { APOLLO_PEOPLE_HEADER, apolloPeopleCsv } from './exports/apollo-people-csv.js';
export { csvText, type ExportPerson, exportPeople } from './exports/export-people.js';
export { HUBSPOT_CONTACTS_HEADER, hubspotContactsCsv } from './exports/hubspot-contacts-csv.js';
export { LEMLIST_LEADS_HEADER, lemlistLeadsCsv } from './exports/lemlist-leads-csv.js';
export { PROSPECT_CSV_COLUMNS, PROSPECT_CSV_HEADER, toCsvLine } from './prospect-csv.js';
export {
  FAKE_DATA_VERSION,
  type FakeProspect,
  type ProspectRowsOptions,
  prospectRows,
} from './prospect-rows.js';
