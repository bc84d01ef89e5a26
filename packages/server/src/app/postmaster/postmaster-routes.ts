import express, { type Router } from 'express';
import { listPostmasterPage } from '../../store/postmaster-messages.js';
import type { AppContext } from '../shared/app-context.js';
import { messagePage } from '../shared/message-page.js';
import { render } from '../shared/render.js';
import { currentPerson } from '../shared/session-lifetime.js';
import { postmasterPage } from './postmaster-page.js';

/**
 * `/postmaster`: the mail the SMTP listener took for `postmaster@` (RFC 5321 §4.5.1), paged with `?before=`, for
 * whoever runs the server: the installation's owner, and nobody else (it belongs to no workspace).
 */
export function postmasterRoutes(ctx: AppContext): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (currentPerson(res).installation_owner) return next();
    render(
      req,
      res,
      messagePage('Not allowed', 'Only the owner of this installation reads the postmaster mail.', {
        href: '/workspaces',
        label: 'Back to workspaces',
      }),
      { status: 403 },
    );
  });
  router.get('/', async (req, res) => {
    const before = typeof req.query.before === 'string' ? req.query.before : undefined;
    const page = await listPostmasterPage(ctx.db, { before });
    render(req, res, postmasterPage({ ...page, before, inboundDomain: ctx.mail.inboundDomain }));
  });
  return router;
}
