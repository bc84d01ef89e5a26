import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliTargets, expectMistakes, prospectkit } from './cli-helpers.js';

const targets = cliTargets('cli');

describe.each(targets)('prospectkit-server CLI on %s', (kind, setup) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ env, cleanup } = await setup());
  }, 120_000);
  afterAll(() => cleanup());

  it('migrates, manages workspaces, tokens and webhooks with --json', {
    timeout: 300_000,
  }, async () => {
    const migrated = await prospectkit(env, 'migrate', '--json');
    expect(migrated.code).toBe(0);
    expect(JSON.parse(migrated.stdout).applied.length).toBeGreaterThan(0);
    expect(JSON.parse((await prospectkit(env, 'migrate', '--json')).stdout).applied).toEqual([]);

    const workspace = JSON.parse(
      (await prospectkit(env, 'workspace', 'create', '--name', 'Acme', '--json')).stdout,
    );
    expect(workspace.id).toMatch(/^ws_/);

    const created = await prospectkit(
      env,
      'token',
      'create',
      '--workspace',
      workspace.id,
      '--abilities',
      'prospects:read,outcomes:write',
      '--expires-in',
      '30d',
      '--name',
      'CI',
      '--json',
    );
    const token = JSON.parse(created.stdout);
    expect(token.token).toMatch(/^pkt_[0-9A-Za-z]{36}$/);
    expect(token.abilities).toEqual(['prospects:read', 'outcomes:write']);

    const listed = JSON.parse((await prospectkit(env, 'token', 'list', '--json')).stdout);
    expect(JSON.stringify(listed)).not.toContain(token.token);
    expect(listed[0].id).toBe(token.id);

    const webhook = JSON.parse(
      (
        await prospectkit(
          env,
          'webhook',
          'create',
          '--url',
          'https://hooks.example.com/pk',
          '--events',
          'prospect.created,opportunity.won',
          '--json',
        )
      ).stdout,
    );
    expect(webhook.id).toMatch(/^wh_/);
    expect(webhook.secret).toMatch(/^whk_[0-9A-Za-z]{32}$/);
    expect((await prospectkit(env, 'webhook', 'revoke', webhook.id, '--json')).code).toBe(0);
    expect(
      JSON.parse((await prospectkit(env, 'webhook', 'list', '--json')).stdout)[0].revoked_at,
    ).not.toBeNull();
    expect((await prospectkit(env, 'token', 'revoke', token.id)).stdout).toContain('Revoked');
    expect((await prospectkit(env, 'workspace', 'suspend', workspace.id)).stdout).toContain('suspended');
    expect((await prospectkit(env, 'token', 'revoke', 'tok_missing')).code).toBe(2);
  });

  // Refused by rules that do not depend on the database, so one database proves them: the last target
  // (PostgreSQL when there is one, where each command starts faster). The webhook commands pick the one workspace
  // the test above created.
  it.runIf(kind === targets.at(-1)?.[0])(
    'explains mistakes in the options with exit status 2',
    {
      timeout: 300_000,
    },
    async () => {
      const webhook = (url: string, events = 'prospect.created') => [
        'webhook',
        'create',
        '--url',
        url,
        '--events',
        events,
      ];
      await expectMistakes(env, [
        [['token', 'create', '--abilities', 'prospects:read', '--expires-in', '366d'], /at most 365d/],
        [['token', 'create', '--abilities', 'prospects:delete'], /prospects:delete/],
        [webhook('http://hooks.example.com/pk'), /https/],
        [webhook('https://hooks.example.com:8443/pk'), /port 443/],
        [webhook('https://hooks.example.com/pk?x=1'), /query/],
        [webhook('https://user:pw@hooks.example.com/pk'), /user name/],
        // Issue 24, also noted: workspace names took CR/LF and control characters.
        [['workspace', 'create', '--name', 'Acme\r\nInjected'], /control characters/],
        [['workspace', 'create', '--name', 'Acme \u202eevil'], /control characters/],
        [webhook('https://h.example.com/', 'nope'), /Unknown events/],
      ]);
    },
  );
});

describe('invalid configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['PROSPECTKIT_RATE_LIMIT', '0'],
    ['LOG_LEVEL', 'loud'],
  ])('%s=%s stops with a message naming the variable', async (name, value) => {
    const answer = await prospectkit({ [name]: value }, 'workspace', 'list');
    expect(answer.code).toBe(2);
    expect(answer.stderr).toContain(name);
  });
});

describe('embedded data directory lock', () => {
  it('a second process gets a clear message while the directory is held', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pk-lock-'));
    const { createPgliteDatabase } = await import('../src/db/pglite-database.js');
    const held = await createPgliteDatabase(join(dir, 'data'));
    try {
      const answer = await prospectkit({ PROSPECTKIT_DATA_DIR: join(dir, 'data') }, 'workspace', 'list');
      expect(answer.code).toBe(2);
      expect(answer.stderr).toContain('in use by another prospectkit-server process');
      expect(answer.stderr).toContain('DATABASE_URL');
    } finally {
      await held.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
