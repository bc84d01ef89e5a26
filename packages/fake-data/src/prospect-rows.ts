import { base, de, en, es, Faker, fr, it, nl } from '@faker-js/faker';

/**
 * The generator's version: part of the name of every cache of generated data (the benchmark's database
 * `prospectkit_bench_<seed>_<version>`). Raise it whenever a change here, or an upgrade of the pinned
 * @faker-js/faker, changes what a seed gives, so no cache outlives the data it holds.
 */
export const FAKE_DATA_VERSION = 1;

/** One generated prospect: the contract's create-prospect fields (`openapi.yaml`, `createProspect`). */
export interface FakeProspect {
  /** Set only when `workspaceIds` was given: the workspace the row belongs to. */
  workspace_id?: string;
  company: string;
  domain: string | null;
  website: string | null;
  location: string | null;
  contact_name: string | null;
  contact_email: string | null;
  notes: string | null;
  tags: string[];
}

/** Options of {@link prospectRows}. */
export interface ProspectRowsOptions {
  /** Any integer; the same seed always gives the same rows, in the same order. */
  seed: number;
  /** How many rows to yield. */
  count: number;
  /** When given, each row gets a `workspace_id` picked from these (seeded, so uneven as real tenants are). */
  workspaceIds?: readonly string[];
}

// Mostly English-speaking prospects, and a share from elsewhere in Europe, so names and companies carry
// accents and local company forms (GmbH, SARL) as a real list of prospects does.
const LOCALES = [
  { weight: 70, locale: en, tld: 'co.uk' },
  { weight: 8, locale: de, tld: 'de' },
  { weight: 7, locale: fr, tld: 'fr' },
  { weight: 6, locale: es, tld: 'es' },
  { weight: 5, locale: it, tld: 'it' },
  { weight: 4, locale: nl, tld: 'nl' },
] as const;

const PROVIDERS = [
  { weight: 50, value: 'gmail.com' },
  { weight: 15, value: 'outlook.com' },
  { weight: 12, value: 'yahoo.com' },
  { weight: 8, value: 'hotmail.com' },
  { weight: 8, value: 'icloud.com' },
  { weight: 4, value: 'proton.me' },
  { weight: 3, value: 'aol.com' },
];

const TAGS = [
  'enterprise',
  'smb',
  'mid-market',
  'saas',
  'fintech',
  'healthcare',
  'retail',
  'logistics',
  'warm',
  'cold',
  'referral',
  'event',
  'inbound',
  'outbound',
  'partner',
  'priority',
  'emea',
  'apac',
  'americas',
  'renewal',
];

const EVENTS = ['SaaStr', 'Web Summit', 'a trade fair', 'a webinar', 'a meetup', 'a partner dinner'];

// Words of a company's name that its domain leaves out: legal forms and conjunctions.
const NOT_IN_DOMAIN = new Set(
  'and und et y e en inc llc ltd plc co group gmbh ag kg ohg sa sas sarl srl spa snc bv nv vof sl slu'.split(
    ' ',
  ),
);
const DOMAIN_SUFFIXES = ['labs', 'hq', 'tech', 'works', 'global', 'app', 'systems', 'digital'];

/** Lower-case ASCII words of `text`, accents dropped (`Müller & Söhne` gives `muller`, `sohne`). */
function asciiWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  );
}

function domainOf(faker: Faker, company: string, countryTld: string): string {
  const words = asciiWords(company).filter((w) => !NOT_IN_DOMAIN.has(w));
  const first = words[0] ?? faker.word.noun();
  const label =
    words.length >= 2
      ? `${first}${faker.datatype.boolean() ? '-' : ''}${words[1]}`
      : `${first}${faker.helpers.arrayElement(DOMAIN_SUFFIXES)}`;
  const tld = faker.helpers.weightedArrayElement([
    { weight: 60, value: 'com' },
    { weight: 8, value: 'io' },
    { weight: 6, value: 'co' },
    { weight: 5, value: 'net' },
    { weight: 4, value: 'org' },
    { weight: 17, value: countryTld },
  ]);
  return `${label}.${tld}`;
}

function emailOf(faker: Faker, first: string, last: string, domain: string | null): string {
  const f = asciiWords(first).join('') || 'contact';
  const l = asciiWords(last).join('') || 'contact';
  // Most contacts write from their company's domain; a fifth (and everyone at a company without a domain)
  // from a common provider, where the plain name is taken and a number tells people apart.
  if (domain !== null && faker.datatype.boolean({ probability: 0.8 })) {
    const local = faker.helpers.weightedArrayElement([
      { weight: 50, value: `${f}.${l}` },
      { weight: 20, value: `${f[0]}${l}` },
      { weight: 15, value: f },
      { weight: 10, value: `${f}_${l}` },
      { weight: 5, value: `${f}${l[0]}` },
    ]);
    return `${local}@${domain}`;
  }
  const separator = faker.helpers.arrayElement(['.', '', '_']);
  const number = faker.datatype.boolean({ probability: 0.6 }) ? String(faker.number.int(999)) : '';
  return `${f}${separator}${l}${number}@${faker.helpers.weightedArrayElement(PROVIDERS)}`;
}

function notesOf(faker: Faker, city: string): string {
  return faker.helpers.arrayElement([
    () => `Met at ${faker.helpers.arrayElement(EVENTS)} in ${city}.`,
    () => `Interested in how we ${faker.company.buzzPhrase().toLowerCase()}.`,
    () => `Referred by ${faker.person.fullName()}. Follow up in ${faker.date.month()}.`,
    () => `${faker.company.catchPhrase()}. Budget review in Q${faker.number.int({ min: 1, max: 4 })}.`,
    () =>
      `Asked for a demo for ${faker.number.int({ min: 2, max: 400 })} seats; decision with ${faker.person.jobTitle()}.`,
  ])();
}

function prospectOf(faker: Faker, countryTld: string): FakeProspect {
  const company = faker.company.name();
  const domain = faker.datatype.boolean({ probability: 0.9 }) ? domainOf(faker, company, countryTld) : null;
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const hasContact = faker.datatype.boolean({ probability: 0.9 });
  const city = faker.location.city();
  return {
    company,
    domain,
    website: domain !== null && faker.datatype.boolean({ probability: 0.6 }) ? `https://www.${domain}` : null,
    location: faker.datatype.boolean({ probability: 0.85 }) ? `${city}, ${faker.location.country()}` : null,
    contact_name: hasContact ? `${first} ${last}` : null,
    contact_email:
      hasContact && faker.datatype.boolean({ probability: 0.9 }) ? emailOf(faker, first, last, domain) : null,
    notes: faker.datatype.boolean({ probability: 0.4 }) ? notesOf(faker, city) : null,
    tags: faker.helpers.arrayElements(
      TAGS,
      faker.helpers.weightedArrayElement([
        { weight: 40, value: 0 },
        { weight: 30, value: 1 },
        { weight: 20, value: 2 },
        { weight: 10, value: 3 },
      ]),
    ),
  };
}

/**
 * Yields `count` realistic prospects, the same ones for the same seed: company names and domains, contacts
 * with emails on their company's domain or on common providers (gmail.com, outlook.com...), locations, tags
 * and notes, in English mostly and in five other European locales. A generator, so memory stays constant
 * however many rows are drawn (some 30,000 rows a second on one core).
 *
 * @param options.seed - any integer; the same seed gives the same rows
 * @param options.count - how many rows
 * @param options.workspaceIds - when given, each row's `workspace_id` is one of them, picked with the seed
 * @returns an iterator of {@link FakeProspect}; without `workspaceIds` each row is a valid `createProspect` body
 * @example
 * for (const row of prospectRows({ seed: 1, count: 3 })) console.log(row.company, row.contact_email);
 * @see openapi.yaml `createProspect` for the fields
 */
export function* prospectRows(options: ProspectRowsOptions): Generator<FakeProspect> {
  const fakers = LOCALES.map(({ weight, locale, tld }, index) => {
    const faker = new Faker({ locale: [locale, en, base] });
    faker.seed(options.seed * 31 + index);
    return { weight, value: { faker, tld } };
  });
  const picker = new Faker({ locale: [base] });
  picker.seed(options.seed);
  // A generator of its own, so the same seed gives the same prospects with or without `workspaceIds`.
  const tenants = new Faker({ locale: [base] });
  tenants.seed(options.seed * 31 + LOCALES.length);
  const workspaceIds = options.workspaceIds;
  for (let i = 0; i < options.count; i++) {
    const { faker, tld } = picker.helpers.weightedArrayElement(fakers);
    const row = prospectOf(faker, tld);
    if (workspaceIds !== undefined && workspaceIds.length > 0)
      yield { workspace_id: tenants.helpers.arrayElement(workspaceIds), ...row };
    else yield row;
  }
}
