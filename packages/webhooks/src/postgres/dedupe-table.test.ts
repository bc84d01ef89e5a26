import { describe, expect, it } from 'vitest';
import { dedupeTableSql, quoteTableName } from './dedupe-table.js';

describe('dedupeTableSql', () => {
  it('is the documented SQL', () => {
    expect(dedupeTableSql()).toBe(
      [
        'CREATE TABLE IF NOT EXISTS "prospectkit_webhook_dedupe" (',
        '  id text PRIMARY KEY,',
        '  expires_at timestamptz NOT NULL',
        ');',
        'CREATE INDEX IF NOT EXISTS "prospectkit_webhook_dedupe_expires_at_idx" ON "prospectkit_webhook_dedupe" (expires_at);',
      ].join('\n'),
    );
  });

  it('takes a schema-qualified name', () => {
    expect(dedupeTableSql('hooks.dedupe')).toContain('CREATE TABLE IF NOT EXISTS "hooks"."dedupe"');
    expect(dedupeTableSql('hooks.dedupe')).toContain('"dedupe_expires_at_idx" ON "hooks"."dedupe"');
  });
});

describe('quoteTableName', () => {
  it.each(['Dedupe', 'a-b', 'a"b', 'a;drop table x', 'a.b.c', '', '1abc', 'x'.repeat(64)])(
    'refuses %j',
    (name) => {
      expect(() => quoteTableName(name)).toThrow(TypeError);
    },
  );
});
