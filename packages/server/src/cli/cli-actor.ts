import type { AuditActor } from '../store/audit-log.js';

/** The author of a change made with the CLI, as the audit log records it: whoever runs it on the server. */
export const CLI_ACTOR: AuditActor = { personId: null, label: 'CLI', ip: null };
