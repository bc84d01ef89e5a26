import express, { type Router } from 'express';
import { currentWorkspace } from '../shared/current-workspace.js';
import { settingsUrl } from '../shared/layout.js';

/** The Teammates page became Members: its old address (`/settings/teammates...`) redirects there (308). */
export function teammatesRedirect(): Router {
  const router = express.Router({ mergeParams: true });
  router.all('/{*rest}', (_req, res) => res.redirect(308, settingsUrl(currentWorkspace(res).id, '/members')));
  return router;
}
