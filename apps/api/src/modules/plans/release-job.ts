import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { runCommissionRelease } from './commissions';

/**
 * Every COMMISSION_RELEASE_POLL_MS each instance releases the commissions whose holding period is
 * over, each in a transaction of its own. Several instances may run it at once: a runner skips
 * the commission another holds, so each is released exactly once. A run still going when the next
 * tick comes is not doubled. A commission that could not be released is logged here and shown to
 * operators (the purchase's commissions, the dashboard's count); it is tried again later. While
 * maintenance mode is on it does not run (money does not move), and catches up when it is off.
 */
async function registerReleaseJob(app: FastifyInstance) {
  periodicJob(
    app,
    'commission release',
    app.config.COMMISSION_RELEASE_POLL_MS,
    async () => {
      const run = await runCommissionRelease({ db: app.database.db, clock: app.clock, config: app.config });
      if (run.released > 0) app.log.info({ released: run.released }, 'commissions released');
      for (const failure of run.failed) app.log.warn(failure, 'commission release failed; tried again later');
    },
    { movesMoney: true },
  );
}

export const commissionReleaseJob = fp(registerReleaseJob, { name: 'orchard-commission-release' });
