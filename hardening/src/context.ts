import { ABILITIES, type Ability } from '@prospectkit/core';
import {
  createApiToken,
  createWorkspace,
  type Database,
  openDatabase,
  revokeApiToken,
} from '@prospectkit/server';
import type { Agent } from 'undici';
import type { OperationId } from './contract.js';
import type { FuzzContext } from './fuzz-context.js';
import { send } from './http.js';

const DAY_MS = 86_400_000;

async function mint(db: Database, workspaceId: string, abilities: readonly Ability[], name: string) {
  const now = new Date();
  return createApiToken(db, {
    workspaceId,
    name,
    abilities,
    expiresAt: new Date(now.getTime() + DAY_MS),
    now,
  });
}

/** Creates a prospect through the API and returns its id. */
export async function createProspectViaApi(
  origin: string,
  token: string,
  agent: Agent,
  company: string,
): Promise<string> {
  const seen = await send(
    origin,
    {
      method: 'POST',
      path: '/api/v1/prospects',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ company }),
    },
    agent,
  );
  if (seen.status !== 201)
    throw new Error(`setup: creating a prospect answered ${seen.status}: ${seen.text}`);
  return (JSON.parse(seen.text) as { id: string }).id;
}

/**
 * Workspaces, tokens (full, lacking each ability, expired, revoked, deleted) and a pool of prospects for the
 * fuzzer, minted with the server's exported store functions on the server's database.
 */
export async function prepareFuzzContext(
  databaseUrl: string,
  origin: string,
  agent: Agent,
): Promise<{ context: FuzzContext; db: Database }> {
  const db = await openDatabase({ databaseUrl });
  const workspace = await createWorkspace(db, 'Hardening workspace');
  const other = await createWorkspace(db, 'Other workspace');
  const all = await mint(db, workspace.id, ABILITIES, 'fuzz: every ability');
  const lacking = async (ability: Ability) =>
    (
      await mint(
        db,
        workspace.id,
        ABILITIES.filter((a) => a !== ability),
        `fuzz: without ${ability}`,
      )
    ).token;
  const withoutRead = await lacking('prospects:read');
  const withoutWrite = await lacking('prospects:write');
  const withoutOutcomes = await lacking('outcomes:write');
  const lackingByOperation: Record<OperationId, string> = {
    listProspects: withoutRead,
    getProspect: withoutRead,
    createProspect: withoutWrite,
    updateProspect: withoutWrite,
    recordOutcome: withoutOutcomes,
  };
  const past = new Date(Date.now() - 2 * DAY_MS);
  const expired = await createApiToken(db, {
    workspaceId: workspace.id,
    name: 'fuzz: expired',
    abilities: ABILITIES,
    expiresAt: new Date(past.getTime() + 1000),
    now: past,
  });
  const revoked = await mint(db, workspace.id, ABILITIES, 'fuzz: revoked');
  await revokeApiToken(db, revoked.record.id);
  const deleted = await mint(db, workspace.id, ABILITIES, 'fuzz: deleted');
  await db.query('delete from api_tokens where id = $1', [deleted.record.id]);
  const foreign = await mint(db, other.id, ABILITIES, 'fuzz: other workspace');

  const prospectIds: string[] = [];
  for (let i = 0; i < 20; i++)
    prospectIds.push(await createProspectViaApi(origin, all.token, agent, `Seed ${i}`));
  const foreignProspectId = await createProspectViaApi(origin, foreign.token, agent, 'Foreign Ltd');
  return {
    db,
    context: {
      token: all.token,
      lacking: lackingByOperation,
      expired: expired.token,
      revoked: revoked.token,
      unknown: deleted.token,
      prospectIds,
      foreignProspectId,
    },
  };
}
