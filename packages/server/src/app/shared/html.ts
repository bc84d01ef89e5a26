import { escape as escapeHtml } from 'html-escaper';

/** Markup that is already safe to send: built by {@link html}, never from user input by hand. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What a template may interpolate: text (escaped), safe markup, lists of either, or nothing. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function fragment(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(fragment).join('');
  if (value === null || value === undefined || value === false || value === true) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template for the settings pages: every interpolated value is HTML-escaped (`& < > ' "`, by
 * `html-escaper`) unless it is itself the result of `html`, so escaping is the default and raw markup needs
 * a deliberate nested template. `null`, `undefined` and booleans render nothing (`${cond && html`...`}`).
 * Attribute values must be quoted in the template.
 *
 * @example
 * html`<p title="${name}">${name}</p>`; // name = '<b>' renders &lt;b&gt; in both places
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += fragment(values[i]) + (strings[i + 1] as string);
  return new SafeHtml(out);
}
