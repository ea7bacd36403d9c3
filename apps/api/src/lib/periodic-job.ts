import type { FastifyInstance } from 'fastify';

/** What an instance knows of one periodic job's runs (for /metrics and the operators). */
export interface JobHealth {
  name: string;
  pollMs: number;
  runs: number;
  failures: number;
  lastStartedAt: Date | null;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  lastError: string | null;
  lastDurationMs: number | null;
}

// Keyed by the app's HTTP server: the one object every encapsulated plugin of an app shares.
const jobsOf = new WeakMap<object, Map<string, JobHealth>>();

/** The periodic jobs of an app and how their runs went on this instance. */
export function jobHealthOf(app: FastifyInstance): JobHealth[] {
  return [...(jobsOf.get(app.server)?.values() ?? [])];
}

function healthOf(app: FastifyInstance, name: string, pollMs: number): JobHealth {
  let jobs = jobsOf.get(app.server);
  if (!jobs) jobsOf.set(app.server, (jobs = new Map()));
  const health: JobHealth = {
    name,
    pollMs,
    runs: 0,
    failures: 0,
    lastStartedAt: null,
    lastSuccessAt: null,
    lastFailureAt: null,
    lastError: null,
    lastDurationMs: null,
  };
  jobs.set(name, health);
  return health;
}

/**
 * Runs `work` every `pollMs` on this instance once the app is ready (never when `pollMs` is 0),
 * never two runs at once (a run still going when the next tick comes is not doubled), and waits
 * for the last run when the app closes. A failed run is logged and counted (jobHealthOf: /metrics);
 * the next tick tries again.
 */
export function periodicJob(app: FastifyInstance, name: string, pollMs: number, work: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const health = healthOf(app, name, pollMs);
  const tick = () => {
    if (running) return;
    const started = new Date();
    health.lastStartedAt = started;
    health.runs++;
    running = work()
      .then(() => {
        health.lastSuccessAt = new Date();
      })
      .catch((error: unknown) => {
        health.failures++;
        health.lastFailureAt = new Date();
        health.lastError = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
        app.log.warn({ err: error }, `${name} failed; next tick tries again`);
      })
      .finally(() => {
        health.lastDurationMs = Date.now() - started.getTime();
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (pollMs <= 0) return;
    timer = setInterval(tick, pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
