import sanitizeHtml from 'sanitize-html';
import { cutEmailHtml, DEFAULT_EMAIL_HTML_LIMITS, type EmailHtmlLimits } from './cut-email-html.js';

/** A message's HTML part as it is stored and shown: sanitised, and a note when it was cut. */
export interface SanitizedEmailHtml {
  /** Markup with nothing executable in it (see {@link sanitizeEmailHtml}). */
  html: string;
  /** Why the formatted version is not whole, for the reader (never hidden); `null` when it is. */
  note: string | null;
}

const NOTES = {
  size: (limits: EmailHtmlLimits) =>
    `The formatted version was cut after ${limits.maxChars.toLocaleString('en-US')} characters; the text part holds the message.`,
  depth: (limits: EmailHtmlLimits) =>
    `The formatted version was cut where its elements nest more than ${limits.maxDepth} levels deep; the text part holds the message.`,
};

/**
 * An email's HTML part made safe to show, by sanitize-html, once, when the message arrives (in the mail worker,
 * off the event loop), after {@link cutEmailHtml} bounds its size and nesting so the work is bounded too. Only
 * formatting tags
 * (paragraphs, lists, tables, links, emphasis) survive; scripts, styles, event handlers (`onerror=`), forms,
 * frames and images (remote images track the reader) are removed; links keep http(s) and mailto only and open
 * without a referrer.
 *
 * @param html the message's HTML part, as received
 * @param limits size and nesting kept. Default {@link DEFAULT_EMAIL_HTML_LIMITS}
 * @returns markup with nothing executable in it, and a note when it was cut
 * @example
 * sanitizeEmailHtml('<p onclick="x()">Hi<script>alert(1)</script></p>'); // { html: '<p>Hi</p>', note: null }
 * @see docs/architecture.md, "Mail"
 */
export function sanitizeEmailHtml(
  html: string,
  limits: Readonly<EmailHtmlLimits> = DEFAULT_EMAIL_HTML_LIMITS,
): SanitizedEmailHtml {
  const kept = cutEmailHtml(html, limits);
  return { html: sanitize(kept.html), note: kept.cut ? NOTES[kept.cut](limits) : null };
}

function sanitize(html: string): string {
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
