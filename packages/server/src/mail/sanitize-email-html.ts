import sanitizeHtml from 'sanitize-html';

/**
 * An email's HTML part made safe to show inside a settings page, by sanitize-html: only formatting tags
 * (paragraphs, lists, tables, links, emphasis) survive; scripts, styles, event handlers (`onerror=`), forms,
 * frames and images (remote images track the reader) are removed; links keep http(s) and mailto only and open
 * without a referrer.
 *
 * @param html the message's HTML part, as received
 * @returns markup with nothing executable in it
 * @example
 * sanitizeEmailHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // '<p>Hi</p>'
 * @see docs/architecture.md, "Mail"
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'a',
      'b',
      'blockquote',
      'br',
      'code',
      'div',
      'em',
      'h1',
      'h2',
      'h3',
      'h4',
      'hr',
      'i',
      'li',
      'ol',
      'p',
      'pre',
      'span',
      'strong',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'tr',
      'u',
      'ul',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
    },
  });
}
