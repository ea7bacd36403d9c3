import type { FastifyInstance } from 'fastify';

/**
 * What the logger, the error answer and the request hooks ask of tracing (docs/decisions/0036).
 * Nothing until lib/tracing.ts starts: with tracing off no OpenTelemetry module is loaded and these
 * cost one `undefined` check.
 */
export interface TraceContext {
  /** The active span's ids, when a sampled span is active. */
  ids(): { traceId: string; spanId: string } | undefined;
  /** Names the request's server span by its route (`GET /api/v1/wallet`) and sets `http.route`. */
  nameRoute(method: string, route: string): void;
}

let current: TraceContext | undefined;

export function useTraceContext(context: TraceContext | undefined): void {
  current = context;
}

export function traceContext(): TraceContext | undefined {
  return current;
}

/**
 * Tracing is off unless the standard variables ask for it: an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) or OTEL_TRACES_EXPORTER=otlp|console;
 * OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none keep it off whatever else is set.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === 'none') return false;
  if (exporter === 'otlp' || exporter === 'console') return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** With tracing on, each request's server span takes its route's name (registered by app.ts only then). */
export function registerTraceRoutes(app: FastifyInstance, context: TraceContext): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route) context.nameRoute(request.method, route);
  });
}
