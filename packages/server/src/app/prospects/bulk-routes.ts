import express, { type Request, type Response, type Router } from 'express';
import { bulkFilters } from '../../bulk/bulk-scope.js';
import { resolveListFilters } from '../../prospects/resolve-list-filters.js';
import { withAudit } from '../../store/audit-log.js';
import { createBulkJob, getBulkJob } from '../../store/bulk-jobs.js';
import { listTeammates } from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { describeBulkAction, readBulkForm } from './bulk-form.js';
import { bulkJobPage, bulkJobUrl } from './bulk-job-page.js';

/**
 * Bulk changes of the prospect list, below `/workspaces/:workspaceId/prospects/bulk`: make one (POST, a change:
 * `AREA_RULES.prospects.change`, members and up, as editing a prospect; viewers get 403), its page and its
 * progress (any role that reads prospects). A change is a job (`bulk_jobs`, migration 21) that the background
 * work's bulk runner carries out in batches; it is written to the audit log (`prospects.bulk_changed`) with the
 * number of rows it acts on. docs/bulk-actions.md.
 */
export function bulkRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  const wsId = (res: Response) => currentWorkspace(res).id;
  const ownerNameOf = async (res: Response, ownerId: string | null) =>
    ownerId === null
      ? undefined
      : (await listTeammates(ctx.db, { workspaceId: wsId(res) })).find((t) => t.id === ownerId)?.name;

  router.post('/', async (req: Request, res: Response) => {
    const body = req.body as Record<string, unknown>;
    const form = readBulkForm(body);
    const back = typeof body.back === 'string' && body.back.length <= 2_000 ? body.back : '';
    const list = workspaceUrl(wsId(res), `/prospects${back ? `?${back}` : ''}`);
    if ('problem' in form) return redirectWithFlash(req, res, list, { text: form.problem, tone: 'warning' });
    const parsed = bulkFilters(form.query);
    const read = 'issues' in parsed ? parsed : await resolveListFilters(ctx.db, wsId(res), parsed.filters);
    if ('issues' in read)
      return redirectWithFlash(req, res, list, {
        text: 'The filters are not valid: fix them above, then act on the rows they match.',
        tone: 'warning',
      });
    const ownerName = await ownerNameOf(res, form.action === 'set_owner' ? form.value : null);
    const what = describeBulkAction(form.action, form.value, ownerName);
    const now = ctx.clock.now();
    const job = await withAudit(
      ctx.db,
      (tx) =>
        createBulkJob(tx, {
          workspaceId: wsId(res),
          action: form.action,
          value: form.value,
          query: form.query,
          scope: { filters: read.filters, ids: form.ids, cutoff: now },
          createdBy: currentMember(res).id,
        }),
      (made) => ({
        workspaceId: made.workspace_id,
        actor: auditActor(req, res),
        action: 'prospects.bulk_changed',
        target: { type: 'bulk_job', id: made.id, label: what },
        detail: `${made.total_rows} ${made.ids ? 'ticked' : `matching ${made.query || 'no filter'}`}`,
        now,
      }),
    );
    ctx.logger.info(
      { req_id: req.id, workspace_id: job.workspace_id, bulk_job_id: job.id, rows: job.total_rows },
      'app: bulk change queued',
    );
    const rows = `${job.total_rows.toLocaleString('en-US')} ${job.total_rows === 1 ? 'prospect' : 'prospects'}`;
    await redirectWithFlash(req, res, bulkJobUrl(job.workspace_id, job.id), {
      text: `Changing ${rows}: ${what}.`,
    });
  });

  const findJob = async (req: Request, res: Response) => {
    const job = await getBulkJob(ctx.db, wsId(res), String(req.params.bulkJobId));
    if (!job)
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no bulk change with that id.', {
          href: workspaceUrl(wsId(res), '/prospects'),
          label: 'Back to prospects',
        }),
        { status: 404 },
      );
    return job;
  };

  router.get('/:bulkJobId', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    const ownerName = await ownerNameOf(res, job.action === 'set_owner' ? job.value : null);
    render(req, res, bulkJobPage({ job, ownerName }), { flash: takeFlash(req) });
  });

  // The page script's view of the job while it runs (assets/bulk.js).
  router.get('/:bulkJobId/progress', async (req, res) => {
    const job = await getBulkJob(ctx.db, wsId(res), String(req.params.bulkJobId));
    if (!job) return res.status(404).json({ status: 'not_found' });
    res.json({
      status: job.status,
      rows_done: job.rows_done,
      total_rows: job.total_rows,
      changed_count: job.changed_count,
      skipped_count: job.skipped_count,
    });
  });
  return router;
}
