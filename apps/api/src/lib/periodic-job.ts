import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `pollMs` on this instance once the app is ready (never when `pollMs` is 0),
 * never two runs at once (a run still going when the next tick comes is not doubled), and waits
 * for the last run when the app closes. A failed run is logged; the next tick tries again.
 */
export function periodicJob(app: FastifyInstance, name: string, pollMs: number, work: () => Promise<unknown>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => app.log.warn({ err: error }, `${name} failed; next tick tries again`))
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
