import type { CustomFieldDefinition } from '@prospectkit/core';
import { fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';

/** A control's id from its parameter name: `custom_fields_gte[seats]` → `custom_fields_gte-seats`. */
const idOf = (name: string) => name.replace('[', '-').replace(']', '');

/**
 * The list's filter controls for the workspace's custom fields, in the GET form beside the others, named as the
 * API's parameters (openapi.yaml `CustomFieldsFilter`, `CustomFieldsGte`, `CustomFieldsLte`), so the URL is the
 * API's query: a number or date field gets a from/to pair (`custom_fields_gte[key]`, `custom_fields_lte[key]`), a
 * select or checkbox field a select, a text, URL or email field a text box (equality). Empty: no filter.
 *
 * @param values the controls' values by parameter name (`readListFilterForm`'s `custom`)
 */
export function customFieldFilterControls(
  definitions: readonly CustomFieldDefinition[],
  values: Readonly<Record<string, string>>,
): SafeHtml {
  return html`${definitions.map((field) => {
    const eq = `custom_fields[${field.key}]`;
    const value = (name: string) => values[name] ?? '';
    const input = (name: string, label: string, type: string) =>
      html`<div class="field">
    <label for="${fieldId(idOf(name))}">${label}</label>
    <input id="${fieldId(idOf(name))}" name="${name}" type="${type}" value="${value(name)}"${type === 'number' ? html` step="any"` : ''}>
  </div>`;
    const select = (choices: ReadonlyArray<readonly [string, string]>) =>
      html`<div class="field">
    <label for="${fieldId(idOf(eq))}">${field.label}</label>
    <select id="${fieldId(idOf(eq))}" name="${eq}">${choices.map(
      ([v, text]) => html`<option value="${v}"${v === value(eq) ? html` selected` : ''}>${text}</option>`,
    )}</select>
  </div>`;
    switch (field.type) {
      case 'number':
      case 'date':
        return html`${input(`custom_fields_gte[${field.key}]`, `${field.label} from`, field.type)}
  ${input(`custom_fields_lte[${field.key}]`, `${field.label} to`, field.type)}`;
      case 'checkbox':
        return select([
          ['', 'Any'],
          ['true', 'Yes'],
          ['false', 'No'],
        ]);
      case 'single_select':
      case 'multi_select':
        return select([['', 'Any'], ...field.options.map((o) => [o, o] as const)]);
      default:
        return input(eq, field.label, 'text');
    }
  })}`;
}
