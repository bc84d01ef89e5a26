import {
  cutListPage,
  listTotal,
  type OperationId,
  type ProspectCreate,
  type ProspectUpdate,
  pageEnvelope,
  type RecordOutcomeRequest,
  readProspectListQuery,
  toValidationBody,
} from '@prospectkit/core';
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { addProspect } from '../prospects/add-prospect.js';
import { editProspect } from '../prospects/edit-prospect.js';
import { recordProspectOutcome } from '../prospects/record-prospect-outcome.js';
import { resolveListFilters } from '../prospects/resolve-list-filters.js';
import { listProspectRows } from '../store/prospect-list.js';
import { getProspect } from '../store/prospects.js';
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
    const read = readProspectListQuery(req.query as Record<string, unknown>);
    if ('issues' in read) throw validationFailed(toValidationBody(read.issues));
    const resolved = await resolveListFilters(db, workspace(req), read.request.filters);
    if ('issues' in resolved) throw validationFailed(toValidationBody(resolved.issues));
    const request = { ...read.request, filters: resolved.filters };
    const { rows, counted } = await listProspectRows(db, workspace(req), request);
    const page = cutListPage(rows, request, (row) => row.sortKey);
    res.json(
      pageEnvelope({
        data: page.data.map(({ sortKey: _, ...prospect }) => prospect),
        ...listTotal(request, counted, { items: page.data.length, hasMore: page.hasMore }),
        hasMore: page.hasMore,
        page: request.page,
        perPage: request.perPage,
        path: `${origin(req)}/api/v1/prospects`,
        linkQuery: request.linkQuery,
        cursors: page.cursors,
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
