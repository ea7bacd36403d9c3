import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earningsDisclosureSchema } from '@orchard/shared';
import { periodicJob } from '../../lib/periodic-job';
import { replicaRead } from '../../lib/route-app';
import { getEarningsDisclosure, publishDailyDisclosure } from './service';

/** The public earnings disclosure (/earnings): the newest published snapshot. */
export const disclosureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/earnings-disclosure',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getEarningsDisclosure',
        tags: ['disclosure'],
        summary: 'What members earned in commissions and spent on plans, computed daily from the books (docs/decisions/0031)',
        response: { 200: earningsDisclosureSchema },
      },
    },
    async (request) => replicaRead(app, request, getEarningsDisclosure),
  );
};

/**
 * Every DISCLOSURE_POLL_MS each instance checks whether today's disclosure is published and, if not,
 * computes and publishes it (service.ts): one snapshot per UTC day.
 */
async function registerDisclosureJob(app: FastifyInstance) {
  periodicJob(app, 'earnings disclosure', app.config.DISCLOSURE_POLL_MS, async () => {
    const day = await publishDailyDisclosure({ db: app.database.db, clock: app.clock, config: app.config });
    if (day) app.log.info({ day }, 'earnings disclosure published');
  });
}

export const disclosureJob = fp(registerDisclosureJob, { name: 'orchard-earnings-disclosure' });
