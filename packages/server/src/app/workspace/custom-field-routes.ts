import express, { type Router } from 'express';
import { withAudit } from '../../store/audit-log.js';
import { addCustomField, listCustomFields, removeCustomField } from '../../store/custom-fields.js';
import type { AppContext } from '../shared/app-context.js';
import { auditActor } from '../shared/audit-actor.js';
import { currentWorkspace } from '../shared/current-workspace.js';
import { settingsUrl } from '../shared/layout.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { readCustomFieldForm } from './custom-field-form.js';
import { customFieldsPage } from './custom-field-pages.js';

/**
 * Workspace settings → Fields, `/workspaces/:workspaceId/settings/fields` (admins and owners, the `settings`
 * area's rule): list, add and remove the workspace's custom fields; each change is audit-logged in its own
 * transaction. @see docs/prospects.md, "Custom fields"
 */
export function customFieldRoutes(ctx: AppContext): Router {
  const router = express.Router({ mergeParams: true });

  router.get('/', async (req, res) => {
    const workspace = currentWorkspace(res);
    const fields = await listCustomFields(ctx.db, workspace.id);
    render(req, res, customFieldsPage({ csrf: csrfOf(req), workspaceId: workspace.id, fields }), {
      flash: takeFlash(req),
    });
  });

  router.post('/', async (req, res) => {
    const workspace = currentWorkspace(res);
    const read = readCustomFieldForm(req.body);
    const again = async (errors: Record<string, string>) =>
      render(
        req,
        res,
        customFieldsPage({
          csrf: csrfOf(req),
          workspaceId: workspace.id,
          fields: await listCustomFields(ctx.db, workspace.id),
          values: read.values,
          errors,
        }),
        { status: 422 },
      );
    if ('errors' in read) return again(read.errors);
    const added = await withAudit(
      ctx.db,
      (tx) => addCustomField(tx, workspace.id, read.field, ctx.clock.now()),
      (out) =>
        'field' in out
          ? {
              workspaceId: workspace.id,
              actor: auditActor(req, res),
              action: 'custom_field.added',
              target: { type: 'custom_field', id: out.field.key, label: out.field.label },
              detail: out.field.type,
              now: ctx.clock.now(),
            }
          : undefined,
    );
    if ('refused' in added)
      return again(
        added.refused === 'exists'
          ? { key: `A field with the key ${read.field.key} exists: choose another key.` }
          : { label: 'This workspace has 50 fields, the most it can have. Remove one to add another.' },
      );
    await redirectWithFlash(req, res, settingsUrl(workspace.id, '/fields'), {
      text: `Field "${added.field.label}" added.`,
    });
  });

  router.post('/:key/remove', async (req, res) => {
    const workspace = currentWorkspace(res);
    const removed = await withAudit(
      ctx.db,
      (tx) => removeCustomField(tx, workspace.id, String(req.params.key)),
      (field) =>
        field && {
          workspaceId: workspace.id,
          actor: auditActor(req, res),
          action: 'custom_field.removed',
          target: { type: 'custom_field', id: field.key, label: field.label },
          now: ctx.clock.now(),
        },
    );
    await redirectWithFlash(req, res, settingsUrl(workspace.id, '/fields'), {
      text: removed ? `Field "${removed.label}" removed.` : 'That field was already removed.',
    });
  });
  return router;
}
