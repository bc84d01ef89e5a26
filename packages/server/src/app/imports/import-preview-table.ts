import type { ImportInspection, MappingTarget } from '../../import/index.js';
import { html, type SafeHtml } from '../shared/html.js';

type PreviewRow = ImportInspection['preview'][number];

function rowResult(row: PreviewRow): SafeHtml {
  if (row.errors.length > 0) return html`<span class="status bad">Will be rejected</span>`;
  if (row.duplicate) return html`<span class="status wait">Duplicate</span>`;
  return html`<span class="status ok">OK</span>`;
}

function previewCell(row: PreviewRow, target: MappingTarget, label: string): SafeHtml {
  const errors = row.errors.filter((e) => (e.field as string | null) === target);
  const value = (row.values as Partial<Record<string, string>>)[target];
  return html`<td data-label="${label}" class="wrap${errors.length ? ' invalid' : ''}">${
    value ?? html`<span class="hint">—</span>`
  }${errors.map((e) => html`<span class="field-error">${e.message}</span>`)}</td>`;
}

/**
 * The preview of the first rows as they would be imported: the line, the result (OK, duplicate or rejected, with
 * why) and then each field filled, once per field however many columns combine into it. The result comes second
 * so that it is in view at 1280 px however many columns the file has; the table scrolls inside its own box,
 * never the page.
 *
 * @param labelOf a target's name on the page (`Contact name`, a custom field's label)
 */
export function previewTable(
  inspection: Pick<ImportInspection, 'mapping' | 'preview'>,
  labelOf: (target: MappingTarget) => string,
): SafeHtml {
  const targets = [...new Set(inspection.mapping.filter((t): t is MappingTarget => t !== null))];
  if (inspection.preview.length === 0) return html`<p>The file has no data rows below its header.</p>`;
  // A scroll box is a stop of the tab order with a name, so a keyboard can scroll it (WCAG 2.1.1; axe
  // scrollable-region-focusable).
  return html`<div class="scroll" role="region" tabindex="0" aria-labelledby="preview-caption"><table class="stack preview"><caption id="preview-caption">First ${inspection.preview.length} rows as they would be imported</caption>
<thead><tr><th scope="col">Line</th><th scope="col">Result</th>${targets.map((t) => html`<th scope="col">${labelOf(t)}</th>`)}</tr></thead>
<tbody>${inspection.preview.map(
    (
      row,
    ) => html`<tr${row.errors.length ? html` class="rejected"` : row.duplicate ? html` class="duplicate"` : ''}>
  <td data-label="Line">${row.line}</td>
  <td data-label="Result" class="result">${rowResult(row)}${row.errors
    .filter((e) => e.field === null)
    .map((e) => html`<span class="field-error">${e.message}</span>`)}${
    row.duplicate ? html`<span class="hint">It matches a prospect already in this workspace.</span>` : ''
  }</td>
  ${targets.map((t) => previewCell(row, t, labelOf(t)))}
</tr>`,
  )}</tbody></table></div>`;
}
