import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './parse-retry-after.js';

const now = Date.parse('2026-10-21T07:28:00Z');

describe('parseRetryAfter', () => {
  it.each<[string, { given: string | null | undefined; want: number | undefined }]>([
    ['delta-seconds', { given: '30', want: 30_000 }],
    ['zero seconds', { given: '0', want: 0 }],
    ['seconds with white space', { given: ' 7 ', want: 7_000 }],
    ['IMF-fixdate one minute ahead', { given: 'Wed, 21 Oct 2026 07:29:00 GMT', want: 60_000 }],
    ['RFC 850 date', { given: 'Wednesday, 21-Oct-26 07:28:05 GMT', want: 5_000 }],
    // asctime carries no zone, so Date.parse reads it in local time; the expectation does the same.
    [
      'asctime date',
      { given: 'Wed Oct 21 07:28:10 2026', want: Math.max(0, Date.parse('Wed Oct 21 07:28:10 2026') - now) },
    ],
    ['date in the past gives 0', { given: 'Wed, 21 Oct 2026 07:00:00 GMT', want: 0 }],
    ['missing', { given: null, want: undefined }],
    ['undefined', { given: undefined, want: undefined }],
    ['empty', { given: '', want: undefined }],
    ['decimal seconds are not delta-seconds', { given: '1.5', want: undefined }],
    ['negative seconds', { given: '-5', want: undefined }],
    ['junk', { given: 'soon', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(parseRetryAfter(given, now)).toBe(want);
  });
});
