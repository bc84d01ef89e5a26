import type { Request, Response } from 'express';
import type { AuditActor } from '../../store/audit-log.js';
import type { Person } from '../../store/people.js';

/** The signed-in person as the author of a change: who (name and address) and from which client address. */
export function auditActor(req: Request, res: Response): AuditActor {
  const person = res.locals.person as Person;
  return {
    personId: person.id,
    label: person.name ? `${person.name} <${person.email}>` : person.email,
    ip: req.ip ?? null,
  };
}
