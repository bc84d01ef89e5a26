import { describe, expect, it } from 'vitest';
import { composeContactName, type StoredContactName } from './contact-name.js';
import type { NormalizedProspectInput } from './prospect-input.js';

const stored = (
  contact_name: string | null,
  first: string | null,
  last: string | null,
): StoredContactName => ({
  contact_name,
  contact_first_name: first,
  contact_last_name: last,
});

describe('composeContactName', () => {
  it.each<
    [
      string,
      { input: NormalizedProspectInput; stored: StoredContactName | null; want: string | null | undefined },
    ]
  >([
    [
      'create: both parts',
      {
        input: { contact_first_name: 'Ada', contact_last_name: 'Lovelace' },
        stored: null,
        want: 'Ada Lovelace',
      },
    ],
    ['create: first only', { input: { contact_first_name: 'Ada' }, stored: null, want: 'Ada' }],
    ['create: last only', { input: { contact_last_name: '山田' }, stored: null, want: '山田' }],
    [
      'create: contact_name null is composed',
      { input: { contact_name: null, contact_first_name: 'Ada' }, stored: null, want: 'Ada' },
    ],
    [
      'create: contact_name sent wins',
      { input: { contact_name: 'Countess', contact_first_name: 'Ada' }, stored: null, want: 'Countess' },
    ],
    ['create: no parts, nothing composed', { input: { company: 'Acme' }, stored: null, want: undefined }],
    [
      'update: composed name follows the parts',
      {
        input: { contact_last_name: 'King' },
        stored: stored('Ada Lovelace', 'Ada', 'Lovelace'),
        want: 'Ada King',
      },
    ],
    [
      'update: null name is composed',
      { input: { contact_first_name: 'Ada' }, stored: stored(null, null, 'King'), want: 'Ada King' },
    ],
    [
      'update: a written name is kept',
      { input: { contact_last_name: 'King' }, stored: stored('Dr Ada', 'Ada', 'Lovelace'), want: undefined },
    ],
    [
      'update: contact_name sent (null) wins',
      {
        input: { contact_name: null, contact_first_name: 'Ada' },
        stored: stored(null, null, null),
        want: null,
      },
    ],
    [
      'update: clearing both parts clears a composed name',
      {
        input: { contact_first_name: null, contact_last_name: null },
        stored: stored('Ada Lovelace', 'Ada', 'Lovelace'),
        want: null,
      },
    ],
  ])('%s', (_name, { input, stored: current, want }) => {
    expect(composeContactName(input, current).contact_name).toBe(want);
  });
});
