import type { Prospect } from '@prospectkit/core';
import { describe, expect, it } from 'vitest';
import { prospectBody, prospectFormValues, readProspectForm } from './prospect-form.js';

const FIXTURE: Prospect = {
  id: 'prs_01JD3Z6X8Y9ABCDEFGHJKMNPQR',
  company: 'Acme',
  domain: null,
  website: null,
  location: null,
  contact_name: null,
  contact_email: null,
  contact_first_name: null,
  contact_last_name: null,
  contact_title: null,
  contact_phone: null,
  contact_profile_url: null,
  city: null,
  region: null,
  country: null,
  custom_fields: {},
  notes: null,
  tags: [],
  owner_id: null,
  outcome: null,
  created_at: '2026-11-22T09:30:00.000Z',
  updated_at: '2026-11-22T09:30:00.000Z',
};

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
      contact_first_name: null,
      contact_last_name: null,
      contact_name: null,
      contact_title: null,
      contact_email: 'ada@acme.example ',
      contact_phone: null,
      contact_profile_url: null,
      location: null,
      city: null,
      region: null,
      country: null,
      owner_id: null,
      notes: null,
      tags: ['x'],
    });
  });

  it('sends the composition of the first and last name for an empty contact name box', () => {
    const { values } = readProspectForm({
      company: 'Acme',
      contact_first_name: ' 山田 ',
      contact_last_name: 'Tarō',
    });
    expect(prospectBody(values)).toMatchObject({ contact_name: '山田 Tarō', contact_first_name: ' 山田 ' });
    const written = readProspectForm({ company: 'Acme', contact_first_name: 'Ada', contact_name: 'Dr Ada' });
    expect(prospectBody(written.values)).toMatchObject({ contact_name: 'Dr Ada' });
  });

  it('shows a composed contact name as an empty box, a written one as written', () => {
    const base = prospectFormValues();
    expect(base.contact_name).toBe('');
    const fixture = {
      ...FIXTURE,
      contact_first_name: 'Ada',
      contact_last_name: 'Lovelace',
    };
    expect(prospectFormValues({ ...fixture, contact_name: 'Ada Lovelace' }).contact_name).toBe('');
    expect(prospectFormValues({ ...fixture, contact_name: 'Countess' }).contact_name).toBe('Countess');
  });

  it('fills the edit form with a prospect, null as an empty box', () => {
    const values = prospectFormValues({
      ...FIXTURE,
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
