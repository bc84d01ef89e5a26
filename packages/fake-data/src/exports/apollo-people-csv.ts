import { csvText, type ExportPerson, exportPeople } from './export-people.js';

/** The 46 columns of Apollo's people export (Search → People → Export CSV), in its order. */
export const APOLLO_PEOPLE_HEADER = [
  'First Name',
  'Last Name',
  'Title',
  'Company',
  'Company Name for Emails',
  'Email',
  'Email Status',
  'Primary Email Source',
  'Email Confidence',
  'Primary Email Catch-all Status',
  'Primary Email Last Verified At',
  'Seniority',
  'Departments',
  'Contact Owner',
  'Work Direct Phone',
  'Home Phone',
  'Mobile Phone',
  'Corporate Phone',
  'Other Phone',
  'Stage',
  'Lists',
  'Last Contacted',
  'Account Owner',
  '# Employees',
  'Industry',
  'Keywords',
  'Person Linkedin Url',
  'Website',
  'Company Linkedin Url',
  'Facebook Url',
  'Twitter Url',
  'City',
  'State',
  'Country',
  'Company Address',
  'Company City',
  'Company State',
  'Company Country',
  'Company Phone',
  'Technologies',
  'Annual Revenue',
  'Total Funding',
  'Latest Funding',
  'Latest Funding Amount',
  'Last Raised At',
  'Apollo Contact Id',
] as const;

const KEYWORDS = ['saas', 'b2b', 'payments', 'ai', 'logistics', 'retail'];
const TECHNOLOGIES = ['Salesforce', 'HubSpot', 'Google Analytics', 'AWS', 'Stripe', 'Slack'];
const FUNDING = ['Seed', 'Series A', 'Series B', 'Series C', 'Venture (Round not Specified)'];

function row(p: ExportPerson, i: number): (string | number)[] {
  const slug = p.companyDomain.replace(/\.example$/, '');
  return [
    p.firstName,
    p.lastName,
    p.title,
    p.company,
    p.company.replace(/,? (Inc\.|GmbH|SARL|S\.L\.|株式会社|Ltd)$/, ''),
    p.email,
    p.email === '' ? 'Unavailable' : i % 4 === 0 ? 'Extrapolated' : 'Verified',
    p.email === '' ? '' : 'Apollo',
    p.email === '' ? '' : String(70 + (i % 30)),
    i % 3 === 0 ? 'Catch-all' : 'Not Catch-all',
    p.email === '' ? '' : `${p.lastContacted}T08:00:00+00:00`,
    p.seniority,
    `master_${p.department.toLowerCase()}`,
    i % 2 === 0 ? 'ada@seller.example' : 'grace@seller.example',
    p.phone,
    i % 7 === 0 ? p.mobile : '',
    p.mobile,
    `+1 555 ${String(1000 + (i % 9000))}`,
    '',
    p.stage,
    i % 3 === 0 ? 'Q3 outbound; Webinar' : 'Q3 outbound',
    p.lastContacted,
    'ada@seller.example',
    p.employees,
    p.industry,
    `${KEYWORDS[i % KEYWORDS.length]}; ${KEYWORDS[(i + 2) % KEYWORDS.length]}`,
    p.linkedinUrl,
    `http://www.${p.companyDomain}`,
    `http://www.linkedin.com/company/${slug}`,
    i % 2 === 0 ? `https://www.facebook.com/${slug}` : '',
    i % 3 === 0 ? `https://twitter.com/${slug}` : '',
    p.city,
    p.region,
    p.country,
    `${1 + (i % 200)} Main Street, ${p.city}`,
    p.city,
    p.region,
    p.country,
    `+1 555 ${String(2000 + (i % 7000))}`,
    `${TECHNOLOGIES[i % TECHNOLOGIES.length]}, ${TECHNOLOGIES[(i + 1) % TECHNOLOGIES.length]}`,
    p.employees * 120_000,
    i % 4 === 0 ? '' : p.employees * 5_000,
    i % 4 === 0 ? '' : (FUNDING[i % FUNDING.length] as string),
    i % 4 === 0 ? '' : p.employees * 2_000,
    i % 4 === 0 ? '' : p.lastContacted,
    `64a${i.toString(16).padStart(21, '0')}`,
  ];
}

/**
 * An Apollo people export ({@link APOLLO_PEOPLE_HEADER}, 46 columns), seeded, with the hard cases of
 * `exportPeople`.
 *
 * @returns the CSV text and the people, row by row
 */
export function apolloPeopleCsv(options: { seed: number; count: number }): {
  csv: string;
  people: ExportPerson[];
} {
  const people = [...exportPeople(options)];
  return { csv: csvText(APOLLO_PEOPLE_HEADER, people.map(row)), people };
}
