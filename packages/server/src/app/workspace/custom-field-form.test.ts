import { describe, expect, it } from 'vitest';
import { keyFromLabel, readCustomFieldForm } from './custom-field-form.js';

describe('the Add a field form', () => {
  it.each([
    ['Lifecycle Stage', 'lifecycle_stage'],
    ['Étape du cycle', 'etape_du_cycle'],
    ['# of employees', 'of_employees'],
    ['2024 budget', 'field_2024_budget'],
    ['部署', ''],
  ])('makes the key of %s: %s', (label, want) => {
    expect(keyFromLabel(label)).toBe(want);
  });

  it('reads a select with its options, one per line, blank lines and repeats dropped', () => {
    const read = readCustomFieldForm({
      label: 'Stage',
      type: 'single_select',
      options: 'Lead\r\n\r\nCustomer\nLead',
    });
    expect(read).toMatchObject({
      field: { key: 'stage', label: 'Stage', type: 'single_select', options: ['Lead', 'Customer'] },
    });
  });

  it('says what is missing, by field', () => {
    expect(readCustomFieldForm({ label: '部署', type: 'multi_select', options: '' })).toMatchObject({
      errors: {
        key: expect.stringContaining('lower-case letter'),
        options: 'Enter at least one option, one per line.',
      },
    });
    expect(readCustomFieldForm({ label: '', type: 'nope' })).toMatchObject({
      errors: { label: 'Enter a label.', type: 'Choose a type.' },
    });
  });
});
