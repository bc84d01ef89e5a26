import fc from 'fast-check';

// Ways to break a request body so that the contract's validation refuses it (422), each with a name for the label.

/** Ways to make a prospect body fail the contract's schema or its trimming rules (422). */
export function breakProspect(create: boolean) {
  const long = (n: number) => fc.constant('x'.repeat(n));
  return fc.oneof(
    fc
      .record({
        key: fc.constantFrom('unknown', 'id', 'created_at', 'outcome', 'Company', ''),
        value: fc.jsonValue(),
      })
      .map(({ key, value }) => ({
        name: 'unknown-field',
        apply: (b: Record<string, unknown>) => ({ ...b, [key]: value }),
      })),
    fc
      .record({
        key: fc.constantFrom(
          'company',
          'domain',
          'website',
          'location',
          'contact_name',
          'contact_email',
          'notes',
          'tags',
          'owner_id',
        ),
        value: fc.oneof(
          fc.integer(),
          fc.boolean(),
          fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
          fc.double({ noNaN: true, noDefaultInfinity: true }),
        ),
      })
      .map(({ key, value }) => ({
        name: `wrong-type:${key}`,
        apply: (b: Record<string, unknown>) => ({ ...b, [key]: value }),
      })),
    fc
      .tuple(
        fc.constantFrom(
          ['company', 256],
          ['domain', 254],
          ['website', 2049],
          ['location', 256],
          ['contact_name', 256],
          ['contact_email', 255],
          ['notes', 10_001],
          ['owner_id', 65],
        ),
        fc.integer({ min: 0, max: 50 }),
      )
      .chain(([[key, n], extra]) =>
        long((n as number) + extra).map((value) => ({
          name: `too-long:${key}`,
          apply: (b: Record<string, unknown>) => ({
            ...b,
            [key as string]:
              key === 'website'
                ? `https://a.example/${value}`
                : key === 'contact_email'
                  ? `${value}@a.example`
                  : value,
          }),
        })),
      ),
    fc.constantFrom(
      { name: 'blank-company', apply: (b: Record<string, unknown>) => ({ ...b, company: ' \t\n ' }) },
      { name: 'empty-company', apply: (b: Record<string, unknown>) => ({ ...b, company: '' }) },
      { name: 'bad-email', apply: (b: Record<string, unknown>) => ({ ...b, contact_email: 'not-an-email' }) },
      {
        name: 'bad-website',
        apply: (b: Record<string, unknown>) => ({ ...b, website: 'ftp://files.example/x' }),
      },
      {
        name: 'relative-website',
        apply: (b: Record<string, unknown>) => ({ ...b, website: '/just/a/path' }),
      },
      { name: 'bad-domain', apply: (b: Record<string, unknown>) => ({ ...b, domain: '-bad-.example..' }) },
      { name: 'tags-duplicate', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['vip', 'vip'] }) },
      {
        name: 'tags-duplicate-after-trim',
        apply: (b: Record<string, unknown>) => ({ ...b, tags: ['vip', ' vip '] }),
      },
      { name: 'tags-blank', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['ok', '   '] }) },
      { name: 'tags-too-long', apply: (b: Record<string, unknown>) => ({ ...b, tags: ['t'.repeat(51)] }) },
      {
        name: 'tags-too-many',
        apply: (b: Record<string, unknown>) => ({
          ...b,
          tags: Array.from({ length: 51 }, (_, i) => `t${i}`),
        }),
      },
      { name: 'tags-not-strings', apply: (b: Record<string, unknown>) => ({ ...b, tags: [1, null, {}] }) },
      ...(create
        ? [
            {
              name: 'company-missing',
              apply: (b: Record<string, unknown>) => {
                const { company: _, ...rest } = b;
                return rest;
              },
            },
          ]
        : []),
      { name: 'company-null', apply: (b: Record<string, unknown>) => ({ ...b, company: null }) },
      { name: 'body-array', apply: () => [{ company: 'Acme' }] },
      { name: 'body-string', apply: () => 'Acme' },
      { name: 'body-number', apply: () => 42 },
      { name: 'body-null', apply: () => null },
    ),
  );
}

/** Ways to make an outcome body fail `RecordOutcomeRequest` or the outcome rules (422). */
export function breakOutcome() {
  return fc.constantFrom(
    { name: 'empty', apply: () => ({}) },
    { name: 'unknown-field', apply: (b: Record<string, unknown>) => ({ ...b, note: 'x' }) },
    { name: 'bad-outcome', apply: (b: Record<string, unknown>) => ({ ...b, outcome: 'won' }) },
    {
      name: 'bad-meeting',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-13-01T00:00:00Z' }),
    },
    {
      name: 'meeting-no-zone',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-06-01T10:00:00' }),
    },
    {
      name: 'meeting-year-0',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '0000-01-01T00:00:00Z' }),
    },
    {
      name: 'meeting-before-year-1-utc',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '0001-01-01T00:00:00+01:00' }),
    },
    {
      name: 'meeting-date-only',
      apply: (b: Record<string, unknown>) => ({ ...b, meeting_at: '2026-06-01' }),
    },
    { name: 'negative-value', apply: () => ({ value_minor: -1, currency: 'EUR' }) },
    { name: 'fractional-value', apply: () => ({ value_minor: 1.5, currency: 'EUR' }) },
    { name: 'huge-value', apply: () => ({ value_minor: 2 ** 53, currency: 'EUR' }) },
    { name: 'string-value', apply: () => ({ value_minor: '100', currency: 'EUR' }) },
    { name: 'lower-currency', apply: () => ({ value_minor: 100, currency: 'eur' }) },
    { name: 'long-currency', apply: () => ({ value_minor: 100, currency: 'EURO' }) },
    { name: 'value-without-currency', apply: () => ({ value_minor: 100, currency: null }) },
    { name: 'currency-without-value', apply: () => ({ value_minor: null, currency: 'EUR' }) },
    { name: 'body-array', apply: () => [] },
    { name: 'body-null', apply: () => null },
  );
}
