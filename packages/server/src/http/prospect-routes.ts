import {
  DEFAULT_PAGE,
  DEFAULT_PER_PAGE,
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
import { addProspect } from '../prospects/add-prospect.js';
import { editProspect } from '../prospects/edit-prospect.js';
import { recordProspectOutcome } from '../prospects/record-prospect-outcome.js';
import { getProspect, listProspects } from '../store/prospects.js';
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
    const added = await addProspect(db, {
      workspaceId: workspace(req),
      body: req.body as ProspectCreate,
      now: clock.now(),
    });
    if ('issues' in added) throw validationFailed(toValidationBody(added.issues));
    const { prospect } = added;
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
    const edited = await editProspect(db, {
      workspaceId: workspace(req),
      prospectId: prospectId(req),
      body: req.body as ProspectUpdate,
      now: clock.now(),
    });
    if (!edited) throw notFound();
    if ('issues' in edited) throw validationFailed(toValidationBody(edited.issues));
    res.json(edited.prospect);
  };

  const recordOutcomeHandler: Handler = async (req, res) => {
    const outcome = await recordProspectOutcome(db, {
      workspaceId: workspace(req),
      prospectId: prospectId(req),
      body: req.body as RecordOutcomeRequest,
      now: clock.now(),
    });
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
