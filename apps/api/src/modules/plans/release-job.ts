import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { releaseDueCommissions } from './commissions';

/**
 * Every COMMISSION_RELEASE_POLL_MS each instance releases the commissions whose holding period is
 * over. Several instances may run it at once: the rows are claimed with SKIP LOCKED, so each
 * commission is released exactly once. A run still going when the next tick comes is not doubled.
 */
async function registerReleaseJob(app: FastifyInstance) {
  const pollMs = app.config.COMMISSION_RELEASE_POLL_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = releaseDueCommissions({ db: app.database.db, clock: app.clock, config: app.config })
      .then((released) => {
        if (released > 0) app.log.info({ released }, 'commissions released');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'commission release failed; next tick tries again'))
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

export const commissionReleaseJob = fp(registerReleaseJob, { name: 'orchard-commission-release' });
