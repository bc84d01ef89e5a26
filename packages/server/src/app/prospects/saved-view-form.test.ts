import { describe, expect, it } from 'vitest';
import { readSavedViewForm } from './saved-view-form.js';

describe('readSavedViewForm', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'a name and the list query',
      { name: ' Q4 ', query: 'tag=q4&owner_id=none' },
      { name: 'Q4', query: 'tag=q4&owner_id=none' },
    ],
    [
      'page, cursor, unknown and empty parameters dropped',
      { name: 'a', query: 'page=3&cursor=x&utm=1&tag=&sort=oldest' },
      { name: 'a', query: 'sort=oldest' },
    ],
    [
      'custom field filters kept, a malformed one dropped',
      {
        name: 'big',
        query: 'custom_fields_gte%5Bseats%5D=10&custom_fields%5Bstage%5D=Demo&custom_fields%5BBad%5D=1',
      },
      { name: 'big', query: 'custom_fields_gte%5Bseats%5D=10&custom_fields%5Bstage%5D=Demo' },
    ],
    [
      'no name',
      { name: '  ', query: 'tag=q4' },
      { problem: 'Name the view in 1 to 100 characters to save it.' },
    ],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      { problem: 'Name the view in 1 to 100 characters to save it.' },
    ],
    [
      'a query over 2,000 characters',
      { name: 'a', query: `search=${'s'.repeat(2001)}` },
      { problem: 'This view has too many filters to save.' },
    ],
  ])('%s', (_name, body, want) => {
    expect(readSavedViewForm(body)).toEqual(want);
  });
});
