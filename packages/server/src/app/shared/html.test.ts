import { describe, expect, it } from 'vitest';
import { html, SafeHtml } from './html.js';

describe('html', () => {
  it.each([
    ['text', '<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['ampersand and quotes', `Tom & "Jerry's"`, '<p>Tom &amp; &quot;Jerry&#39;s&quot;</p>'],
    ['number', 42, '<p>42</p>'],
    ['null', null, '<p></p>'],
    ['undefined', undefined, '<p></p>'],
    ['false', false, '<p></p>'],
    ['true', true, '<p></p>'],
    ['list of text', ['<a>', '<b>'], '<p>&lt;a&gt;&lt;b&gt;</p>'],
  ] as const)('escapes interpolated %s', (_name, given, want) => {
    expect(html`<p>${given}</p>`.value).toBe(want);
  });

  it('escapes values inside quoted attributes so they cannot close the attribute', () => {
    const value = '" onmouseover="alert(1)';
    expect(html`<input value="${value}">`.value).toBe('<input value="&quot; onmouseover=&quot;alert(1)">');
  });

  it('keeps markup made by html itself, alone or in lists, and escapes what is inside it once', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(inner).toBeInstanceOf(SafeHtml);
    expect(html`<p>${inner}</p>`.value).toBe('<p><b>&lt;i&gt;</b></p>');
    expect(html`<ul>${['a', '<b>'].map((x) => html`<li>${x}</li>`)}</ul>`.value).toBe(
      '<ul><li>a</li><li>&lt;b&gt;</li></ul>',
    );
  });

  it('does not treat a plain object that looks like SafeHtml as markup', () => {
    const forged = { value: '<script>' } as unknown as string;
    expect(html`${forged}`.value).toBe('[object Object]');
  });
});
