import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicJob } from '../../lib/periodic-job';
import { sealDueDays, signingKeyFor } from './seal';

/**
 * Every BOOKS_SEAL_POLL_MS each instance seals the UTC days that are over and that the hash chain
 * covers (seal.ts): one sealer at a time, each day once. Without a signing key it says so once.
 */
async function registerSealJob(app: FastifyInstance) {
  let warned = false;
  periodicJob(app, 'books seal', app.config.BOOKS_SEAL_POLL_MS, async () => {
    const run = await sealDueDays({ db: app.database.db, clock: app.clock, key: signingKeyFor(app.config) });
    if (run.sealed.length > 0) app.log.info({ sealed: run.sealed }, 'days sealed');
    if (run.waiting === 'no_key' && !warned) {
      warned = true;
      app.log.warn('BOOKS_SIGNING_KEY is not set: the books are not sealed (docs/decisions/0028)');
    }
  });
}

export const booksSealJob = fp(registerSealJob, { name: 'orchard-books-seal' });
