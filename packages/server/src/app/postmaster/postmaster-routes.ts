import express, { type Router } from 'express';
import { listPostmasterPage } from '../../store/postmaster-messages.js';
import type { AppContext } from '../shared/app-context.js';
import { render } from '../shared/render.js';
import { postmasterPage } from './postmaster-page.js';

/**
 * `/postmaster`: the mail the SMTP listener took for `postmaster@` (issue 24, also noted), paged with
 * `?before=`, for the administrator (the settings area's one account runs the server).
 */
export function postmasterRoutes(ctx: AppContext): Router {
  const router = express.Router();
  router.get('/', async (req, res) => {
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const page = await listPostmasterPage(ctx.db, { before });
    render(req, res, postmasterPage({ ...page, before, inboundDomain: ctx.mail.inboundDomain }));
  });
  return router;
}
