import {
  cutListPage,
  hasFilters,
  isId,
  listTotal,
  type Prospect,
  pageEnvelope,
  type QueryObject,
} from '@prospectkit/core';
import express, { type Request, type Response, type Router } from 'express';
import { addProspect } from '../../prospects/add-prospect.js';
import { contractBodyIssues } from '../../prospects/contract-body-issues.js';
import { editProspect } from '../../prospects/edit-prospect.js';
import { recordProspectOutcome } from '../../prospects/record-prospect-outcome.js';
import { listCustomFields } from '../../store/custom-fields.js';
import { listEventDeliveries } from '../../store/deliveries.js';
import { listProspectEvents } from '../../store/events.js';
import { listOutcomes } from '../../store/outcomes.js';
import { listProspectRows } from '../../store/prospect-list.js';
import { getProspect } from '../../store/prospects.js';
import { listSavedViews } from '../../store/saved-views.js';
import { listTeammates } from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { can, currentMember } from '../shared/authorize.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { issueErrors } from '../shared/issue-errors.js';
import { workspaceUrl } from '../shared/layout.js';
import { messagePage } from '../shared/message-page.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { bulkRoutes } from './bulk-routes.js';
import {
  type CustomFieldFormValues,
  customFieldFormValues,
  customFieldLabel,
  customFieldsBody,
  readCustomFieldValues,
} from './custom-field-inputs.js';
import { listQuery, viewQueryOf } from './list-query.js';
import { outcomeFieldLabel, outcomeFormValues, parseOutcomeForm } from './outcome-form.js';
import { outcomePage } from './outcome-page.js';
import {
  type ProspectFormValues,
  prospectBody,
  prospectFieldLabel,
  prospectFormValues,
} from './prospect-form.js';
import { existingContactEmail, readTidiedProspectForm } from './prospect-form-checks.js';
import { type DuplicateEmail, prospectFormPage } from './prospect-form-page.js';
import { prospectListPage, prospectUrl } from './prospect-list-page.js';
import { prospectPage } from './prospect-page.js';
import { savedViewRoutes } from './saved-view-routes.js';

/**
 * The app's prospects, below `/workspaces/:workspaceId/prospects`: the list (the API's `listProspects`
 * search and paging), add, a prospect's page (fields, outcome, history, events and their deliveries), edit, and
 * record an outcome. Every change goes through the function the API's operation calls (`addProspect`,
 * `editProspect`, `recordProspectOutcome`) after the contract's schema check (`contractBodyIssues`), so a page
 * is held to the API's rules and messages and emits exactly the API's events.
 *
 * @see openapi.yaml operationIds `listProspects`, `createProspect`, `updateProspect`, `recordOutcome`; the
 *   server README (The app: prospects)
 */
export function appProspectRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });
  // Before `/:prospectId`, which would take `views` for an id.
  router.use('/views', savedViewRoutes(ctx));
  router.use('/bulk', bulkRoutes(ctx));
  const wsId = (res: Response) => currentWorkspace(res).id;
  const teammatesOf = (res: Response) => listTeammates(ctx.db, { workspaceId: wsId(res) });
  /** The add form (no `prospect`) or the edit form, with the workspace's teammates for the owner select. */
  const fieldsOf = (res: Response) => listCustomFields(ctx.db, wsId(res));
  const showForm = async (
    req: Request,
    res: Response,
    form: {
      prospect?: Prospect;
      values: ProspectFormValues;
      custom: CustomFieldFormValues;
      errors?: FieldErrors;
      notice?: string;
      duplicate?: DuplicateEmail;
    },
    status = 200,
  ) => {
    const { custom, ...rest } = form;
    render(
      req,
      res,
      prospectFormPage({
        csrf: csrfOf(req),
        workspaceId: wsId(res),
        ...rest,
        teammates: await teammatesOf(res),
        customFields: { definitions: await fieldsOf(res), values: custom },
      }),
      { status },
    );
  };
  /** The form's body for the API, with `custom_fields` when the workspace has any, and the labels of its errors. */
  const formBody = async (req: Request, res: Response, values: ProspectFormValues) => {
    const definitions = await fieldsOf(res);
    const custom = readCustomFieldValues(req.body, definitions);
    const body = prospectBody(values);
    if (definitions.length > 0) body.custom_fields = customFieldsBody(custom, definitions);
    const cfLabel = customFieldLabel(definitions);
    const label = (path: string) => prospectFieldLabel(path) ?? cfLabel(path);
    return { body, custom, label };
  };
  const flashText = (text: string, said: string | undefined) => (said ? `${text} ${said}` : text);
  const prospectWithEmail = (res: Response, email: unknown) =>
    existingContactEmail(ctx.db, { workspaceId: wsId(res), email });
  const origin = (req: Request) => ctx.publicUrl ?? `${req.protocol}://${req.get('host')}`;

  async function findProspect(req: Request, res: Response): Promise<Prospect | undefined> {
    const id = req.params.prospectId as string;
    const prospect = isId('prospect', id) ? await getProspect(ctx.db, wsId(res), id) : undefined;
    if (!prospect) {
      render(
        req,
        res,
        messagePage('Not found', 'This workspace has no prospect with that id.', {
          href: workspaceUrl(wsId(res), '/prospects'),
          label: 'Back to prospects',
        }),
        { status: 404 },
      );
    }
    return prospect;
  }

  router.get('/', async (req, res) => {
    const customFields = await fieldsOf(res);
    const query = await listQuery(ctx.db, wsId(res), req.query as QueryObject, customFields);
    const { request } = query;
    const { rows, counted } = await listProspectRows(ctx.db, wsId(res), request);
    const cut = cutListPage(rows, request, (row) => row.sortKey);
    const page = pageEnvelope({
      data: cut.data.map(({ sortKey: _, ...prospect }) => prospect),
      ...listTotal(request, counted, { items: cut.data.length, hasMore: cut.hasMore }),
      hasMore: cut.hasMore,
      page: request.page,
      perPage: request.perPage,
      path: workspaceUrl(wsId(res), '/prospects'),
      linkQuery: request.linkQuery,
      cursors: cut.cursors,
    });
    const canChange = can(currentMember(res).role, 'work');
    const teammates = await teammatesOf(res);
    render(
      req,
      res,
      prospectListPage({
        workspaceId: wsId(res),
        search: query.search,
        filters: query.values,
        customFields,
        filtered: hasFilters(request.filters),
        views: await listSavedViews(ctx.db, wsId(res)),
        viewQuery: viewQueryOf(req),
        csrf: csrfOf(req),
        canChange,
        page,
        teammates,
        origin: origin(req),
        ...(query.errors ? { errors: query.errors } : {}),
        ...(canChange
          ? {
              bulk: {
                workspaceId: wsId(res),
                csrf: csrfOf(req),
                query: query.errors ? '' : new URLSearchParams(request.linkQuery).toString(),
                back: viewQueryOf(req),
                total: page.meta.total,
                atLeast: page.meta.total_relation === 'gte',
                filtered: hasFilters(request.filters),
                teammates,
              },
            }
          : {}),
      }),
      { flash: takeFlash(req) },
    );
  });

  router.get('/new', async (req, res) => {
    await showForm(req, res, {
      values: prospectFormValues(),
      custom: customFieldFormValues(undefined, await fieldsOf(res)),
    });
  });

  router.post('/', async (req, res) => {
    const { values, addTag, confirmedDuplicateOf, said } = readTidiedProspectForm(req.body);
    const { body, custom, label } = await formBody(req, res, values);
    const notice = said(false);
    const show = (errors: FieldErrors, status: number, duplicate?: DuplicateEmail) =>
      showForm(
        req,
        res,
        { values, custom, errors, ...(notice ? { notice } : {}), ...(duplicate ? { duplicate } : {}) },
        status,
      );
    if (addTag) return show({}, 200);
    const issues = contractBodyIssues('createProspect', body);
    if (issues.length === 0) {
      // A second prospect with a contact email already here is allowed (the API takes it), once confirmed.
      const duplicate = await prospectWithEmail(res, body.contact_email);
      if (duplicate && duplicate.id !== confirmedDuplicateOf) return show({}, 200, duplicate);
    }
    const added =
      issues.length > 0
        ? { issues }
        : await addProspect(ctx.db, { workspaceId: wsId(res), body, now: ctx.clock.now() });
    if ('issues' in added) return show(issueErrors(added.issues, { label }), 422);
    ctx.logger.info(
      { req_id: req.id, workspace_id: wsId(res), prospect_id: added.prospect.id },
      'app: prospect added',
    );
    await redirectWithFlash(req, res, prospectUrl(wsId(res), added.prospect.id), {
      text: flashText('Prospect added.', said(true)),
    });
  });

  router.get('/:prospectId', async (req, res) => {
    const prospect = await findProspect(req, res);
    if (!prospect) return;
    const [outcomes, events, teammates, customFields] = await Promise.all([
      listOutcomes(ctx.db, wsId(res), prospect.id),
      listProspectEvents(ctx.db, wsId(res), prospect.id),
      teammatesOf(res),
      fieldsOf(res),
    ]);
    const deliveries = await listEventDeliveries(
      ctx.db,
      wsId(res),
      events.map((e) => e.id),
    );
    render(
      req,
      res,
      prospectPage({
        workspaceId: wsId(res),
        prospect,
        outcomes,
        events,
        deliveries,
        teammates,
        customFields,
      }),
      {
        flash: takeFlash(req),
      },
    );
  });

  router.get('/:prospectId/edit', async (req, res) => {
    const prospect = await findProspect(req, res);
    if (!prospect) return;
    const custom = customFieldFormValues(prospect, await fieldsOf(res));
    await showForm(req, res, { prospect, values: prospectFormValues(prospect), custom });
  });

  router.post('/:prospectId', async (req, res) => {
    const prospect = await findProspect(req, res);
    if (!prospect) return;
    const { values, addTag, said } = readTidiedProspectForm(req.body);
    const { body, custom, label } = await formBody(req, res, values);
    const notice = said(false);
    const show = (errors: FieldErrors, status: number) =>
      showForm(req, res, { prospect, values, custom, errors, ...(notice ? { notice } : {}) }, status);
    if (addTag) return show({}, 200);
    const issues = contractBodyIssues('updateProspect', body);
    const edited =
      issues.length > 0
        ? { issues }
        : await editProspect(ctx.db, {
            workspaceId: wsId(res),
            prospectId: prospect.id,
            body,
            now: ctx.clock.now(),
          });
    if (!edited) return findProspect(req, res);
    if ('issues' in edited) return show(issueErrors(edited.issues, { label }), 422);
    ctx.logger.info(
      { req_id: req.id, workspace_id: wsId(res), prospect_id: prospect.id },
      'app: prospect edited',
    );
    await redirectWithFlash(req, res, prospectUrl(wsId(res), prospect.id), {
      text: flashText('Changes saved.', said(true)),
    });
  });

  router.get('/:prospectId/outcomes/new', async (req, res) => {
    const prospect = await findProspect(req, res);
    if (!prospect) return;
    const values = outcomeFormValues(prospect.outcome);
    render(
      req,
      res,
      outcomePage({ csrf: csrfOf(req), workspaceId: wsId(res), prospect, values, now: ctx.clock.now() }),
    );
  });

  router.post('/:prospectId/outcomes', async (req, res) => {
    const prospect = await findProspect(req, res);
    if (!prospect) return;
    const now = ctx.clock.now();
    const form = parseOutcomeForm(req.body, prospect.outcome);
    const show = (errors: FieldErrors) =>
      render(
        req,
        res,
        outcomePage({
          csrf: csrfOf(req),
          workspaceId: wsId(res),
          prospect,
          values: form.values,
          errors,
          now,
        }),
        {
          status: 422,
        },
      );
    if (!form.ok) return show(form.errors);
    // The form's `value` is the API's `value_minor`; a body with no field is named beside the outcome.
    const rename = { value_minor: 'value', body: 'outcome' };
    const issues = contractBodyIssues('recordOutcome', form.value);
    const recorded =
      issues.length > 0
        ? { issues }
        : await recordProspectOutcome(ctx.db, {
            workspaceId: wsId(res),
            prospectId: prospect.id,
            body: form.value,
            now,
          });
    if (!recorded) return findProspect(req, res);
    if ('issues' in recorded) return show(issueErrors(recorded.issues, { rename, label: outcomeFieldLabel }));
    ctx.logger.info(
      { req_id: req.id, workspace_id: wsId(res), prospect_id: prospect.id },
      'app: outcome recorded',
    );
    await redirectWithFlash(req, res, prospectUrl(wsId(res), prospect.id), { text: 'Outcome recorded.' });
  });

  return router;
}
