import {
  CUSTOM_FIELD_KEY,
  CUSTOM_FIELD_OPTION_LIMIT,
  CUSTOM_FIELD_TYPES,
  type CustomFieldDefinition,
  type CustomFieldType,
} from '@prospectkit/core';
import { type FormBody, textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';

/** What the Add a field form shows for each type, in the order it offers them. */
export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  url: 'URL',
  email: 'Email',
  single_select: 'Single select',
  multi_select: 'Multi select',
  checkbox: 'Checkbox',
};

/** The Add a field form as typed. */
export interface CustomFieldFormValues {
  label: string;
  key: string;
  type: string;
  /** One option per line. */
  options: string;
}

/**
 * A key from a label: lower case letters, digits and `_`, starting with a letter, at most 40 characters
 * (core's `CUSTOM_FIELD_KEY`); accents are dropped (`Étape du cycle` → `etape_du_cycle`). Empty when the label
 * has no such character (a Japanese label gives `field_` plus nothing: the person types a key).
 *
 * @example keyFromLabel('Lifecycle Stage'); // 'lifecycle_stage'
 */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const key = /^[a-z]/.test(words) ? words : words === '' ? '' : `field_${words}`;
  return key.slice(0, 40).replace(/_+$/, '');
}

/**
 * Reads the Add a field form: the label (1-100 characters), the key (typed, or made from the label), the type,
 * and for a select its options (one per line, 1-50 distinct options of at most 255 characters).
 *
 * @returns the field to add, or the errors by form field
 * @see docs/prospects.md, "Custom fields"
 */
export function readCustomFieldForm(
  body: FormBody | undefined,
): { values: CustomFieldFormValues } & ({ field: CustomFieldDefinition } | { errors: FieldErrors }) {
  const values = {
    label: textOf(body, 'label'),
    key: textOf(body, 'key'),
    type: textOf(body, 'type'),
    options: textOf(body, 'options'),
  };
  const errors: FieldErrors = {};
  const label = values.label.trim();
  if (label === '') errors.label = 'Enter a label.';
  else if (label.length > 100) errors.label = 'Label must not be longer than 100 characters.';
  const key = values.key.trim() === '' ? keyFromLabel(label) : values.key.trim();
  if (!errors.label && !CUSTOM_FIELD_KEY.test(key))
    errors.key =
      'Key must start with a lower-case letter and hold only lower-case letters, digits and _, up to 40 characters.';
  const type = (CUSTOM_FIELD_TYPES as readonly string[]).includes(values.type)
    ? (values.type as CustomFieldType)
    : undefined;
  if (!type) errors.type = 'Choose a type.';
  const options = [
    ...new Set(
      values.options
        .split(/\r?\n/)
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    ),
  ];
  const select = type === 'single_select' || type === 'multi_select';
  if (select && options.length === 0) errors.options = 'Enter at least one option, one per line.';
  else if (select && options.length > CUSTOM_FIELD_OPTION_LIMIT)
    errors.options = `Enter at most ${CUSTOM_FIELD_OPTION_LIMIT} options.`;
  else if (select && options.some((o) => o.length > 255))
    errors.options = 'Each option must not be longer than 255 characters.';
  if (Object.keys(errors).length > 0 || !type) return { values, errors };
  return { values, field: { key, label, type, options: select ? options : [] } };
}
