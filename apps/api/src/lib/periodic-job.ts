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
  /** A job that moves money skipped its last tick because maintenance mode is on (it goes on when it is off). */
  paused: boolean;
}

// Keyed by the app's HTTP server: the one object every encapsulated plugin of an app shares.
const jobsOf = new WeakMap<object, Map<string, JobHealth>>();
const moneyStoppedOf = new WeakMap<object, () => Promise<boolean>>();
const PAUSED = Symbol('paused');

/**
 * Hands the jobs of an app whether money may move now (maintenance mode, app.ts): a job declared
 * with `movesMoney` skips its ticks while it answers true, as money requests are refused then.
 */
export function stopMoneyJobsWhile(app: FastifyInstance, moneyStopped: () => Promise<boolean>): void {
  moneyStoppedOf.set(app.server, moneyStopped);
}

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
    paused: false,
  };
  jobs.set(name, health);
  return health;
}

/**
 * Runs `work` every `pollMs` on this instance once the app is ready (never when `pollMs` is 0),
 * never two runs at once (a run still going when the next tick comes is not doubled), and waits
 * for the last run when the app closes. A failed run is logged and counted (jobHealthOf: /metrics);
 * the next tick tries again. A job that `movesMoney` skips its ticks while maintenance mode is on
 * (`stopMoneyJobsWhile`): it is shown paused, not failing, and a run already going finishes.
 */
export function periodicJob(
  app: FastifyInstance,
  name: string,
  pollMs: number,
  work: () => Promise<unknown>,
  options: { movesMoney?: boolean } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const health = healthOf(app, name, pollMs);
  const pausedNow = async () => {
    const moneyStopped = options.movesMoney ? moneyStoppedOf.get(app.server) : undefined;
    health.paused = moneyStopped ? await moneyStopped() : false;
    return health.paused;
  };
  const tick = () => {
    if (running) return;
    const started = new Date();
    running = pausedNow()
      .then((paused) => {
        if (paused) return PAUSED;
        health.lastStartedAt = started;
        health.runs++;
        return work();
      })
      .then((outcome) => {
        if (outcome === PAUSED) return;
        health.lastSuccessAt = new Date();
        health.lastDurationMs = Date.now() - started.getTime();
      })
      .catch((error: unknown) => {
        health.failures++;
        health.lastFailureAt = new Date();
        health.lastError = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
        health.lastDurationMs = Date.now() - started.getTime();
        app.log.warn({ err: error }, `${name} failed; next tick tries again`);
      })
      .finally(() => {
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
