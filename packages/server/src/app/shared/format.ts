import { html, type SafeHtml } from './html.js';

/** `2026-11-22 14:03 UTC`: the settings pages show every time in UTC, to the minute. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A `<time>` element for a date, or an em dash for none. */
export function timeTag(date: Date | null | undefined, empty = '—'): SafeHtml {
  return date ? html`<time datetime="${date.toISOString()}">${formatUtc(date)}</time>` : html`${empty}`;
}

/** `YYYY-MM-DD` of a date in UTC, the value format of `<input type="date">`. */
export function utcDateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `YYYY-MM-DDTHH:MM` of a date in UTC, the value format of `<input type="datetime-local">`. */
export function utcMinute(date: Date): string {
  return date.toISOString().slice(0, 16);
}
