import { PassThrough } from 'node:stream';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { tracingWanted } from '../src/lib/trace-context';
import { startTracing, type Tracing } from '../src/lib/tracing';
import { CLIENT_HEADER } from '../src/plugins/cross-site';
import type { TestApp } from './app';
import { registerMember } from './auth';
import { createTestDatabase, DATABASE_KINDS } from './database';

/*
 * OpenTelemetry traces (docs/decisions/0036): with tracing started (here with an in-memory
 * exporter), a real HTTP request gives a server span named by its route, PostgreSQL queries are
 * its children, the error answer carries the span's trace id and so does every log line.
 */
describe('when tracing is on', () => {
  it('is off unless the standard variables ask for it', () => {
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted({ OTEL_SERVICE_NAME: 'orchard' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });
});

// One tracer for the file, as for a process: the instrumentations patch the drivers once.
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(() => {
  tracing = startTracing({ exporter });
});
afterAll(async () => tracing?.shutdown());

describe.each(DATABASE_KINDS)('traces on %s', (kind) => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    const config = testConfig({ LOG_LEVEL: 'info' });
    const clock = new ManualClock(new Date());
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    const app = await buildApp({ config, database: database.handle, clock, logStream });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
    t = { app, database, config, clock, close: async () => (await app.close(), await database.destroy()) };
  });
  afterAll(async () => t?.close());

  const serverSpan = (name: string): ReadableSpan | undefined =>
    exporter.getFinishedSpans().find((span) => span.name === name && span.instrumentationScope.name.includes('http'));

  it('answers an error with the trace id of the request’s server span, which is named by its route', async () => {
    exporter.reset();
    const response = await fetch(`${origin}/api/v1/wallet`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { code: string; traceId?: string } };
    expect(body.error.code).toBe('UNAUTHENTICATED');
    const span = serverSpan('GET /api/v1/wallet');
    expect(
      span,
      exporter
        .getFinishedSpans()
        .map((s) => s.name)
        .join(', '),
    ).toBeDefined();
    expect(span!.attributes['http.route']).toBe('/api/v1/wallet');
    expect(body.error.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.error.traceId).toBe(span!.spanContext().traceId);
    const logged = lines.find((line) => line.msg === 'GET /api/v1/wallet 401' + ` ${String(line.responseTime)}ms`);
    expect(logged?.trace_id).toBe(span!.spanContext().traceId);
  });

  it('continues the caller’s W3C trace (traceparent, as the balancer passes it on)', async () => {
    exporter.reset();
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${origin}/api/v1/wallet`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    expect(((await response.json()) as { error: { traceId?: string } }).error.traceId).toBe(traceId);
    expect(serverSpan('GET /api/v1/wallet')?.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
  });

  // Declared only on PostgreSQL (PGlite has no driver to instrument), so no run counts it as skipped.
  if (kind === 'postgres')
    it('gives each PostgreSQL query of the request a child span of its server span', async () => {
      const member = await registerMember(t);
      exporter.reset();
      const response = await fetch(`${origin}/api/v1/wallet`, { headers: { cookie: member.cookie, [CLIENT_HEADER]: 'fetch' } });
      expect(response.status).toBe(200);
      const server = serverSpan('GET /api/v1/wallet');
      expect(server).toBeDefined();
      const queries = exporter
        .getFinishedSpans()
        .filter((span) => span.attributes['db.system.name'] === 'postgresql' && span.name.startsWith('pg.query'));
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        expect(query.spanContext().traceId).toBe(server!.spanContext().traceId);
        expect(query.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
      }
    });
});
