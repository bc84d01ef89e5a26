import { describe, expect, it } from 'vitest';
import { readListFilterForm } from './list-filter-form.js';

describe('readListFilterForm', () => {
  it.each([
    [
      'empty controls are no filter',
      { tag: '', owner_id: '', outcome: '', sort: '', search: 'acme' },
      { search: 'acme' },
    ],
    [
      'dates become strict bounds around whole UTC days',
      { added_from: '2026-01-05', added_to: '2026-01-05' },
      { created_after: '2026-01-04T23:59:59.999Z', created_before: '2026-01-06T00:00:00.000Z' },
    ],
    ['a repeated tag stays a list, empties dropped', { tag: ['q4', '', 'emea'] }, { tag: ['q4', 'emea'] }],
    [
      'owner none and a sort',
      { owner_id: 'none', sort: 'company_asc' },
      { owner_id: 'none', sort: 'company_asc' },
    ],
    [
      'a date that is not one goes on for the API to refuse',
      { added_from: 'soon' },
      { created_after: 'soon' },
    ],
  ])('%s', (_name, query, api) => {
    expect(readListFilterForm(query).api).toEqual(api);
  });

  it("shows the dates of the API's own bounds, as the links carry them", () => {
    const { values } = readListFilterForm({
      created_after: '2026-01-04T23:59:59.999Z',
      created_before: '2026-01-06T00:00:00.000Z',
    });
    expect(values).toMatchObject({ added_from: '2026-01-05', added_to: '2026-01-05' });
  });
});
