import express, { type Request, type Response, type Router } from 'express';
import { passwordProblem } from '../../people/member-error.js';
import { hashPassword, verifyPasswordHash } from '../../people/password-hash.js';
import { listPersonWorkspaces, setNotifyAssigned } from '../../store/members.js';
import { listPasskeys } from '../../store/passkeys.js';
import { getPersonSecrets, setPasswordHash, setPersonName } from '../../store/people.js';
import { countRecoveryCodes } from '../../store/recovery-codes.js';
import { endPersonSessions, listPersonSessions } from '../../store/settings-sessions.js';
import { MAX_TEAMMATE_NAME_LENGTH } from '../../store/teammates.js';
import type { AppContext } from '../shared/app-context.js';
import { listOf, textOf } from '../shared/form-body.js';
import type { FieldErrors } from '../shared/form-fields.js';
import { csrfOf, redirectWithFlash, render, takeFlash } from '../shared/render.js';
import { currentPerson } from '../shared/session-lifetime.js';
import { accountPage } from './account-pages.js';

/**
 * The signed-in person's own account, `/account`: name, password (the current one is asked; every other session
 * ends), sessions (end one, or all but this one), and per-workspace "email me when a conversation is assigned to
 * me". Two-step sign-in and passkeys have their own routes (`two-factor-routes.ts`, `passkey-routes.ts`).
 */
export function accountRoutes(ctx: AppContext): Router {
  const router = express.Router();

  async function page(req: Request, res: Response, errors?: FieldErrors) {
    const person = currentPerson(res);
    const now = ctx.clock.now();
    const [sessions, passkeys, recoveryCodesLeft, workspaces] = [
      await listPersonSessions(ctx.db, { personId: person.id, now }),
      await listPasskeys(ctx.db, person.id),
      await countRecoveryCodes(ctx.db, person.id),
      await ctx.db.query<{
        id: string;
        workspace_id: string;
        name: string;
        role: string;
        notify_assigned: boolean;
      }>(
        `select t.id, t.workspace_id, w.name, t.role, t.notify_assigned from teammates t join workspaces w on w.id = t.workspace_id
         where t.person_id = $1 and t.removed_at is null order by w.created_at, w.id`,
        [person.id],
      ),
    ];
    render(
      req,
      res,
      accountPage({
        csrf: csrfOf(req),
        person,
        currentHandle: req.session.handle,
        sessions,
        passkeys,
        recoveryCodesLeft,
        memberships: workspaces.map((w) => ({
          memberId: w.id,
          workspaceId: w.workspace_id,
          workspaceName: w.name,
          role: w.role,
          notifyAssigned: w.notify_assigned,
        })),
        ...(errors ? { errors } : {}),
      }),
      errors ? { status: 422 } : { flash: takeFlash(req) },
    );
  }

  router.get('/account', (req, res) => page(req, res));

  router.post('/account/name', async (req, res) => {
    const name = textOf(req.body, 'name').trim();
    if (name === '' || name.length > MAX_TEAMMATE_NAME_LENGTH || /\p{Cc}/u.test(name))
      return page(req, res, { name: `Enter a name of 1 to ${MAX_TEAMMATE_NAME_LENGTH} characters.` });
    await setPersonName(ctx.db, currentPerson(res).id, name);
    await redirectWithFlash(req, res, '/account', { text: 'Name saved.' });
  });

  router.post('/account/password', async (req, res) => {
    const person = currentPerson(res);
    const secrets = await getPersonSecrets(ctx.db, person.id);
    const current = textOf(req.body, 'current');
    const password = textOf(req.body, 'password');
    const ok = secrets?.password_hash ? await verifyPasswordHash(current, secrets.password_hash) : false;
    if (!ok) return page(req, res, { current: 'That is not your current password.' });
    const problem = passwordProblem(password);
    if (problem) return page(req, res, { password: problem });
    await ctx.db.transaction(async (tx) => {
      await setPasswordHash(tx, person.id, await hashPassword(password));
      await endPersonSessions(tx, { personId: person.id, exceptHandle: req.session.handle });
    });
    ctx.logger.info({ req_id: req.id, person_id: person.id }, 'account: password changed');
    await redirectWithFlash(req, res, '/account', {
      text: 'Password changed. Your other sessions have ended.',
    });
  });

  router.post('/account/sessions/end', async (req, res) => {
    const handle = textOf(req.body, 'handle');
    const ended = handle ? await endPersonSessions(ctx.db, { personId: currentPerson(res).id, handle }) : 0;
    await redirectWithFlash(req, res, '/account#sessions', {
      text: ended ? 'Session ended.' : 'That session had ended already.',
    });
  });

  router.post('/account/sessions/end-others', async (req, res) => {
    const ended = await endPersonSessions(ctx.db, {
      personId: currentPerson(res).id,
      exceptHandle: req.session.handle,
    });
    await redirectWithFlash(req, res, '/account#sessions', {
      text: `Signed out everywhere else (${ended} ${ended === 1 ? 'session' : 'sessions'} ended).`,
    });
  });

  router.post('/account/notifications', async (req, res) => {
    const chosen = new Set(listOf(req.body, 'notify'));
    for (const w of await listPersonWorkspaces(ctx.db, currentPerson(res).id)) {
      const [member] = await ctx.db.query<{ id: string }>(
        'select id from teammates where person_id = $1 and workspace_id = $2 and removed_at is null',
        [currentPerson(res).id, w.id],
      );
      if (member) await setNotifyAssigned(ctx.db, { id: member.id, notify: chosen.has(member.id) });
    }
    await redirectWithFlash(req, res, '/account#notifications', { text: 'Notifications saved.' });
  });

  return router;
}
