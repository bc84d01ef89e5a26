import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express, { type Request, type Response, type Router } from 'express';
import {
  cancelImport,
  getImportJob,
  ImportError,
  type ImportJob,
  importReportCsv,
  inspectImport,
  listImportJobs,
  type MappingProblem,
  startImport,
} from '../../import/index.js';
import { withAudit } from '../../store/audit-log.js';
import { listCustomFields } from '../../store/custom-fields.js';
import { type ImportRejection, readImportRejections } from '../../store/import-rejections.js';
import { prospectNames } from '../../store/prospect-names.js';
import { listProspectsOfImport } from '../../store/prospects-of-import.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { csrfRefusal } from '../shared/csrf.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, render, takeFlash } from '../shared/render.js';
import { importJobPage } from './import-job-page.js';
import { parseImportMappingForm } from './import-mapping-form.js';
import { importMappingPage } from './import-mapping-page.js';
import { importsPage, importUrl } from './import-pages.js';
import { importProspectsPage } from './import-prospects-page.js';
import { REPORT_ROWS_SHOWN, type ReportOutcome } from './import-report-rows.js';
import { receiveImportUpload } from './import-upload.js';

/** The report's kinds of lines, in the order the job's page lists them. */
const REPORT_OUTCOMES: readonly ReportOutcome[] = ['rejected', 'skipped', 'updated'];

/** Imports listed below the upload form. */
const RECENT_IMPORTS = 20;

/**
 * The Import pages, below `/workspaces/:workspaceId/imports`: upload a CSV file (streamed into the
 * database by the import engine), map its columns with a preview, start, follow the job and read its report.
 * The engine (`src/import/`) does the work; these routes only read forms and render.
 *
 * @see packages/server/README.md, "Importing prospects"
 */
export function importRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });

  async function listPage(req: Request, res: Response, error?: { status: number; message: string }) {
    const workspace = currentWorkspace(res);
    const jobs = await listImportJobs(ctx.db, { workspaceId: workspace.id, limit: RECENT_IMPORTS });
    const page = importsPage({
      csrf: csrfOf(req),
      workspaceId: workspace.id,
      maxBytes: ctx.importMaxBytes,
      shape: ctx.importShape,
      jobs,
      error: error?.message,
    });
    render(req, res, page, { status: error?.status ?? 200, flash: takeFlash(req) });
  }

  /** The workspace's job named in the path, or a 404 page (another workspace's job is not found either). */
  async function findJob(req: Request, res: Response): Promise<ImportJob | undefined> {
    const workspaceId = currentWorkspace(res).id;
    const job = await getImportJob(ctx.db, { workspaceId, jobId: String(req.params.jobId) });
    if (!job) {
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no import with that id.', {
          href: workspaceUrl(workspaceId, '/imports'),
          label: 'Back to imports',
        }),
        { status: 404 },
      );
    }
    return job;
  }

  async function jobPage(req: Request, res: Response, job: ImportJob) {
    const report = { rejected: [], skipped: [], updated: [] } as Record<ReportOutcome, ImportRejection[]>;
    const counts = { rejected: job.rejected_count, skipped: job.skipped_count, updated: job.updated_count };
    const full = (outcome: ReportOutcome) =>
      report[outcome].length >= Math.min(REPORT_ROWS_SHOWN, counts[outcome]);
    if (!REPORT_OUTCOMES.every(full)) {
      // The report's lines in line order, until each kind has its first lines (or there are no more).
      for await (const line of readImportRejections(ctx.db, job.id, REPORT_ROWS_SHOWN)) {
        const outcome = line.outcome ?? 'rejected';
        if (!full(outcome)) report[outcome].push(line);
        if (REPORT_OUTCOMES.every(full)) break;
      }
    }
    const matchedIds = [...report.skipped, ...report.updated].flatMap((r) =>
      r.prospect_id ? [r.prospect_id] : [],
    );
    const names = await prospectNames(ctx.db, job.workspace_id, matchedIds);
    render(req, res, importJobPage({ csrf: csrfOf(req), job, report, names }), { flash: takeFlash(req) });
  }

  router.get('/', (req, res) => listPage(req, res));

  router.post('/', async (req, res, next) => {
    const workspace = currentWorkspace(res);
    if (!req.is('multipart/form-data')) {
      // A form without a file (the urlencoded body was checked for its token by the router).
      return listPage(req, res, { status: 422, message: 'Choose a CSV file to upload.' });
    }
    const outcome = await receiveImportUpload(req, {
      db: ctx.db,
      workspaceId: workspace.id,
      maxBytes: ctx.importMaxBytes,
      shape: ctx.importShape,
      clock: ctx.clock,
    });
    if (outcome.kind === 'csrf') return next(csrfRefusal);
    if (outcome.kind === 'refused') return listPage(req, res, outcome);
    ctx.logger.info(
      { req_id: req.id, workspace_id: workspace.id, import_id: outcome.job.id, bytes: outcome.job.byte_size },
      'settings: import file uploaded',
    );
    res.redirect(303, importUrl(workspace.id, outcome.job.id));
  });

  router.get('/:jobId', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    if (job.status !== 'uploaded') return jobPage(req, res, job);
    const inspection = await inspectImport(ctx.db, { workspaceId: job.workspace_id, jobId: job.id });
    render(
      req,
      res,
      importMappingPage({
        csrf: csrfOf(req),
        workspaceId: job.workspace_id,
        inspection,
        fields: await listCustomFields(ctx.db, job.workspace_id),
        duplicates: job.duplicates,
      }),
    );
  });

  /**
   * The mapping page again with the form's mapping: its preview and every problem with it (by column header and
   * field label, `inspectImport`'s), or, after a refused start, the problems it was refused for.
   */
  async function mappingAgain(
    req: Request,
    res: Response,
    job: ImportJob,
    refused?: { problems: readonly MappingProblem[]; unconfirmed: boolean },
  ) {
    const fields = await listCustomFields(ctx.db, job.workspace_id);
    const form = parseImportMappingForm(req.body, job.headers, fields);
    const inspection = await inspectImport(ctx.db, {
      workspaceId: job.workspace_id,
      jobId: job.id,
      mapping: form.mapping,
      newFields: form.newFields,
    });
    const problems = refused?.problems ?? inspection.problems;
    render(
      req,
      res,
      importMappingPage({
        csrf: csrfOf(req),
        workspaceId: job.workspace_id,
        inspection,
        fields,
        duplicates: form.duplicates,
        problems,
        unconfirmed: refused?.unconfirmed ?? false,
      }),
      { status: problems.length > 0 || refused?.unconfirmed ? 422 : 200 },
    );
  }

  router.post('/:jobId/preview', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    if (job.status !== 'uploaded') return res.redirect(303, importUrl(job.workspace_id, job.id));
    await mappingAgain(req, res, job);
  });

  router.post('/:jobId/start', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    if (job.status !== 'uploaded') return res.redirect(303, importUrl(job.workspace_id, job.id));
    const fields = await listCustomFields(ctx.db, job.workspace_id);
    const form = parseImportMappingForm(req.body, job.headers, fields);
    try {
      // The job, its new custom fields and its audit entry in one transaction (NOTIFY is sent at commit).
      await withAudit(
        ctx.db,
        (_tx, joined) =>
          startImport(joined, {
            workspaceId: job.workspace_id,
            jobId: job.id,
            requireAcknowledgement: true,
            ...form,
          }),
        (started) => ({
          workspaceId: job.workspace_id,
          actor: auditActor(req, res),
          action: 'import.started',
          target: { type: 'import', id: started.id, label: started.file_name },
          now: ctx.clock.now(),
        }),
      );
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      if (error.code === 'not_startable') return res.redirect(303, importUrl(job.workspace_id, job.id));
      const unconfirmed = error.code === 'unacknowledged_unmapped';
      // Every problem comes with the error; another refusal (a field that could not be created) by its message.
      const problems: MappingProblem[] =
        error.problems.length > 0 || unconfirmed
          ? [...error.problems]
          : [{ code: 'invalid_new_field', columns: [], message: error.message }];
      return mappingAgain(req, res, job, { problems, unconfirmed });
    }
    ctx.logger.info(
      { req_id: req.id, workspace_id: job.workspace_id, import_id: job.id },
      'settings: import started',
    );
    res.redirect(303, importUrl(job.workspace_id, job.id));
  });

  // The page script's view of the job while it runs (see assets/import.js).
  router.get('/:jobId/progress', async (req, res) => {
    const job = await getImportJob(ctx.db, {
      workspaceId: currentWorkspace(res).id,
      jobId: String(req.params.jobId),
    });
    if (!job) return res.status(404).json({ status: 'not_found' });
    res.json({
      status: job.status,
      rows_done: job.rows_done,
      total_rows: job.total_rows,
      created_count: job.created_count,
      skipped_count: job.skipped_count,
      updated_count: job.updated_count,
      rejected_count: job.rejected_count,
    });
  });

  router.post('/:jobId/cancel', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    const cancelled = await cancelImport(ctx.db, {
      workspaceId: job.workspace_id,
      jobId: job.id,
      clock: ctx.clock,
    });
    ctx.logger.info(
      { req_id: req.id, workspace_id: job.workspace_id, import_id: job.id },
      'settings: import cancel',
    );
    // No one-time message: the job's page says where the cancel is, which may change before it loads.
    res.redirect(303, importUrl(cancelled.workspace_id, cancelled.id));
  });

  // The prospects the import created: the report's "N prospects were imported" (docs/importing.md, "The report").
  router.get('/:jobId/prospects', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    const after = typeof req.query.after === 'string' && req.query.after !== '' ? req.query.after : undefined;
    const page = await listProspectsOfImport(ctx.db, { workspaceId: job.workspace_id, jobId: job.id, after });
    render(req, res, importProspectsPage({ job, page, first: after === undefined }));
  });

  router.get('/:jobId/report.csv', async (req, res) => {
    const job = await findJob(req, res);
    if (!job) return;
    const name = `import-report-${job.id}.csv`;
    res.type('text/csv; charset=utf-8').attachment(name);
    // Streamed with back-pressure; a client that goes away ends the reading of the rejections.
    await pipeline(
      Readable.from(importReportCsv(ctx.db, { workspaceId: job.workspace_id, jobId: job.id })),
      res,
    );
  });

  return router;
}
