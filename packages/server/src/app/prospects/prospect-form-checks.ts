import type { Sql } from '../../db/database.js';
import { findProspectByContactEmail, getProspect } from '../../store/prospects.js';
import type { FormBody } from '../shared/form-body.js';
import { describeWebAddressChanges, normalizeWebAddresses } from './normalize-web-addresses.js';
import { readProspectForm } from './prospect-form.js';
import type { DuplicateEmail } from './prospect-form-page.js';

/**
 * The add or edit form as sent (`readProspectForm`), with its web addresses tidied where the intent is plain
 * (`normalizeWebAddresses`), and `said(saved)`: the sentence that tells what was changed, for the form itself
 * (`saved: false`) or the next page's message (`saved: true`), `undefined` when nothing was.
 */
export function readTidiedProspectForm(body: FormBody | undefined) {
  const { values: typed, ...rest } = readProspectForm(body);
  const { values, changes } = normalizeWebAddresses(typed);
  const said = (saved: boolean) =>
    changes.length > 0 ? describeWebAddressChanges(changes, { saved }) : undefined;
  return { ...rest, values, said };
}

/**
 * The workspace's prospect that already has this contact email (openapi.yaml `ContactEmail`; compared as the
 * inbox matches senders, ignoring case; the oldest when several have it), which the add form warns about before
 * a second one is added. The API itself accepts a second prospect with the same email.
 *
 * @param options.email the body's `contact_email` as the form sends it (`null` or blank: none)
 */
export async function existingContactEmail(
  db: Sql,
  options: { workspaceId: string; email: unknown },
): Promise<DuplicateEmail | undefined> {
  const { workspaceId, email } = options;
  if (typeof email !== 'string' || email.trim() === '') return undefined;
  const found = await findProspectByContactEmail(db, workspaceId, email.trim());
  const prospect = found && (await getProspect(db, workspaceId, found.id));
  if (!prospect) return undefined;
  return {
    id: prospect.id,
    company: prospect.company,
    contactName: prospect.contact_name,
    email: prospect.contact_email ?? email.trim(),
  };
}
