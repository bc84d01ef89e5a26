import { describe, expect, it } from 'vitest';
import { legacySettingsPath } from './legacy-settings-urls.js';

describe('legacySettingsPath', () => {
  const cases: Array<[string, { given: string; want: string }]> = [
    ['the old home', { given: '', want: '/' }],
    ['the old home with a slash', { given: '/', want: '/' }],
    ['sign-in', { given: '/sign-in', want: '/sign-in' }],
    ['sign-out', { given: '/sign-out', want: '/sign-out' }],
    ['an asset', { given: '/assets/settings.css', want: '/assets/settings.css' }],
    ['the postmaster mail', { given: '/postmaster', want: '/postmaster' }],
    ['the workspace picker', { given: '/workspaces', want: '/workspaces' }],
    ["a workspace's own settings", { given: '/workspaces/ws_1', want: '/workspaces/ws_1/settings' }],
    ['renaming a workspace', { given: '/workspaces/ws_1/name', want: '/workspaces/ws_1/settings/name' }],
    ['tokens', { given: '/workspaces/ws_1/tokens/new', want: '/workspaces/ws_1/settings/tokens/new' }],
    [
      'a webhook',
      { given: '/workspaces/ws_1/webhooks/wh_2', want: '/workspaces/ws_1/settings/webhooks/wh_2' },
    ],
    ['teammates', { given: '/workspaces/ws_1/teammates', want: '/workspaces/ws_1/settings/teammates' }],
    ['a prospect', { given: '/workspaces/ws_1/prospects/pr_3', want: '/workspaces/ws_1/prospects/pr_3' }],
    ['an import', { given: '/workspaces/ws_1/imports/im_4', want: '/workspaces/ws_1/imports/im_4' }],
    ['a conversation', { given: '/workspaces/ws_1/inbox/cv_5', want: '/workspaces/ws_1/inbox/cv_5' }],
    ['an unknown page', { given: '/nothing-here', want: '/' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(legacySettingsPath(given)).toBe(want);
  });
});
