import {
  type Ability,
  type Clock,
  type CustomFieldDefinition,
  newId,
  type OutcomeResult,
  type Prospect,
  repairStoredProspect,
} from '@prospectkit/core';
import { ProspectKitMockError } from './mock-error.js';

/** A prospect to put in the store: `company` is required, every other field defaults (ids and times included). */
export type ProspectSeed = Partial<Prospect> & {
  /** The company's name, 1-255 characters like the contract's `company`. */
  company: string;
};

/** What a token may do, and in which workspace. */
export interface TokenGrant {
  /** The abilities the token has, e.g. `['prospects:read']`; a call needing another one gets 403. */
  abilities: readonly Ability[];
  /** The workspace the token acts in, e.g. `ws_01J...`; prospects of other workspaces are 404 to it. */
  workspaceId: string;
}

/** A recorded outcome, kept as history like the server's `outcomes` table. */
export interface OutcomeRecord extends OutcomeResult {
  /** The workspace of the prospect the outcome was recorded on. */
  workspace_id: string;
}

/** The prospects of the in-memory store. Reads return copies; writes go through these methods. */
export interface ProspectTable {
  /** The prospects of a workspace (default: the mock's), newest first like `listProspects`. */
  list(options?: { workspaceId?: string }): Prospect[];
  /** One prospect by id, in any workspace, or `undefined`. */
  get(id: string): Prospect | undefined;
  /**
   * Stores a prospect without events (like an import), filling what is not given: a new `prs_` id, `null`
   * fields, `tags: []`, no outcome, `created_at` and `updated_at` from the mock's clock. A field that breaks
   * today's contract, as data exported from an earlier server may (a `website` of `https://`), is repaired
   * as the server's upgrade repairs its rows: it becomes `null` (a tag is dropped) and a line of `notes` keeps
   * the original (`Website removed on upgrade, not a valid URL: https://`). Use `update` to store anything as is.
   *
   * @param options.workspaceId the workspace it belongs to. Default: the mock's workspace.
   * @returns the stored prospect
   */
  insert(prospect: ProspectSeed, options?: { workspaceId?: string }): Prospect;
  /**
   * Overwrites fields of a stored prospect as given (no validation, no events, `updated_at` untouched unless given).
   *
   * @throws {ProspectKitMockError} `prospect_not_found` when no prospect has that id
   */
  update(id: string, changes: Partial<Prospect>): Prospect;
  /** Removes a prospect; `true` when there was one. */
  delete(id: string): boolean;
  /** The workspace a prospect belongs to, or `undefined`. */
  workspaceOf(id: string): string | undefined;
  /** Removes every prospect and its outcomes. */
  clear(): void;
}

/** The outcome history of the in-memory store. */
export interface OutcomeTable {
  /** Every recorded outcome, oldest first; of one prospect when `prospectId` is given. */
  list(options?: { prospectId?: string }): OutcomeRecord[];
  /** Appends a recorded outcome (the mock's `recordOutcome` does). */
  add(record: OutcomeRecord): void;
  /** Removes every recorded outcome. */
  clear(): void;
}

/** The tokens the mock accepts besides those `auth: 'any'` lets through. */
export interface TokenTable {
  /** Grants a token abilities, in the mock's workspace unless `workspaceId` is given. */
  set(token: string, abilities: readonly Ability[], options?: { workspaceId?: string }): void;
  /** What a token may do and where, or `undefined` when the table does not hold it. */
  get(token: string): TokenGrant | undefined;
  /** Removes a token, so it gets 401 unless `auth: 'any'` lets it through; `true` when there was one. */
  delete(token: string): boolean;
  /** Removes every token. */
  clear(): void;
}

/**
 * The workspaces' custom fields, which `createProspect` and `updateProspect` check `custom_fields` against
 * (core's `normalizeCustomFields`, as the server). The server's are defined in the app (Workspace settings →
 * Fields); the mock's come from `seed.customFields` or from `set`.
 */
export interface CustomFieldTable {
  /** The fields of the mock's workspace unless `workspaceId` is given, in order. */
  list(options?: { workspaceId?: string }): CustomFieldDefinition[];
  /** Replaces the fields of a workspace (the mock's unless `workspaceId` is given); values already stored stay. */
  set(definitions: readonly CustomFieldDefinition[], options?: { workspaceId?: string }): void;
  /** Removes every workspace's fields. */
  clear(): void;
}

/** The mock's in-memory store: readable and writable from tests. */
export interface MockDatabase {
  /** The workspace requests act in unless a token says otherwise, e.g. `ws_01J...`. */
  readonly workspaceId: string;
  /** The prospects of every workspace. */
  readonly prospects: ProspectTable;
  /** Every recorded outcome, as history. */
  readonly outcomes: OutcomeTable;
  /** The tokens with their abilities and workspace. */
  readonly tokens: TokenTable;
  /** The custom fields of each workspace. */
  readonly customFields: CustomFieldTable;
}

const clone = <T>(value: T): T => structuredClone(value);

/** Newest first: `created_at` descending, then `id` descending, like the server's index. */
function newestFirst(a: Prospect, b: Prospect): number {
  const byTime = Date.parse(b.created_at) - Date.parse(a.created_at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** Creates an empty store whose default workspace is `workspaceId`. */
export function createMockDatabase(workspaceId: string, clock: Clock): MockDatabase {
  const prospects = new Map<string, { workspaceId: string; prospect: Prospect }>();
  let outcomes: OutcomeRecord[] = [];
  const tokens = new Map<string, TokenGrant>();
  const customFields = new Map<string, CustomFieldDefinition[]>();

  const find = (id: string) => {
    const row = prospects.get(id);
    if (!row) throw new ProspectKitMockError('prospect_not_found', `No prospect has the id ${id}.`);
    return row;
  };

  return {
    workspaceId,
    prospects: {
      list(options = {}) {
        const workspace = options.workspaceId ?? workspaceId;
        return [...prospects.values()]
          .filter((row) => row.workspaceId === workspace)
          .map((row) => clone(row.prospect))
          .sort(newestFirst);
      },
      get: (id) => {
        const row = prospects.get(id);
        return row ? clone(row.prospect) : undefined;
      },
      insert(seed, options = {}) {
        if (typeof seed?.company !== 'string') {
          throw new ProspectKitMockError('invalid_seed', 'A prospect needs a `company` string.');
        }
        const now = clock.now();
        const at = now.toISOString();
        const { prospect } = repairStoredProspect({
          id: seed.id ?? newId('prospect', now.getTime()),
          company: seed.company,
          domain: seed.domain ?? null,
          website: seed.website ?? null,
          location: seed.location ?? null,
          contact_name: seed.contact_name ?? null,
          contact_email: seed.contact_email ?? null,
          contact_first_name: seed.contact_first_name ?? null,
          contact_last_name: seed.contact_last_name ?? null,
          contact_title: seed.contact_title ?? null,
          contact_phone: seed.contact_phone ?? null,
          contact_profile_url: seed.contact_profile_url ?? null,
          city: seed.city ?? null,
          region: seed.region ?? null,
          country: seed.country ?? null,
          custom_fields: seed.custom_fields ? clone(seed.custom_fields) : {},
          notes: seed.notes ?? null,
          tags: seed.tags ? [...seed.tags] : [],
          owner_id: seed.owner_id ?? null,
          outcome: seed.outcome ? clone(seed.outcome) : null,
          created_at: seed.created_at ?? at,
          updated_at: seed.updated_at ?? seed.created_at ?? at,
        });
        prospects.set(prospect.id, { workspaceId: options.workspaceId ?? workspaceId, prospect });
        return clone(prospect);
      },
      update(id, changes) {
        const row = find(id);
        row.prospect = { ...row.prospect, ...clone(changes), id };
        return clone(row.prospect);
      },
      delete(id) {
        outcomes = outcomes.filter((o) => o.prospect_id !== id);
        return prospects.delete(id);
      },
      workspaceOf: (id) => prospects.get(id)?.workspaceId,
      clear() {
        prospects.clear();
        outcomes = [];
      },
    },
    outcomes: {
      list: (options = {}) =>
        outcomes
          .filter((o) => options.prospectId === undefined || o.prospect_id === options.prospectId)
          .map(clone),
      add(record) {
        outcomes.push(clone(record));
      },
      clear() {
        outcomes = [];
      },
    },
    tokens: {
      set(token, abilities, options = {}) {
        tokens.set(token, { abilities: [...abilities], workspaceId: options.workspaceId ?? workspaceId });
      },
      get: (token) => {
        const grant = tokens.get(token);
        return grant && { abilities: [...grant.abilities], workspaceId: grant.workspaceId };
      },
      delete: (token) => tokens.delete(token),
      clear() {
        tokens.clear();
      },
    },
    customFields: {
      list: (options = {}) => clone(customFields.get(options.workspaceId ?? workspaceId) ?? []),
      set(definitions, options = {}) {
        customFields.set(options.workspaceId ?? workspaceId, clone([...definitions]));
      },
      clear() {
        customFields.clear();
      },
    },
  };
}
