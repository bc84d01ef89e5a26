import { describe, expect, it } from 'vitest';
import { getHeader, type WebhookHeaders } from './get-header.js';

describe('getHeader', () => {
  it.each<[string, { given: WebhookHeaders; want: string | undefined }]>([
    ['fetch Headers', { given: new Headers({ 'Service-Timestamp': '1' }), want: '1' }],
    [
      'fetch Headers, repeated',
      {
        given: new Headers([
          ['service-timestamp', '1'],
          ['Service-Timestamp', '2'],
        ]),
        want: '1, 2',
      },
    ],
    ['Node record (lower case)', { given: { 'service-timestamp': '1' }, want: '1' }],
    ['record, as written', { given: { 'Service-Timestamp': '1' }, want: '1' }],
    ['record, upper case', { given: { 'SERVICE-TIMESTAMP': '1' }, want: '1' }],
    ['record, array value', { given: { 'service-timestamp': ['1', '2'] }, want: '1,2' }],
    [
      'record, undefined value then a match',
      { given: { 'service-timestamp': undefined, 'Service-Timestamp': '3' }, want: '3' },
    ],
    ['absent', { given: { other: 'x' }, want: undefined }],
    ['not inherited', { given: Object.create({ 'service-timestamp': '1' }), want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(getHeader(given, 'service-timestamp')).toBe(want);
  });
});
