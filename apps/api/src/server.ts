// The process entry. Tracing starts first when the OTEL_* variables ask for it (lib/trace-context.ts),
// so the drivers the server loads next are instrumented; off, no OpenTelemetry module is loaded at
// all (docs/decisions/0036). The rest of the server is in start.ts.
import { tracingWanted } from './lib/trace-context';

try {
  const tracing = tracingWanted(process.env) ? (await import('./lib/tracing')).startTracing() : undefined;
  const { main } = await import('./start');
  await main(tracing);
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
