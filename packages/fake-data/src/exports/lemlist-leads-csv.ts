import { csvText, type ExportPerson, exportPeople } from './export-people.js';

/**
 * The columns of a lemlist campaign's leads export, as leads found through Sales Navigator (lemlist's
 * LinkedIn extension) carry them, in its order.
 */
export const LEMLIST_LEADS_HEADER = [
  'email',
  'firstName',
  'lastName',
  'companyName',
  'companyDomain',
  'jobTitle',
  'linkedinUrl',
  'phone',
  'location',
  'industry',
  'icebreaker',
  'picture',
  'salesNavigatorUrl',
  'status',
  'lastState',
  'emailStatus',
  'tags',
] as const;

const STATUSES = ['Scheduled', 'Done', 'Paused', 'Interested', 'Not interested'];
const LAST_STATES = ['emailsSent', 'emailsOpened', 'emailsClicked', 'emailsReplied', 'linkedinVisitDone'];

function row(p: ExportPerson, i: number): (string | number)[] {
  return [
    p.email,
    p.firstName,
    p.lastName,
    p.company,
    p.companyDomain,
    p.title,
    p.linkedinUrl,
    i % 3 === 0 ? '' : p.phone,
    `${p.city}, ${p.region}, ${p.country}`,
    p.industry,
    // Free text with commas and quotes, as a person writes an icebreaker.
    `Saw your post on ${p.industry.toLowerCase()}, "great read" – ${p.firstName}`,
    `https://media.licdn.example/${i}.jpg`,
    `https://www.linkedin.com/sales/lead/${i}`,
    STATUSES[i % STATUSES.length] as string,
    LAST_STATES[i % LAST_STATES.length] as string,
    p.email === '' ? '' : 'deliverable',
    i % 2 === 0 ? 'outbound; q3' : 'outbound',
  ];
}

/**
 * A lemlist / Sales Navigator leads export ({@link LEMLIST_LEADS_HEADER}), seeded, with the hard cases of
 * `exportPeople`.
 *
 * @returns the CSV text and the people, row by row
 */
export function lemlistLeadsCsv(options: { seed: number; count: number }): {
  csv: string;
  people: ExportPerson[];
} {
  const people = [...exportPeople(options)];
  return { csv: csvText(LEMLIST_LEADS_HEADER, people.map(row)), people };
}
