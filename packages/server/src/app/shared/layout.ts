import type { MemberRole } from '../../store/members.js';
import type { Workspace } from '../../store/workspaces.js';
import { assetUrl } from './app-assets.js';
import { can } from './authorize.js';
import { CSRF_FIELD } from './csrf.js';
import { html, type SafeHtml } from './html.js';

/**
 * The section of a workspace a page belongs to (highlighted in the navigation): the app (prospects, import,
 * inbox), Workspace settings (workspace, teammates), and Automation & API (tokens, webhooks).
 */
export type Section =
  | 'prospects'
  | 'import'
  | 'inbox'
  | 'workspace'
  | 'members'
  | 'audit'
  | 'fields'
  | 'tokens'
  | 'webhooks';

/** What every settings page is made of. */
export interface PageInput {
  title: string;
  body: SafeHtml;
  /** The CSRF token for the page's forms (the sign-out button included). */
  csrf: string;
  signedIn: boolean;
  /** The workspace being managed, which shows the navigation. */
  workspace?: Workspace;
  section?: Section;
  /** A one-time message from the previous step. */
  flash?: string | undefined;
  /** `warning` shows the message amber: an outcome that is not a success. */
  flashTone?: 'warning' | undefined;
  /** The signed-in person's role in `workspace`: the navigation shows only what it may open. */
  role?: MemberRole | undefined;
  /** The signed-in person's name or address, shown beside "Your account". */
  personLabel?: string | undefined;
  /** More of `<head>` for one page: its own stylesheet or script (see `assetUrl`), a refresh. */
  head?: SafeHtml | undefined;
}

/** The hidden CSRF field every form carries. */
export const csrfField = (token: string) => html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;

/**
 * URL of a page of a workspace's app (`/workspaces/:id/prospects`, `/imports`, `/inbox`): the URL names the
 * workspace, then the area (docs/architecture.md, "The app's URLs").
 */
export const workspaceUrl = (workspaceId: string, rest = '') =>
  `/workspaces/${encodeURIComponent(workspaceId)}${rest}`;

/**
 * URL of a workspace's settings (the service spec's "Workspace settings" and "Automation & API"):
 * `/workspaces/:id/settings` itself (name, suspension), or a page below it (`/teammates`, `/tokens`, `/webhooks`).
 */
export const settingsUrl = (workspaceId: string, rest = '') => workspaceUrl(workspaceId, `/settings${rest}`);

/** URL of a webhook's page, optionally a page below it. */
export const webhookUrl = (workspaceId: string, webhookId: string, rest = '') =>
  settingsUrl(workspaceId, `/webhooks/${encodeURIComponent(webhookId)}${rest}`);

function navigation(
  workspace: Workspace,
  section: Section | undefined,
  role: MemberRole | undefined,
): SafeHtml {
  const link = (target: Section, href: string, label: string) =>
    html`<li><a href="${href}"${target === section ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav class="side" aria-label="Workspace">
  <p>Workspace</p>
  <p><strong>${workspace.name}</strong>${workspace.suspended_at ? html` <span class="status bad">Suspended</span>` : ''}</p>
  <p><a href="/workspaces">Switch workspace</a></p>
  <p class="group" id="nav-app">Prospects &amp; inbox</p>
  <ul aria-labelledby="nav-app">
    ${link('prospects', workspaceUrl(workspace.id, '/prospects'), 'Prospects')}
    ${link('import', workspaceUrl(workspace.id, '/imports'), 'Import')}
    ${link('inbox', workspaceUrl(workspace.id, '/inbox'), 'Inbox')}
  </ul>
  ${
    can(role, 'manage') &&
    html`<p class="group" id="nav-workspace">Workspace settings</p>
  <ul aria-labelledby="nav-workspace">
    ${link('workspace', settingsUrl(workspace.id), 'Workspace')}
    ${link('members', settingsUrl(workspace.id, '/members'), 'Members')}
    ${link('fields', settingsUrl(workspace.id, '/fields'), 'Fields')}
    ${link('audit', settingsUrl(workspace.id, '/audit'), 'Audit log')}
  </ul>
  <p class="group" id="nav-automation">Automation &amp; API</p>
  <ul aria-labelledby="nav-automation">
    ${link('tokens', settingsUrl(workspace.id, '/tokens'), 'API tokens')}
    ${link('webhooks', settingsUrl(workspace.id, '/webhooks'), 'Webhooks')}
  </ul>`
  }
  ${role && html`<p class="hint">Your role: ${role}</p>`}
</nav>`;
}

/** A whole settings page: skip link, header with sign-out, the workspace navigation, then the page's body. */
export function layout(page: PageInput): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${page.title} · ProspectKit</title>
<link rel="stylesheet" href="${assetUrl('settings-base.css')}">
<link rel="stylesheet" href="${assetUrl('settings-forms.css')}">
<link rel="stylesheet" href="${assetUrl('settings.css')}">
<link rel="stylesheet" href="${assetUrl('prospects.css')}">
${page.section === 'inbox' && html`<link rel="stylesheet" href="${assetUrl('inbox.css')}">`}
<script src="${assetUrl('settings.js')}" defer></script>
${page.head}
</head>
<body>
<a class="skip" href="#main">Skip to main content</a>
<header class="top">
  <a class="brand" href="/">ProspectKit</a>
  ${
    page.signedIn &&
    html`<span class="who"><a href="/account" title="Your account">${page.personLabel || 'Your account'}</a> · <form method="post" action="/sign-out" class="inline">${csrfField(page.csrf)}<button type="submit" class="link">Sign out</button></form></span>`
  }
</header>
<div class="layout${page.workspace ? ' with-nav' : ''}">
${page.workspace && navigation(page.workspace, page.section, page.role)}
<main id="main" tabindex="-1">
${page.flash && html`<div class="${page.flashTone === 'warning' ? 'warning' : 'notice'}" role="status">${page.flash}</div>`}
<h1>${page.title}</h1>
${page.body}
</main>
</div>
</body>
</html>
`;
}
