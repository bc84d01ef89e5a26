/** How much of a message's HTML part is kept, and how deep its elements may nest. */
export interface EmailHtmlLimits {
  /** `PROSPECTKIT_MAIL_HTML_MAX_CHARS`: characters of the HTML part kept. Default 500,000. */
  maxChars: number;
  /** `PROSPECTKIT_MAIL_HTML_MAX_DEPTH`: elements open at once. Default 128. */
  maxDepth: number;
}

/** The defaults of {@link EmailHtmlLimits}: far above real mail (templates nest tables 20 to 40 deep). */
export const DEFAULT_EMAIL_HTML_LIMITS: Readonly<EmailHtmlLimits> = { maxChars: 500_000, maxDepth: 128 };

/** Elements that never hold content: a start tag opens no level. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements the HTML parser closes when a sibling opens (li after li, td after td): a run of them does not nest. */
const IMPLIED_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
]);

const isNameChar = (c: number) =>
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2d ||
  c === 0x3a;

/**
 * Cuts a message's HTML part to the limits before anything parses it. htmlparser2, under sanitize-html and
 * html-to-text, keeps its open elements at the front of an array, so its work grows with the square of the
 * nesting depth: 333,000 unclosed `<b>` (1 MB) took 38 s (issue 24). This is one linear pass that follows what
 * htmlparser2 builds (mailparser guards its html-to-text call with the same walk): a start tag opens an element,
 * an end tag closes down to the nearest open element of its name and is ignored otherwise, comments are skipped.
 * The HTML is cut at the first start tag past `maxDepth`, or at `maxChars`.
 *
 * @param html the HTML part as received
 * @returns the kept HTML, and why it was cut (`'size'` or `'depth'`), or `undefined` when it is whole
 * @example
 * cutEmailHtml('<b>'.repeat(1000), { maxChars: 500_000, maxDepth: 128 }); // { html: '<b>' x 128, cut: 'depth' }
 */
export function cutEmailHtml(
  html: string,
  limits: Readonly<EmailHtmlLimits> = DEFAULT_EMAIL_HTML_LIMITS,
): { html: string; cut: 'size' | 'depth' | undefined } {
  const sized = html.length > limits.maxChars ? html.slice(0, limits.maxChars) : html;
  const stack: string[] = [];
  const open = new Map<string, number>();
  let i = sized.indexOf('<');
  while (i >= 0) {
    let pos = i + 1;
    if (sized.startsWith('!--', pos)) {
      const end = sized.indexOf('-->', pos + 3);
      i = end < 0 ? -1 : sized.indexOf('<', end + 3);
      continue;
    }
    const closing = sized.charCodeAt(pos) === 0x2f;
    if (closing) pos += 1;
    const nameStart = pos;
    while (pos < sized.length && isNameChar(sized.charCodeAt(pos))) pos += 1;
    if (pos === nameStart) {
      i = sized.indexOf('<', pos);
      continue;
    }
    const name = sized.slice(nameStart, pos).toLowerCase();
    const end = sized.indexOf('>', pos);
    if (end < 0) break;
    if (!VOID.has(name) && !IMPLIED_END.has(name)) {
      if (!closing) {
        if (stack.length >= limits.maxDepth) return { html: sized.slice(0, i), cut: 'depth' };
        stack.push(name);
        open.set(name, (open.get(name) ?? 0) + 1);
      } else if (open.get(name)) {
        let popped: string | undefined;
        do {
          popped = stack.pop() as string;
          open.set(popped, (open.get(popped) ?? 1) - 1);
        } while (popped !== name);
      }
    }
    i = sized.indexOf('<', end + 1);
  }
  return { html: sized, cut: sized.length < html.length ? 'size' : undefined };
}
