import { describe, expect, it } from 'vitest';
import { parseTimestamp } from './parse-timestamp.js';

const NOW = 1732240000;

describe('parseTimestamp', () => {
  it.each([
    ['now', { given: String(NOW), want: NOW }],
    ['300 s old', { given: String(NOW - 300), want: NOW - 300 }],
    ['300 s ahead', { given: String(NOW + 300), want: NOW + 300 }],
    ['leading zeros', { given: `00${NOW}`, want: NOW }],
  ])('accepts %s', (_name, { given, want }) => {
    expect(parseTimestamp(given, NOW, 300)).toBe(want);
  });

  it.each([
    ['301 s old', String(NOW - 301), 'timestamp_outside_tolerance'],
    ['301 s ahead', String(NOW + 301), 'timestamp_outside_tolerance'],
    ['zero', '0', 'timestamp_outside_tolerance'],
    ['empty', '', 'malformed_timestamp'],
    ['negative', `-${NOW}`, 'malformed_timestamp'],
    ['plus sign', `+${NOW}`, 'malformed_timestamp'],
    ['fraction', `${NOW}.0`, 'malformed_timestamp'],
    ['exponent', '1.73224e9', 'malformed_timestamp'],
    ['hex', '0x673FD900', 'malformed_timestamp'],
    ['13 digits (milliseconds)', `${NOW}000`, 'malformed_timestamp'],
    ['white space', `${NOW} `, 'malformed_timestamp'],
    ['Arabic-Indic digits', '١٧٣٢٢٤٠٠٠٠', 'malformed_timestamp'],
    ['an ISO date', '2024-11-22T01:46:40Z', 'malformed_timestamp'],
  ])('refuses %s', (_name, given, code) => {
    expect(() => parseTimestamp(given, NOW, 300)).toThrow(expect.objectContaining({ code }));
  });

  it.each([
    ['NaN (an invalid Date)', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses a clock that gives %s, rather than skipping the window', (_name, now) => {
    expect(() => parseTimestamp(String(NOW), now, 300)).toThrow(TypeError);
  });
});
