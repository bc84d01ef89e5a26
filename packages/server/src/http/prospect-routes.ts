import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
  mergedOutcomeIssues,
  normalizeProspectInput,
  type OperationId,
  type ProspectCreate,
  type ProspectUpdate,
  pageEnvelope,
  pageOffset,
  type RecordOutcomeRequest,
  toValidationBody,
} from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import {
  createProspect,
  getProspect,
  listProspects,
  recordOutcome,
  updateProspect,
} from '../store/prospects.js';
import { notFound, validationFailed } from './api-error.js';

export interface ProspectRoutesOptions {
  db: Database;
  clock: Clock;
  /** Public origin for `links` and `Location`, e.g. `https://api.example.com`. Default: the request's own. */
  publicUrl?: string | undefined;
}

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The five operations of the contract, mounted under `/api/v1` after `contractChecks`, which matched the
 * operation (`req.contractOperation`): requests reach them authenticated and valid.
 */
export function prospectRoutes({ db, clock, publicUrl }: ProspectRoutesOptions) {
  const origin = (req: Request) => publicUrl ?? `${req.protocol}://${req.get('host')}`;
  const workspace = (req: Request) => (req.grant as NonNullable<Request['grant']>).workspaceId;
  const prospectId = (req: Request) => req.prospectIdParam as string;

  const listProspectsHandler: Handler = async (req, res) => {
    const query = req.query as { search?: string; page?: number; per_page?: number };
    const page = Number(query.page ?? DEFAULT_PAGE);
    const perPage = Number(query.per_page ?? DEFAULT_PER_PAGE);
    const { data, total } = await listProspects(db, workspace(req), {
      search: query.search,
      limit: perPage,
      offset: pageOffset(page, perPage),
    });
    res.json(
      pageEnvelope({
        data,
        total,
        page,
        perPage,
        path: `${origin(req)}/api/v1/prospects`,
        search: query.search,
      }),
    );
  };

  const createProspectHandler: Handler = async (req, res) => {
    const { input, issues } = normalizeProspectInput(req.body as ProspectCreate);
    if (issues.length > 0) throw validationFailed(toValidationBody(issues));
    const now = clock.now();
    const prospect = await db.transaction((tx) =>
      createProspect(tx, workspace(req), input as typeof input & { company: string }, now),
    );
    res
      .status(201)
      .location(`${origin(req)}/api/v1/prospects/${prospect.id}`)
      .json(prospect);
  };

  const getProspectHandler: Handler = async (req, res) => {
    const prospect = await getProspect(db, workspace(req), prospectId(req));
    if (!prospect) throw notFound();
    res.json(prospect);
  };

  const updateProspectHandler: Handler = async (req, res) => {
    const { input, issues } = normalizeProspectInput(req.body as ProspectUpdate);
    if (issues.length > 0) throw validationFailed(toValidationBody(issues));
    const prospect = await db.transaction((tx) =>
      updateProspect(tx, workspace(req), prospectId(req), input, clock.now()),
    );
    if (!prospect) throw notFound();
    res.json(prospect);
  };

  const recordOutcomeHandler: Handler = async (req, res) => {
    const outcome = await db.transaction((tx) =>
      recordOutcome(
        tx,
        workspace(req),
        prospectId(req),
        req.body as RecordOutcomeRequest,
        clock.now(),
        mergedOutcomeIssues,
      ),
    );
    if (!outcome) throw notFound();
    if ('issues' in outcome) throw validationFailed(toValidationBody(outcome.issues));
    res.status(201).json(outcome.result);
  };

  const handlers: Record<OperationId, Handler> = {
    listProspects: listProspectsHandler,
    createProspect: createProspectHandler,
    getProspect: getProspectHandler,
    updateProspect: updateProspectHandler,
    recordOutcome: recordOutcomeHandler,
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const operation = req.contractOperation;
    if (!operation) return next();
    handlers[operation.operationId](req, res).catch(next);
  };
}
