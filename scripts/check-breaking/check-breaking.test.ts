import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import type { PendingChangeset } from '../release/pending-changesets.js';
import { gateBreakingChanges } from './breaking-change-gate.js';
import type { ContractChange } from './contract-change.js';
import type { Node } from './contract-document.js';
import { findBreakingChanges, OWN_RULES } from './find-breaking-changes.js';
import { behaviourMarkerProblems } from './rules/behaviour-changed.js';

const today = readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8');
const planted = (change: (doc: Node) => void): Node => {
  const doc = parse(today) as Node;
  change(doc);
  return doc;
};
const ownChanges = (head: Node) => OWN_RULES.flatMap((rule) => rule({ base: parse(today) as Node, head }));
const schemas = (doc: Node) => doc.components.schemas as Node;
const pick = (changes: ContractChange[]) =>
  changes.map(({ rule, where, detail }) => ({ rule, where, detail }));

describe("check:breaking's own rules: each planted change is caught", () => {
  it.each<[string, (doc: Node) => void, Array<Partial<ContractChange>>]>([
    [
      'a schema renamed (its $refs follow)',
      (doc) => {
        schemas(doc).CompanyName = schemas(doc).Company;
        delete schemas(doc).Company;
        for (const name of ['Prospect', 'ProspectCreate', 'ProspectUpdate'])
          schemas(doc)[name].properties.company = { $ref: '#/components/schemas/CompanyName' };
      },
      [
        {
          rule: 'component-removed',
          where: 'components.schemas.Company',
          detail: 'was renamed or removed: the places that used it now use components.schemas.CompanyName',
        },
      ],
    ],
    [
      'a schema removed',
      (doc) => {
        delete schemas(doc).WebhookEvent;
      },
      [{ rule: 'component-removed', where: 'components.schemas.WebhookEvent', detail: 'was removed' }],
    ],
    [
      'a pattern made stricter in a request',
      (doc) => {
        schemas(doc).Tag.pattern = '^[a-z]+$';
      },
      [
        {
          rule: 'request-constraint-stricter',
          where: 'components.schemas.Tag',
          detail: 'pattern changed from "\\\\S" to "^[a-z]+$"',
        },
      ],
    ],
    [
      'a maxLength lowered in a request',
      (doc) => {
        schemas(doc).Notes.maxLength = 5000;
      },
      [
        {
          rule: 'request-constraint-stricter',
          where: 'components.schemas.Notes',
          detail: 'maxLength lowered from 10000 to 5000',
        },
      ],
    ],
    [
      'an enum value removed from a request',
      (doc) => {
        schemas(doc).OutcomeValue.enum = schemas(doc).OutcomeValue.enum.filter((v: string) => v !== 'Lost');
      },
      [
        {
          rule: 'request-constraint-stricter',
          where: 'components.schemas.OutcomeValue',
          detail: 'enum lost ["Lost"]',
        },
      ],
    ],
    [
      'a minimum raised on a query parameter',
      (doc) => {
        doc.components.parameters.Page.schema.minimum = 2;
      },
      [
        {
          rule: 'request-constraint-stricter',
          where: 'GET /prospects parameter query:page',
          detail: 'minimum raised from 1 to 2',
        },
      ],
    ],
    [
      'a response field made optional',
      (doc) => {
        schemas(doc).Prospect.required = schemas(doc).Prospect.required.filter((n: string) => n !== 'notes');
      },
      [
        {
          rule: 'response-made-optional',
          where: 'components.schemas.Prospect',
          detail: 'no longer requires `notes`',
        },
      ],
    ],
    [
      'a response header made optional',
      (doc) => {
        doc.components.headers['X-Request-Id'].required = false;
      },
      // Every answer of every operation lists it; one is enough to show here.
      [
        {
          rule: 'response-made-optional',
          where: 'GET /prospects response 200 header X-Request-Id',
          detail: 'is no longer required',
        },
      ],
    ],
    [
      'a required property added to a request',
      (doc) => {
        schemas(doc).ProspectCreate.required.push('domain');
      },
      [
        {
          rule: 'request-required-added',
          where: 'components.schemas.ProspectCreate',
          detail: 'now requires `domain`',
        },
      ],
    ],
    [
      'a query parameter made required',
      (doc) => {
        doc.components.parameters.Search.required = true;
      },
      [
        {
          rule: 'request-required-added',
          where: 'GET /prospects parameter query:search',
          detail: 'is now required',
        },
      ],
    ],
    [
      'a described behaviour marked as changed',
      (doc) => {
        schemas(doc).Notes['x-behaviour-changed'] = ['unreleased: notes are now kept as Markdown'];
      },
      [
        {
          rule: 'behaviour-changed',
          where: 'components.schemas.Notes',
          detail: 'behaviour changed: notes are now kept as Markdown',
        },
      ],
    ],
  ])('%s', (_name, change, want) => {
    const found = pick(ownChanges(planted(change)));
    for (const expected of want) expect(found).toContainEqual(expected);
  });

  it.each<[string, (doc: Node) => void]>([
    [
      'a maxLength raised (looser)',
      (doc) => {
        schemas(doc).Notes.maxLength = 20000;
      },
    ],
    ['an enum value added to a request', (doc) => void schemas(doc).OutcomeValue.enum.push('Paused')],
    ['a response field made required', (doc) => void schemas(doc).ErrorResponse.required.push('errors')],
    [
      'a description reworded',
      (doc) => {
        schemas(doc).Notes.description = 'Free text.';
      },
    ],
  ])('%s is no breaking change', (_name, change) => {
    expect(pick(ownChanges(planted(change)))).toEqual([]);
  });

  it('a malformed x-behaviour-changed entry is a problem', () => {
    const doc = planted((d) => {
      schemas(d).Notes['x-behaviour-changed'] = ['notes are Markdown'];
    });
    expect(behaviourMarkerProblems(doc)).toEqual([
      'components.schemas.Notes.x-behaviour-changed: "notes are Markdown" is not "<version>: <what changed>" (write "unreleased: ..." until the release).',
    ]);
  });
});

describe('findBreakingChanges (with Optic)', () => {
  it("passes today's contract against itself", async () => {
    expect(await findBreakingChanges({ base: today, head: today })).toMatchObject({
      changes: [],
      problems: [],
    });
  });

  it("reports Optic's findings beside its own", async () => {
    const head = stringify(planted((doc) => void schemas(doc).ProspectCreate.required.push('domain')));
    const { changes } = await findBreakingChanges({ base: today, head });
    expect(changes.map((c) => c.rule)).toEqual(expect.arrayContaining(['optic', 'request-required-added']));
    expect(changes.find((c) => c.rule === 'optic')?.detail).toMatch(
      /^prevent changing request property to required/,
    );
  });
});

describe('gateBreakingChanges', () => {
  const change: ContractChange = {
    rule: 'behaviour-changed',
    where: 'x',
    detail: 'y',
    reach: 'behaviour',
    usedBy: [],
  };
  const typed: ContractChange = { ...change, reach: 'types' };
  const at = (version: string) =>
    ['@prospectkit/client', '@prospectkit/server', '@prospectkit/mock'].map((name) => ({
      name,
      dir: '',
      version,
    }));
  const pending = (
    summary: string,
    type: 'patch' | 'minor' | 'major',
    names: string[],
  ): PendingChangeset => ({
    id: 'c',
    releases: names.map((name) => ({ name, type })),
    summary,
  });
  const breaking = 'Breaking: it changed.\n\nMigration: do this.';
  const both = ['@prospectkit/server', '@prospectkit/mock'];

  it.each<[string, ContractChange, PendingChangeset[], string, boolean]>([
    [
      'a breaking minor of the server and the mock, 0.x',
      change,
      [pending(breaking, 'minor', both)],
      '0.2.0',
      true,
    ],
    [
      'a feature minor is not an announcement',
      change,
      [pending('New thing.', 'minor', both)],
      '0.2.0',
      false,
    ],
    ['a breaking patch is too small', change, [pending(breaking, 'patch', both)], '0.2.0', false],
    [
      'from 1.0.0 a breaking change needs the major',
      change,
      [pending(breaking, 'minor', both)],
      '1.0.0',
      false,
    ],
    ['a breaking major from 1.0.0', change, [pending(breaking, 'major', both)], '1.0.0', true],
    ['a change of types reaches the client too', typed, [pending(breaking, 'minor', both)], '0.2.0', false],
  ])('%s', (_name, c, changesets, version, accepted) => {
    expect(gateBreakingChanges([c], changesets, at(version))[0]?.accepted).toBe(accepted);
  });
});
