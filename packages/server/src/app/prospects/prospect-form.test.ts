import { describe, expect, it } from 'vitest';
import { prospectBody, prospectFormValues, readProspectForm } from './prospect-form.js';

describe('the prospect form', () => {
  it('leaves empty tag boxes out, and shows one empty box after the tags (one more per "Add another tag")', () => {
    expect(readProspectForm({ company: 'Acme', tags: ['a', '', ' ', 'b'] })).toMatchObject({
      values: { company: 'Acme', tags: ['a', 'b'], blankTags: 1 },
      addTag: false,
    });
    expect(readProspectForm({ tags: ['a', '', ''], intent: 'add-tag' }).values.blankTags).toBe(3);
    expect(readProspectForm({ tags: 'a', intent: 'add-tag' }).values).toMatchObject({
      tags: ['a'],
      blankTags: 1,
    });
    expect(readProspectForm(undefined).values).toMatchObject({ company: '', tags: [], blankTags: 1 });
  });

  it('stands for the API body with every field: an empty box is null, text as typed (the API trims)', () => {
    const { values } = readProspectForm({
      company: ' Acme ',
      domain: '',
      website: ' ',
      contact_email: 'ada@acme.example ',
      tags: ['x', ''],
    });
    expect(prospectBody(values)).toEqual({
      company: ' Acme ',
      domain: null,
      website: null,
      location: null,
      contact_name: null,
      contact_email: 'ada@acme.example ',
      owner_id: null,
      notes: null,
      tags: ['x'],
    });
  });

  it('fills the edit form with a prospect, null as an empty box', () => {
    const values = prospectFormValues({
      id: 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
      company: 'Acme',
      domain: 'acme.example',
      website: null,
      location: null,
      contact_name: null,
      contact_email: null,
      notes: 'hi',
      tags: ['a'],
      owner_id: null,
      outcome: null,
      created_at: '2026-11-22T09:30:00.000Z',
      updated_at: '2026-11-22T09:30:00.000Z',
    });
    expect(values).toMatchObject({
      company: 'Acme',
      domain: 'acme.example',
      website: '',
      notes: 'hi',
      tags: ['a'],
    });
  });
});
