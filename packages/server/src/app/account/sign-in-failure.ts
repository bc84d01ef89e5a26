import type { Request } from 'express';
import type { Sql } from '../../db/database.js';
import { recordAudit } from '../../store/audit-log.js';
import type { Person } from '../../store/people.js';

/**
 * Records a refused sign-in in the audit log (no workspace: it shows on the audit page of each workspace the
 * person belongs to). For an unknown address nothing typed is kept: people type passwords into the address field.
 *
 * @param reason what was wrong, e.g. `password`, `code`, `passkey`
 */
export async function recordSignInFailure(
  db: Sql,
  req: Request,
  input: { person: Pick<Person, 'id' | 'email'> | undefined; reason: string; now: Date },
): Promise<void> {
  await recordAudit(db, {
    workspaceId: null,
    actor: {
      personId: null,
      label: input.person ? input.person.email : 'an unknown address',
      ip: req.ip ?? null,
    },
    action: 'sign_in.failed',
    ...(input.person ? { target: { type: 'person', id: input.person.id, label: input.person.email } } : {}),
    detail: `wrong ${input.reason}`,
    now: input.now,
  });
}
