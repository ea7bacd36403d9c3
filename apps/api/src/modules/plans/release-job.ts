import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { releaseDueCommissions } from './commissions';

/**
 * Every COMMISSION_RELEASE_POLL_MS each instance releases the commissions whose holding period is
 * over. Several instances may run it at once: the rows are claimed with SKIP LOCKED, so each
 * commission is released exactly once. A run still going when the next tick comes is not doubled.
 */
async function registerReleaseJob(app: FastifyInstance) {
  periodicJob(app, 'commission release', app.config.COMMISSION_RELEASE_POLL_MS, async () => {
    const released = await releaseDueCommissions({ db: app.database.db, clock: app.clock, config: app.config });
    if (released > 0) app.log.info({ released }, 'commissions released');
  });
}

export const commissionReleaseJob = fp(registerReleaseJob, { name: 'orchard-commission-release' });
