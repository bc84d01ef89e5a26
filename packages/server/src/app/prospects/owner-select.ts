import type { Teammate } from '../../store/teammates.js';
import { fieldId } from '../shared/form-fields.js';
import { html, type SafeHtml } from '../shared/html.js';
import { settingsUrl } from '../shared/layout.js';

/**
 * The prospect form's owner: a select of the workspace's teammates, "No owner", and the current owner id when it
 * names no teammate (openapi.yaml `OwnerId`: the API accepts an id from another system), so saving keeps it.
 */
export function ownerSelect(input: {
  workspaceId: string;
  value: string;
  teammates: readonly Pick<Teammate, 'id' | 'name' | 'email'>[];
  error?: string | undefined;
}): SafeHtml {
  const id = fieldId('owner_id');
  const known = input.value === '' || input.teammates.some((t) => t.id === input.value);
  const option = (value: string, label: string) =>
    html`<option value="${value}"${value === input.value ? html` selected` : ''}>${label}</option>`;
  return html`<div class="field">
  <label for="${id}">Owner</label>
  <span class="hint" id="${id}-hint">A teammate of this workspace. <a href="${settingsUrl(input.workspaceId, '/teammates')}">Manage teammates</a>.</span>
  ${input.error && html`<span class="field-error" id="${id}-error">${input.error}</span>`}
  <select id="${id}" name="owner_id" aria-describedby="${id}-hint${input.error ? ` ${id}-error` : ''}"${
    input.error ? html` aria-invalid="true"` : ''
  }>
    ${option('', 'No owner')}
    ${input.teammates.map((t) => option(t.id, `${t.name} (${t.email})`))}
    ${!known && option(input.value, `Other owner: ${input.value}`)}
  </select>
</div>`;
}

/** How the prospect page names an owner: the teammate's name when the id is a teammate's, else the id. */
export function ownerName(
  ownerId: string | null,
  teammates: readonly Pick<Teammate, 'id' | 'name'>[],
): string | null {
  if (ownerId === null) return null;
  return teammates.find((t) => t.id === ownerId)?.name ?? ownerId;
}
