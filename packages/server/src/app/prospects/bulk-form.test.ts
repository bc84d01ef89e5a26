import { describe, expect, it } from 'vitest';
import { describeBulkAction, readBulkForm } from './bulk-form.js';

const ID = 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR';

describe('readBulkForm', () => {
  it('reads all matching (the filters, no ids) and ticked rows (ids, no query)', () => {
    expect(readBulkForm({ scope: 'all', query: 'tag=q4', action: 'add_tag', tag: ' emea ' })).toEqual({
      action: 'add_tag',
      value: 'emea',
      query: 'tag=q4',
      ids: null,
    });
    expect(readBulkForm({ scope: 'selected', id: [ID, ID], action: 'set_owner', owner: '' })).toEqual({
      action: 'set_owner',
      value: null,
      query: '',
      ids: [ID],
    });
  });

  it('refuses what the contract refuses, in words', () => {
    expect(readBulkForm({ scope: 'all', action: 'drop' })).toHaveProperty('problem');
    expect(readBulkForm({ scope: 'all', action: 'remove_tag', tag: '   ' })).toEqual({
      problem: 'Type the tag to add or remove.',
    });
    expect(readBulkForm({ scope: 'all', action: 'add_tag', tag: 'x'.repeat(51) })).toEqual({
      problem: expect.stringMatching(/Tag/),
    });
    expect(readBulkForm({ scope: 'all', action: 'set_owner', owner: 'o'.repeat(65) })).toEqual({
      problem: expect.stringMatching(/Owner/),
    });
    expect(readBulkForm({ scope: 'selected', action: 'add_tag', tag: 'q4' })).toEqual({
      problem: 'Tick the prospects to change, or choose all prospects matching the filters.',
    });
    expect(readBulkForm({ scope: 'selected', action: 'add_tag', tag: 'q4', id: 'tok_nope' })).toHaveProperty(
      'problem',
    );
  });

  it('describes a change', () => {
    expect(describeBulkAction('set_owner', 'tm_1', 'Ada')).toBe('set the owner to Ada');
    expect(describeBulkAction('set_owner', null)).toBe('remove the owner');
    expect(describeBulkAction('remove_tag', 'q4')).toBe('remove the tag “q4”');
  });
});
