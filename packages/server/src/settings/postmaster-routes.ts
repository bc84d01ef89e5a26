import express, { type Router } from 'express';
import { listPostmasterPage } from '../store/postmaster-messages.js';
import { render } from './render.js';
import type { SettingsContext } from './settings-context.js';
import { postmasterPage } from './views/postmaster-page.js';

/**
 * `/settings/postmaster`: the mail the SMTP listener took for `postmaster@` (issue 24, also noted), paged with
 * `?before=`, for the administrator (the settings area's one account runs the server).
 */
export function postmasterRoutes(ctx: SettingsContext): Router {
  const router = express.Router();
  router.get('/', async (req, res) => {
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const page = await listPostmasterPage(ctx.db, { before });
    render(req, res, postmasterPage({ ...page, before, inboundDomain: ctx.mail.inboundDomain }));
  });
  return router;
}
