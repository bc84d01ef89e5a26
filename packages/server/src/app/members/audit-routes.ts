import express, { type Router } from 'express';
import { AUDIT_ACTIONS, type AuditAction, listAudit } from '../../store/audit-log.js';
import { listMembers } from '../../store/members.js';
import type { AppContext } from '../shared/app-context.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { render } from '../shared/render.js';
import { auditPage } from './audit-page.js';

const query = (value: unknown, max = 60) => (typeof value === 'string' ? value.slice(0, max) : '');

/** `GET /workspaces/:workspaceId/settings/audit`: the audit log with its filters and paging (admins and owners). */
export function auditRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  router.get('/', async (req, res) => {
    const workspaceId = currentWorkspace(res).id;
    const action = query(req.query.action);
    const actor = query(req.query.actor);
    const before = query(req.query.before);
    const known = (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : undefined;
    const page = await listAudit(ctx.db, {
      workspaceId,
      action: known,
      actorPersonId: actor || undefined,
      before: before || undefined,
      limit: 50,
    });
    render(
      req,
      res,
      auditPage({
        workspaceId,
        entries: page.data,
        members: await listMembers(ctx.db, workspaceId),
        action: known ?? '',
        actor,
        next: page.next,
      }),
    );
  });
  return router;
}
