import { base, de, en, es, Faker, fr, ja } from '@faker-js/faker';

/** One person of a generated CRM or prospecting export, with their company; the layouts pick their columns. */
export interface ExportPerson {
  firstName: string;
  lastName: string;
  /** `''` for a person without an email (about 1 in 10). */
  email: string;
  title: string;
  phone: string;
  mobile: string;
  linkedinUrl: string;
  city: string;
  region: string;
  /** The country's English name, as the exports write it (`France`, `Japan`). */
  country: string;
  /** Its ISO 3166-1 alpha-2 code (`FR`, `JP`). */
  countryCode: string;
  company: string;
  /** The company's host, e.g. `acme-tech.example`. */
  companyDomain: string;
  employees: number;
  industry: string;
  seniority: string;
  department: string;
  stage: string;
  /** An ISO date (`2024-03-05`). */
  lastContacted: string;
  /**
   * Whether this row repeats an earlier person of the file (the same email, in other case): an importer that
   * skips duplicates skips it, and its report names the earlier line.
   */
  repeat: boolean;
}

const LOCALES = [
  { weight: 55, locale: en, countryCode: 'US' },
  { weight: 10, locale: fr, countryCode: 'FR' },
  { weight: 10, locale: de, countryCode: 'DE' },
  { weight: 10, locale: es, countryCode: 'ES' },
  { weight: 15, locale: ja, countryCode: 'JP' },
] as const;

const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  FR: 'France',
  DE: 'Germany',
  ES: 'Spain',
  JP: 'Japan',
};
const SENIORITIES = ['c_suite', 'vp', 'director', 'manager', 'senior', 'entry'];
const DEPARTMENTS = ['Sales', 'Marketing', 'Engineering', 'Operations', 'Finance'];
const STAGES = ['Cold', 'Approaching', 'Replied', 'Interested', 'Not Interested'];
const INDUSTRIES = ['Computer Software', 'Financial Services', 'Retail', 'Logistics', 'Health Care'];
// Titles with a comma, so their cells are quoted.
const TITLES = [
  'CEO',
  'CTO',
  'VP, Sales',
  'Head of Marketing',
  'Director, Operations',
  'Account Executive',
  'Engineer',
];
const COMPANY_FORMS = [', Inc.', ' GmbH', ' SARL', ', S.L.', ' 株式会社', ' Ltd'];

/** ASCII letters of a text, for hosts and email local parts (accents dropped, other scripts romanised away). */
function ascii(text: string, fallback: string): string {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return plain === '' ? fallback : plain;
}

/**
 * Seeded people at companies, as sales exports hold them (docs/importing.md's test files): names with accents
 * and Japanese names, company names and titles with commas, several people per company (1 to 5, with their
 * own emails at the company's domain), about 1 in 10 without an email, and about 1 in 40 rows repeating an
 * earlier person's email in other case.
 *
 * @param options.seed any integer: the same seed gives the same people
 * @param options.count how many rows
 */
export function* exportPeople(options: { seed: number; count: number }): Generator<ExportPerson> {
  const fakers = LOCALES.map(({ locale }) => new Faker({ locale: [locale, en, base] }));
  fakers.forEach((f, i) => {
    f.seed(options.seed * 31 + i);
  });
  const pick = fakers[0] as Faker;
  const earlier: ExportPerson[] = [];
  let made = 0;
  let n = 0;
  while (made < options.count) {
    const at = pick.helpers.weightedArrayElement(LOCALES.map((l, i) => ({ weight: l.weight, value: i })));
    const faker = fakers[at] as Faker;
    const { countryCode } = LOCALES[at] as (typeof LOCALES)[number];
    n += 1;
    const name = faker.company.name().replace(/,/g, '');
    const company = `${name}${pick.helpers.arrayElement(COMPANY_FORMS)}`;
    const companyDomain = `${ascii(name, 'company').slice(0, 20)}-${n}.example`;
    const employees = pick.number.int({ min: 2, max: 20_000 });
    const industry = pick.helpers.arrayElement(INDUSTRIES);
    const colleagues = pick.number.int({ min: 1, max: 5 });
    for (let c = 0; c < colleagues && made < options.count; c += 1) {
      const repeated = earlier.length > 0 && pick.datatype.boolean({ probability: 0.025 });
      if (repeated) {
        const person = pick.helpers.arrayElement(earlier.filter((p) => p.email !== ''));
        if (person) {
          made += 1;
          yield { ...person, email: person.email.toUpperCase(), repeat: true };
          continue;
        }
      }
      const firstName = faker.person.firstName();
      const lastName = faker.person.lastName();
      const local = `${ascii(firstName, 'p')}.${ascii(lastName, String(made))}${made}`;
      const person: ExportPerson = {
        firstName,
        lastName,
        email: pick.datatype.boolean({ probability: 0.1 }) ? '' : `${local}@${companyDomain}`,
        title: pick.helpers.arrayElement(TITLES),
        phone: `+${pick.number.int({ min: 1, max: 89 })} ${pick.string.numeric(3)} ${pick.string.numeric(4)}`,
        mobile: `+${pick.number.int({ min: 1, max: 89 })} ${pick.string.numeric(9)}`,
        linkedinUrl: `http://www.linkedin.com/in/${local.replace('.', '-')}`,
        city: faker.location.city(),
        region: faker.location.state(),
        country: COUNTRY_NAMES[countryCode] as string,
        countryCode,
        company,
        companyDomain,
        employees,
        industry,
        seniority: pick.helpers.arrayElement(SENIORITIES),
        department: pick.helpers.arrayElement(DEPARTMENTS),
        stage: pick.helpers.arrayElement(STAGES),
        lastContacted: pick.date.between({ from: '2024-01-01', to: '2025-12-31' }).toISOString().slice(0, 10),
        repeat: false,
      };
      earlier.push(person);
      made += 1;
      yield person;
    }
  }
}

/** Quotes a cell as RFC 4180 says, when it holds `,`, `"` or a line break. */
export function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file: the header and one line per row, `\r\n` between, as the exporting tools write. */
export function csvText(header: readonly string[], rows: Iterable<ReadonlyArray<string | number>>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
