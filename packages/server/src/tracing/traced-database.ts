import { type Attributes, context, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { Database, Pool, QueryOptions, Row, Sql, TransactionOptions } from '../db/database.js';

/** Where a database is, for the spans' `server.*` and `db.namespace` attributes. */
export interface DatabaseTarget {
  /** `postgresql` for both engines: PGlite is PostgreSQL compiled to WebAssembly. */
  system: 'postgresql';
  /** The database name (`db.namespace`), e.g. `prospects`, or `pglite` for the embedded one. */
  namespace: string;
  /** The server's host and port, when over the network. */
  address?: string | undefined;
  port?: number | undefined;
}

const OPERATION =
  /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete|begin|commit|rollback|create|alter|drop|listen|notify|set)\b/i;

/** The statement's operation for `db.operation.name` and the span name: its first keyword, `WITH` looked past. */
function operationOf(text: string): string {
  const first = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  if (first !== 'WITH') return first;
  return OPERATION.exec(text)?.[1]?.toUpperCase() ?? 'WITH';
}

/**
 * The database with a span around every statement and transaction, for traces: the `postgres` driver (porsager)
 * has no OpenTelemetry instrumentation (`@opentelemetry/instrumentation-pg` patches node-postgres only), so the
 * server's one storage interface makes them itself. Attributes follow the database semantic conventions:
 * `db.system.name`, `db.namespace`, `db.operation.name`, `db.query.text` (the statement with its `$n`
 * placeholders; values are never recorded), `server.address`, `server.port`. A transaction is a span of its own
 * (`BEGIN`...`COMMIT`) holding its statements. Pools opened through `openPool` (the delivery queue, the rate
 * limiter) are traced too.
 *
 * @see https://opentelemetry.io/docs/specs/semconv/database/database-spans/
 */
export function tracedDatabase(db: Database, target: DatabaseTarget, tracer: Tracer): Database {
  const base: Attributes = {
    'db.system.name': target.system,
    'db.namespace': target.namespace,
    ...(target.address ? { 'server.address': target.address } : {}),
    ...(target.port ? { 'server.port': target.port } : {}),
  };
  const span = <T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> =>
    tracer.startActiveSpan(
      name,
      { kind: SpanKind.CLIENT, attributes: { ...base, ...attributes } },
      async (s) => {
        try {
          return await work();
        } catch (error) {
          s.recordException(error as Error);
          s.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string }).code ?? 'error' });
          throw error;
        } finally {
          s.end();
        }
      },
    );
  const statement = <T>(text: string, work: () => Promise<T>) => {
    const operation = operationOf(text);
    return span(operation, { 'db.operation.name': operation, 'db.query.text': text }, work);
  };
  const tracedSql = (sql: Sql): Sql => ({
    query: <T extends Row>(text: string, params?: readonly unknown[], options?: QueryOptions) =>
      statement(text, () => sql.query<T>(text, params, options)),
  });
  const tracedPool = (pool: Pool): Pool => ({
    ...tracedSql(pool),
    execute: <T extends Row>(text: string, params?: readonly unknown[]) =>
      statement(text, () => pool.execute<T>(text, params)),
    close: () => pool.close(),
  });
  return {
    ...db,
    kind: db.kind,
    query: tracedSql(db).query,
    transaction: <T>(fn: (tx: Sql) => Promise<T>, options?: TransactionOptions) =>
      span('transaction', { 'db.operation.name': 'BEGIN' }, () =>
        db.transaction((tx) => context.with(context.active(), () => fn(tracedSql(tx))), options),
      ),
    ...(db.openPool
      ? { openPool: (options) => tracedPool((db.openPool as NonNullable<Database['openPool']>)(options)) }
      : {}),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: () => (db.poolStats as NonNullable<Database['poolStats']>)() } : {}),
  };
}

/** The tracer of the server's own spans (statements, delivery attempts). */
export const serverTracer = (): Tracer => trace.getTracer('@prospectkit/server');
