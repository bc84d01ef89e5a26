// Uploading a CSV file on a workspace's Import page (`/workspaces/:id/imports`, docs/importing.md), as the import
// tests do it: over HTTP as the page's multipart form, or in a browser through its file field.
import type { Page } from 'playwright-core';
import type { PageAnswer, SettingsClient } from './settings-client.js';

/** A file sent on the Import page: its name and its bytes (a string is sent as UTF-8). */
export interface UploadFile {
  name: string;
  content: string | Uint8Array<ArrayBuffer>;
}

/** One part of the Import page's multipart form: the CSRF token or the file. */
export type UploadPart = readonly ['_csrf', string] | readonly ['file', UploadFile];

/**
 * Sends the Import page's multipart form to `path`: its parts in the order given (the file as `text/csv`), with the
 * client's cookies, never following a redirect.
 */
export async function uploadParts(
  client: SettingsClient,
  path: string,
  parts: ReadonlyArray<UploadPart>,
): Promise<PageAnswer> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([value.content], { type: 'text/csv' }), value.name);
  }
  const response = await fetch(`${client.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    text: await response.text(),
    location: response.headers.get('location'),
  };
}

/** Uploads `file` on the Import page at `path` as the page's form sends it: the page's CSRF token first, then the file. */
export async function uploadCsv(client: SettingsClient, path: string, file: UploadFile): Promise<PageAnswer> {
  return uploadParts(client, path, [
    ['_csrf', await client.csrf(path)],
    ['file', file],
  ]);
}

/**
 * In a browser whose `page` shows an Import page: chooses `file` in its "CSV file" field, uploads it and waits for
 * the mapping page of the new import (`/imports/imp_...`).
 */
export async function uploadCsvInBrowser(page: Page, file: { name: string; csv: string }): Promise<void> {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.csv) });
  await page.getByRole('button', { name: 'Upload and map columns' }).click();
  await page.waitForURL(/\/imports\/imp_/);
}
