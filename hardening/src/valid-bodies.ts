import fc from 'fast-check';
import type { ContractChecker } from './contract.js';

// Valid request bodies, drawn from the contract's schemas: what the fuzzed requests send when no fault is injected.

/** A text that survives trimming: a visible first character, then anything (up to `max` graphemes). */
const text = (max: number) =>
  fc
    .tuple(
      fc.constantFrom('A', 'z', '7', 'Ω', 'Ä', '東', '😀', '\u05d0'),
      fc.string({ maxLength: max, unit: 'grapheme' }),
    )
    .map(([first, rest]) => first + rest);

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 5 });

const tag = fc
  .tuple(fc.constantFrom('a', 'B', 'vip', 'emea', 'ü'), fc.string({ maxLength: 20 }))
  .map(([first, rest]) => (first + rest).slice(0, 50));

/** RFC 3339 date-times the contract's `MeetingAt` accepts, with and without offsets, plus edge values. */
const meetingAt = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('9999-12-30T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.date({
          min: new Date('1971-01-01T00:00:00Z'),
          max: new Date('9998-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -14, max: 14 }),
        fc.constantFrom('00', '30', '45'),
      )
      .map(([d, h, m]) => {
        const sign = h < 0 ? '-' : '+';
        return `${d.toISOString().slice(0, 19)}${sign}${String(Math.abs(h)).padStart(2, '0')}:${m}`;
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2016-12-31T23:59:60Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '2026-02-28T12:00:00.123456789Z',
      '2026-06-01t10:00:00z',
      '2026-06-01T10:00:00-00:00',
      '1969-12-31T23:59:59Z',
    ),
  },
);

/** Prospect bodies that pass `ProspectCreate` (or `ProspectUpdate`), Unicode and edge values included. */
export function prospectFields(checker: ContractChecker, create: boolean) {
  const fields = {
    company: text(40),
    domain: optional(fc.domain()),
    website: optional(
      fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }),
    ),
    location: optional(fc.string({ maxLength: 80 })),
    contact_name: optional(text(40)),
    contact_email: optional(fc.emailAddress()),
    notes: optional(fc.string({ maxLength: 400, unit: 'grapheme' })),
    tags: optional(fc.uniqueArray(tag, { maxLength: 12, selector: (t) => t.trim() })),
    owner_id: optional(fc.string({ maxLength: 64 })),
  };
  const schema = checker.schema(create ? 'ProspectCreate' : 'ProspectUpdate');
  return fc
    .record(fields, { requiredKeys: create ? ['company'] : [] })
    .filter((body) => schema(body) === true) as fc.Arbitrary<Record<string, unknown>>;
}

/** Outcome bodies that pass `RecordOutcomeRequest` and always merge into a consistent state (201). */
export function outcomeBody(checker: ContractChecker) {
  const schema = checker.schema('RecordOutcomeRequest');
  // value_minor and currency travel together so the merged state is always consistent (201, never 422).
  const value = fc.oneof(
    fc.constant({}),
    fc.constant({ value_minor: null, currency: null }),
    fc.record({
      value_minor: fc.oneof(fc.maxSafeNat(), fc.integer({ min: 0, max: 1_000_000 })),
      currency: fc.stringMatching(/^[A-Z]{3}$/),
    }),
  );
  return fc
    .tuple(
      fc.record(
        {
          outcome: optional(fc.constantFrom('Interested', 'Not interested', 'Meeting booked', 'Won', 'Lost')),
          meeting_at: optional(meetingAt),
        },
        { requiredKeys: [] },
      ),
      value,
    )
    .map(([a, b]) => ({ ...a, ...b }) as Record<string, unknown>)
    .filter((body) => Object.keys(body).length > 0 && schema(body) === true);
}
