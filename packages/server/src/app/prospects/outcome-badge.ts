import type { OutcomeValue } from '@prospectkit/core';
import { html, type SafeHtml } from '../shared/html.js';

/** The badge colour of each outcome (`.status` classes of settings.css and prospects.css). */
const OUTCOME_CLASS: Record<OutcomeValue, string> = {
  Interested: 'info',
  'Not interested': 'off',
  'Meeting booked': 'wait',
  Won: 'ok',
  Lost: 'bad',
};

/** A prospect's outcome as a badge, or a muted "No outcome yet". */
export function outcomeBadge(outcome: OutcomeValue | null | undefined): SafeHtml {
  if (!outcome) return html`<span class="hint">No outcome yet</span>`;
  return html`<span class="status ${OUTCOME_CLASS[outcome]}">${outcome}</span>`;
}

/** The outcomes of the contract, in the order the form offers them. @see openapi.yaml `OutcomeValue` */
export const OUTCOMES = Object.keys(OUTCOME_CLASS) as OutcomeValue[];
