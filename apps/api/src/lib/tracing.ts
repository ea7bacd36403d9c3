import { createRequire } from 'node:module';
import { context, propagation, trace, type Span } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { useTraceContext } from './trace-context';

/**
 * OpenTelemetry traces (docs/decisions/0036): a server span per HTTP request (named by its route),
 * a child span per PostgreSQL query (pg) and Redis command (ioredis), exported by OTLP/HTTP to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Only loaded when `tracingWanted` says so (server.ts imports it
 * lazily), so it costs nothing while off. Configured by the standard variables: OTEL_SERVICE_NAME,
 * OTEL_RESOURCE_ATTRIBUTES, OTEL_TRACES_SAMPLER(_ARG), OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT/HEADERS,
 * OTEL_TRACES_EXPORTER (otlp or console). W3C traceparent in and out.
 */
export interface Tracing {
  shutdown(): Promise<void>;
}

/** Paths asked every few seconds by machines; a span each would bury the requests people make. */
const UNTRACED = new Set(['/api/ready', '/api/health', '/metrics']);

export function startTracing(options: { exporter?: SpanExporter } = {}): Tracing {
  const exporter =
    options.exporter ?? (process.env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': 'orchard-api' }))
      .merge(detectResources({ detectors: [envDetector] })),
    // A test's in-memory exporter sees each span as it ends; a real exporter gets them in batches.
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.has((request.url ?? '').split('?')[0] ?? ''),
        // The exporter's own posts and other outgoing calls are not what a trace of a request is about.
        ignoreOutgoingRequestHook: () => true,
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  patchLoadedDrivers();
  useTraceContext({
    ids() {
      const span = trace.getActiveSpan()?.spanContext();
      return span && span.traceFlags & 1 ? { traceId: span.traceId, spanId: span.spanId } : undefined;
    },
    nameRoute(method, route) {
      const rpc = getRPCMetadata(context.active());
      if (rpc?.type === RPCType.HTTP) rpc.route = route;
      const span: Span | undefined = trace.getActiveSpan();
      span?.setAttribute('http.route', route);
      span?.updateName(`${method} ${route}`);
    },
  });
  return {
    async shutdown() {
      useTraceContext(undefined);
      unregister();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/**
 * The instrumentations patch a driver when it is required; the bundle imports pg and ioredis as ES
 * modules, which may already have loaded them. Requiring them again hands the loaded exports to
 * the instrumentations' hooks, which patch the prototypes in place (the ES import sees the same
 * objects). A driver that is not installed is skipped.
 */
function patchLoadedDrivers(): void {
  const load = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'pg', 'pg-pool', 'ioredis']) {
    try {
      load(name);
    } catch {
      // not installed here: nothing to patch
    }
  }
}
