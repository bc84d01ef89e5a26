import { csvText, type ExportPerson, exportPeople } from './export-people.js';

/** The columns of HubSpot's contacts export (Contacts → Export, "properties in your view"), in its order. */
export const HUBSPOT_CONTACTS_HEADER = [
  'Record ID',
  'First Name',
  'Last Name',
  'Email',
  'Phone Number',
  'Mobile Phone Number',
  'Job Title',
  'Company Name',
  'Website URL',
  'City',
  'State/Region',
  'Country/Region',
  'Lifecycle Stage',
  'Lead Status',
  'Contact owner',
  'Create Date',
  'Last Activity Date',
  'Original Source',
  'Marketing contact status',
] as const;

const LIFECYCLE = [
  'Subscriber',
  'Lead',
  'Marketing Qualified Lead',
  'Sales Qualified Lead',
  'Opportunity',
  'Customer',
];
const LEAD_STATUS = ['New', 'Open', 'In Progress', 'Open Deal', 'Unqualified', 'Attempted to contact'];
const SOURCES = ['Organic Search', 'Paid Search', 'Direct Traffic', 'Offline Sources', 'Social Media'];
const OWNERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing'];

function row(p: ExportPerson, i: number): (string | number)[] {
  return [
    String(70_000_000_000 + i),
    p.firstName,
    p.lastName,
    p.email,
    p.phone,
    p.mobile,
    p.title,
    p.company,
    // HubSpot writes the company's website as it was typed: often a bare host.
    i % 2 === 0 ? `https://www.${p.companyDomain}` : `www.${p.companyDomain}`,
    p.city,
    p.region,
    p.country,
    LIFECYCLE[i % LIFECYCLE.length] as string,
    LEAD_STATUS[(i * 7) % LEAD_STATUS.length] as string,
    OWNERS[i % OWNERS.length] as string,
    `${p.lastContacted} 09:${String(i % 60).padStart(2, '0')}`,
    p.lastContacted,
    SOURCES[(i * 3) % SOURCES.length] as string,
    i % 5 === 0 ? 'Non-marketing contact' : 'Marketing contact',
  ];
}

/**
 * A HubSpot contacts export ({@link HUBSPOT_CONTACTS_HEADER}), seeded, with the hard cases of
 * `exportPeople` (accents, Japanese names, quoted commas, blank and repeated emails, colleagues).
 *
 * @returns the CSV text and the people, row by row
 * @example
 * const { csv } = hubspotContactsCsv({ seed: 1, count: 1200 });
 */
export function hubspotContactsCsv(options: { seed: number; count: number }): {
  csv: string;
  people: ExportPerson[];
} {
  const people = [...exportPeople(options)];
  return { csv: csvText(HUBSPOT_CONTACTS_HEADER, people.map(row)), people };
}
