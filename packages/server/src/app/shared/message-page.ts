import { html } from './html.js';
import type { Page } from './render.js';

/** A page that only explains something: not found, a refused form, an error. Never shows error details. */
export function messagePage(title: string, text: string, link = { href: '/', label: 'Go to the app' }): Page {
  return { title, body: html`<p>${text}</p><p><a href="${link.href}">${link.label}</a></p>` };
}
