import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import rateLimiterFlexible from 'rate-limiter-flexible';
import { type Clock, systemClock } from '../clock.js';
import { DEFAULT_IMPORT_MAX_BYTES } from '../config.js';
import type { Database } from '../db/database.js';
import { DEFAULT_IMPORT_SHAPE_LIMITS, type ImportShapeLimits } from '../import/index.js';
import { createMailSender } from '../mail/mail-sender.js';
import { ACCOUNT_SIGN_IN_LIMIT, PAGE_LIMIT } from '../rate-limit/create-limiter.js';
import { findMembership } from '../store/members.js';
import { accountRoutes } from './account/account-routes.js';
import { linkRoutes } from './account/link-routes.js';
import { passkeyRoutes } from './account/passkey-routes.js';
import { passkeySignInRoutes } from './account/passkey-sign-in-routes.js';
import { SIGN_IN_FORM_PATHS, signInRoutes } from './account/sign-in-routes.js';
import { twoFactorRoutes } from './account/two-factor-routes.js';
import { tokenRoutes } from './api/token-routes.js';
import { webhookHealthRoutes } from './api/webhook-health-routes.js';
import { webhookRoutes } from './api/webhook-routes.js';
import { importRoutes } from './imports/import-routes.js';
import { inboxAssigneeRoutes } from './inbox/inbox-assignee-routes.js';
import { inboxMessageRoutes } from './inbox/inbox-message-routes.js';
import { inboxRoutes } from './inbox/inbox-routes.js';
import { auditRoutes } from './members/audit-routes.js';
import { memberRoutes } from './members/member-routes.js';
import { teammatesRedirect } from './members/teammates-redirect.js';
import { postmasterRoutes } from './postmaster/postmaster-routes.js';
import { appProspectRoutes } from './prospects/app-prospect-routes.js';
import { appAssets } from './shared/app-assets.js';
import type { AppContext, SettingsMail } from './shared/app-context.js';
import { authorizeWorkspace } from './shared/authorize.js';
import { compressPages } from './shared/compress-pages.js';
import { csrfProtection, isCsrfError } from './shared/csrf.js';
import { currentWorkspace, loadWorkspace } from './shared/current-workspace.js';
import { workspaceUrl } from './shared/layout.js';
import { legacySettingsRedirect } from './shared/legacy-settings-urls.js';
import { messagePage } from './shared/message-page.js';
import { pageRateLimit } from './shared/page-rate-limit.js';
import { render } from './shared/render.js';
import { appSession, sessionSecretLoader } from './shared/session.js';
import { requireCurrentSession } from './shared/session-lifetime.js';
import { signInCsrf } from './shared/sign-in-csrf.js';
import { vendorAssets } from './shared/vendor-assets.js';
import { customFieldRoutes } from './workspace/custom-field-routes.js';
import { workspacePickerRoutes, workspaceSettingsRoutes } from './workspace/workspace-routes.js';

/** The first segments of the app's paths; every other path (the API, `/docs`, `/healthz`...) is not the app's. */
const APP_ROOTS = new Set([
  '',
  'sign-in',
  'sign-out',
  'account',
  'invitations',
  'password-reset',
  'workspaces',
  'postmaster',
  'assets',
  'settings',
]);

const isAppPath = (path: string) => APP_ROOTS.has(path.split('/')[1] ?? '');

/** Settings of the settings area, passed through `createApp({ settings })`. */
export interface SettingsOptions {
  /** Allow http and loopback webhook addresses, like the delivery worker. Default `false`. */
  allowInsecureWebhooks?: boolean;
  /** The largest CSV file the Import page accepts, in bytes (`PROSPECTKIT_IMPORT_MAX_BYTES`). Default 50 MiB. */
  importMaxBytes?: number | undefined;
  /** The largest shape of CSV file it accepts (`PROSPECTKIT_IMPORT_MAX_COLUMNS`, ...). Default `DEFAULT_IMPORT_SHAPE_LIMITS`. */
  importShape?: ImportShapeLimits | undefined;
  /** Outgoing mail and the inbound domain. Default: no relay (messages are kept, not sent), domain `localhost`. */
  mail?: SettingsMail;
}

/** Settings pages carry secrets: never cached. The other security headers are the app's (`securityHeaders`). */
function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.set('Cache-Control', 'no-store');
  next();
}

/**
 * The last handler of the settings area: an HTML page that never shows error details (messages may hold
 * input or secrets), and a log line without them either.
 */
function errorPage(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return;
    if (isCsrfError(error)) {
      logger.warn({ req_id: req.id }, 'settings: form refused without a valid CSRF token');
      return render(
        req,
        res,
        messagePage(
          'Form not accepted',
          'This form was not sent from a current settings page (its security token is missing or out of date). Go back, reload the page and send the form again.',
        ),
        { status: 403 },
      );
    }
    const status = (error as { status?: unknown }).status;
    if (status === 413) {
      return render(req, res, messagePage('Form too large', 'The form sent was too large.'), { status: 413 });
    }
    // A body the parsers refused (malformed JSON from a passkey step, a bad encoding): the sender's mistake.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return render(
        req,
        res,
        messagePage(
          'Request not understood',
          'The request sent could not be read. Reload the page and try again.',
        ),
        { status },
      );
    }
    const { name, code } = error as { name?: string; code?: string };
    logger.error({ req_id: req.id, err_name: name, err_code: code }, 'settings: unexpected error');
    render(
      req,
      res,
      messagePage('Something went wrong', `The server could not finish this request. Reference: ${req.id}.`),
      {
        status: 500,
      },
    );
  };
}

/**
 * Each area's routes and where they are mounted below `/workspaces/:workspaceId`, in order. Every page below is
 * checked by `authorizeWorkspace` (app/shared/authorize.ts) by its first segment; the route × role test walks
 * this table's routers (test/app/route-roles.test.ts), so a new route cannot be missed.
 */
export const WORKSPACE_AREAS: ReadonlyArray<readonly [string, (ctx: AppContext) => Router]> = [
  ['/settings', workspaceSettingsRoutes],
  ['/settings/members', memberRoutes],
  ['/settings/teammates', teammatesRedirect],
  ['/settings/audit', auditRoutes],
  ['/settings/fields', customFieldRoutes],
  ['/settings/tokens', tokenRoutes],
  ['/settings/webhooks', webhookRoutes],
  ['/settings/webhooks', webhookHealthRoutes],
  ['/inbox', inboxAssigneeRoutes],
  ['/inbox', inboxMessageRoutes],
  ['/prospects', appProspectRoutes],
  ['/imports', importRoutes],
  ['/inbox', inboxRoutes],
];

/**
 * The app in the browser, mounted at the root beside the API: sign-in, the workspace picker, each workspace's
 * prospects, imports and inbox, and its settings (Workspace settings; Automation & API: teammates, tokens,
 * webhooks and their deliveries). One folder per area under `src/app/`, over one shared layer (`shared/`:
 * layout, session, CSRF, rendering, assets); the URLs are listed in docs/architecture.md, "The app's URLs".
 * Paths outside the app (the API, `/docs`, `/healthz`) pass through untouched. Sessions are `express-session` on
 * the server's database, every form carries a `csrf-sync` token, and every page is rendered by the escaping
 * `html` template.
 *
 * @example
 * app.use(appRouter({ db, logger, limiter, signInLimiter, secureCookies: true }));
 * @see openapi.yaml `info.description` (Authentication: tokens and webhooks are managed in the settings area)
 */
export function appRouter(
  options: SettingsOptions & {
    db: Database;
    logger: Logger;
    clock?: Clock | undefined;
    /** Sign-in attempts per client address (`createLimiter(...).signInLimiter`). */
    signInLimiter: RateLimiterAbstract;
    /** Sign-in attempts per account. Default: counted in memory (one instance). */
    accountSignInLimiter?: RateLimiterAbstract | undefined;
    /** Page requests per session, never the API's budget. Default: counted in memory (one instance). */
    pageLimiter?: RateLimiterAbstract | undefined;
    /**
     * Mark the cookies `Secure` on every answer (the public origin is https), rather than only on requests Express
     * sees as https (which follows `trust proxy`).
     */
    secureCookies: boolean;
    /** The server's public origin (`PROSPECTKIT_PUBLIC_URL`), as the API uses it. Default: the request's own. */
    publicUrl?: string | undefined;
  },
): Router {
  const secret = sessionSecretLoader(options.db);
  const ctx: AppContext = {
    db: options.db,
    logger: options.logger,
    clock: options.clock ?? systemClock,
    signInLimiter: options.signInLimiter,
    accountSignInLimiter:
      options.accountSignInLimiter ?? new rateLimiterFlexible.RateLimiterMemory({ ...ACCOUNT_SIGN_IN_LIMIT }),
    signInCsrf: signInCsrf({ secret, secure: (req) => options.secureCookies || req.secure }),
    allowInsecureWebhooks: options.allowInsecureWebhooks === true,
    publicUrl: options.publicUrl,
    importMaxBytes: options.importMaxBytes ?? DEFAULT_IMPORT_MAX_BYTES,
    importShape: options.importShape ?? DEFAULT_IMPORT_SHAPE_LIMITS,
    mail: options.mail ?? { sender: createMailSender(undefined), inboundDomain: 'localhost' },
  };
  const router = express.Router();
  router.use((req, _res, next) => (isAppPath(req.path) ? next() : next('router')));
  router.use('/settings', legacySettingsRedirect);
  router.use(compressPages());
  // Stylesheets and scripts are public files: served before the session and any limit, never counted.
  router.use('/assets/vendor', vendorAssets());
  router.use('/assets', appAssets());
  router.use(noStore);
  // A prospect's form carries up to 50 tags and 10,000 characters of notes (openapi.yaml `ProspectCreate`); the
  // import mapping form sends one field per column of the CSV file (`column_N=contact_email&`, 30 bytes at most),
  // so it takes as many fields as an upload may have columns, and a few more (csv-shape-limits.ts).
  router.use(
    express.urlencoded({
      extended: false,
      limit: '128kb',
      parameterLimit: Math.max(210, ctx.importShape.maxColumns + 10),
    }),
  );
  // The passkey steps post JSON (from passkeys.js), each with its form token in `_csrf`.
  router.use(['/sign-in/passkey', '/account/passkeys'], express.json({ limit: '16kb' }));
  router.use(appSession(ctx.db, secret, { secure: options.secureCookies }));
  // The app's own budget, per session (per address before sign-in): browsing never spends the API's 60 a minute.
  router.use(
    pageRateLimit({
      limiter: options.pageLimiter ?? new rateLimiterFlexible.RateLimiterMemory({ ...PAGE_LIMIT }),
      logger: ctx.logger,
      refuse: (req, res) =>
        render(
          req,
          res,
          messagePage(
            'Too many requests',
            'Too many pages in a minute from this session. Wait a minute, then try again.',
          ),
          { status: 429 },
        ),
    }),
  );
  // The forms used before sign-in have no session yet, so they carry a signed double-submit token instead
  // (see signInCsrf), checked by their routes; every other form carries the session's.
  router.use((req, res, next) =>
    req.method === 'POST' && SIGN_IN_FORM_PATHS.test(req.path) ? next() : csrfProtection(req, res, next),
  );
  router.use(signInRoutes(ctx));
  router.use(passkeySignInRoutes(ctx));
  router.use(linkRoutes(ctx));
  router.use(requireCurrentSession({ db: ctx.db, clock: ctx.clock }));
  router.use(accountRoutes(ctx));
  router.use(twoFactorRoutes(ctx));
  router.use(passkeyRoutes(ctx));
  router.use(workspacePickerRoutes(ctx));
  router.use('/postmaster', postmasterRoutes(ctx));
  const workspace = express.Router({ mergeParams: true });
  workspace.get('/', (_req, res) => res.redirect(303, workspaceUrl(currentWorkspace(res).id, '/prospects')));
  for (const [path, routes] of WORKSPACE_AREAS) workspace.use(path, routes(ctx));
  router.use(
    '/workspaces/:workspaceId',
    loadWorkspace(ctx),
    authorizeWorkspace({
      findMembership: (personId, workspaceId) => findMembership(ctx.db, { personId, workspaceId }),
      refuse: (req, res, status) =>
        render(
          req,
          res,
          status === 404
            ? messagePage('Not found', 'There is no workspace with that id.')
            : messagePage(
                'Not allowed',
                'Your role in this workspace does not allow this page or action. Ask an admin of the workspace.',
              ),
          { status },
        ),
    }),
    workspace,
  );
  router.use((req, res) => {
    render(req, res, messagePage('Not found', 'There is no page at this address.'), { status: 404 });
  });
  router.use(errorPage(ctx.logger));
  return router;
}
