import type { NextFunction, Request, Response } from 'express';
import { listWorkspaces, type Workspace } from '../../store/workspaces.js';
import type { AppContext } from './app-context.js';
import { messagePage } from './message-page.js';
import { render } from './render.js';

/** The workspace named in the path (set by {@link loadWorkspace}). */
export const currentWorkspace = (res: Response) => res.locals.workspace as Workspace;

/** Answers 404 for an unknown workspace id; otherwise puts the workspace in `res.locals.workspace`. */
export function loadWorkspace(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const id = req.params.workspaceId;
    const workspace = (await listWorkspaces(ctx.db)).find((w) => w.id === id);
    if (!workspace) {
      return render(req, res, messagePage('Not found', 'There is no workspace with that id.'), {
        status: 404,
      });
    }
    res.locals.workspace = workspace;
    next();
  };
}
