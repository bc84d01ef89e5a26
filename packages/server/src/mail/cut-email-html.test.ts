import { describe, expect, it } from 'vitest';
import { cutEmailHtml } from './cut-email-html.js';

const LIMITS = { maxChars: 60, maxDepth: 3 };

describe('cutEmailHtml', () => {
  it.each<[string, { given: string; want: { html: string; cut: 'size' | 'depth' | undefined } }]>([
    [
      'whole HTML',
      { given: '<p><b><i>x</i></b></p>', want: { html: '<p><b><i>x</i></b></p>', cut: undefined } },
    ],
    ['nesting past the limit', { given: '<b><b><b><b>x', want: { html: '<b><b><b>', cut: 'depth' } }],
    [
      'closed elements do not add up',
      {
        given: '<b></b><b></b><b></b><b></b>',
        want: { html: '<b></b><b></b><b></b><b></b>', cut: undefined },
      },
    ],
    [
      'an end tag of another name closes nothing',
      { given: '<b></i><b></i><b></i><b>', want: { html: '<b></i><b></i><b></i>', cut: 'depth' } },
    ],
    [
      'an end tag closes down to its element',
      { given: '<div><b><i></div><b><b><b><b>', want: { html: '<div><b><i></div><b><b><b>', cut: 'depth' } },
    ],
    [
      'void and implied-end elements do not nest',
      {
        given: '<br><br><li><li><li><li><td><td>',
        want: { html: '<br><br><li><li><li><li><td><td>', cut: undefined },
      },
    ],
    [
      'comments are skipped',
      { given: '<!-- <b><b><b><b> -->ok', want: { html: '<!-- <b><b><b><b> -->ok', cut: undefined } },
    ],
    [
      'a lone < is text',
      { given: 'a < b and <b>c</b>', want: { html: 'a < b and <b>c</b>', cut: undefined } },
    ],
    [
      'longer than the limit',
      { given: `<p>${'x'.repeat(100)}</p>`, want: { html: `<p>${'x'.repeat(57)}`, cut: 'size' } },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(cutEmailHtml(given, LIMITS)).toEqual(want);
  });

  it('cuts 333,000 unclosed tags (the 1 MB mail of the review) at the depth limit, reading it once', () => {
    const { html, cut } = cutEmailHtml('<b>'.repeat(333_000), { maxChars: 1_000_000, maxDepth: 128 });
    expect(cut).toBe('depth');
    expect(html).toBe('<b>'.repeat(128));
  });
});
