import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email-html.js';

describe('sanitizeEmailHtml', () => {
  it.each<[string, { given: string; want: string }]>([
    ['a script', { given: '<p>Hi<script>alert(1)</script></p>', want: '<p>Hi</p>' }],
    ['an event handler', { given: '<p onclick="x()">Hi</p>', want: '<p>Hi</p>' }],
    ['an image with onerror', { given: '<img src="x" onerror="alert(1)">Hi', want: 'Hi' }],
    [
      'a javascript: link',
      {
        given: '<a href="javascript:alert(1)">x</a>',
        want: '<a rel="noopener noreferrer nofollow" target="_blank">x</a>',
      },
    ],
    ['a style element', { given: '<style>body{display:none}</style>Hi', want: 'Hi' }],
    ['an iframe', { given: '<iframe src="https://evil.example"></iframe>Hi', want: 'Hi' }],
    ['a form', { given: '<form action="https://evil.example"><input name="p"></form>Hi', want: 'Hi' }],
    [
      'formatting',
      {
        given: '<p><b>Bold</b> <em>and</em> <a href="https://example.com">a link</a></p>',
        want: '<p><b>Bold</b> <em>and</em> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">a link</a></p>',
      },
    ],
  ])('removes or keeps %s', (_name, { given, want }) => {
    expect(sanitizeEmailHtml(given)).toEqual({ html: want, note: null });
  });

  it('cuts what nests too deep or runs too long before sanitising, and says so', () => {
    const deep = sanitizeEmailHtml(`<p>Hi</p>${'<b>'.repeat(333_000)}`, {
      maxChars: 1_000_000,
      maxDepth: 128,
    });
    expect(deep.html).toBe(`<p>Hi</p>${'<b>'.repeat(128)}${'</b>'.repeat(128)}`);
    expect(deep.note).toMatch(/nest more than 128 levels deep/);
    const long = sanitizeEmailHtml(`<p>${'x'.repeat(1000)}</p>`, { maxChars: 100, maxDepth: 128 });
    expect(long.html).toBe(`<p>${'x'.repeat(97)}</p>`);
    expect(long.note).toMatch(/cut after 100 characters/);
  });
});
