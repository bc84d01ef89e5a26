import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tracingRequested } from '../../src/tracing/tracing-config.js';

const run = promisify(execFile);

interface SpanJson {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  scope: string;
}

describe('tracingRequested', () => {
  it.each([
    ['nothing set', {}, false],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    ['a traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    ['an exporter', { OTEL_TRACES_EXPORTER: 'console' }, true],
    [
      'the exporter none',
      { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
      false,
    ],
    ['the SDK disabled', { OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }, false],
  ])('%s: %s', (_name, env, want) => {
    expect(tracingRequested(env)).toBe(want);
  });
});

describe('traces of a request and of the delivery it causes', () => {
  it('has a span per request with its SQL inside, and the attempt linked to the request that wrote the event', {
    timeout: 120_000,
  }, async () => {
    const fixture = fileURLToPath(new URL('./traced-server.fixture.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, NODE_ENV: 'test' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const { status, traceparent, spans } = JSON.parse(stdout) as {
      status: number;
      traceparent: string | null;
      spans: SpanJson[];
    };
    expect(status).toBe(201);
    // The HTTP server span of the request, from the HTTP instrumentation, with Express' route.
    const request = spans.find(
      (s) =>
        s.scope === '@opentelemetry/instrumentation-http' && s.attributes['http.request.method'] === 'POST',
    ) as SpanJson;
    expect(request).toBeDefined();
    expect(request.attributes['http.route']).toBe('/api/v1/prospects');
    expect(request.name).toBe('POST /api/v1/prospects');
    expect(request.attributes['http.response.status_code']).toBe(201);
    expect(
      spans.some(
        (s) => s.scope === '@opentelemetry/instrumentation-express' && s.traceId === request.traceId,
      ),
    ).toBe(true);
    // Its SQL, in the same trace: the transaction and the insert of the prospect inside it.
    const sql = spans.filter(
      (s) => s.traceId === request.traceId && s.attributes['db.system.name'] === 'postgresql',
    );
    const insert = sql.find((s) => String(s.attributes['db.query.text']).includes('insert into prospects'));
    expect(insert).toMatchObject({ name: 'INSERT', kind: 2, attributes: { 'db.operation.name': 'INSERT' } });
    const transaction = sql.find((s) => s.name === 'transaction') as SpanJson;
    expect(insert?.parentSpanId).toBe(transaction.spanId);
    // Parameter values are never recorded.
    expect(JSON.stringify(sql)).not.toContain('Traced Ltd');
    // The event stored the request's trace context ...
    expect(traceparent).toMatch(new RegExp(`^00-${request.traceId}-[0-9a-f]{16}-0[01]$`));
    // ... and the attempt, a trace of its own, links to it.
    const attempt = spans.find((s) => s.name === 'webhook delivery attempt') as SpanJson;
    expect(attempt).toBeDefined();
    expect(attempt.traceId).not.toBe(request.traceId);
    expect(attempt.links).toEqual([
      { traceId: request.traceId, spanId: (traceparent as string).split('-')[2] },
    ]);
    expect(attempt.attributes).toMatchObject({
      'prospectkit.event.type': 'prospect.created',
      'prospectkit.attempt.number': 1,
      'http.response.status_code': 204,
    });
  });
});
