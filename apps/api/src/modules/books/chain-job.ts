import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chainHorizon, linkChain, type ChainHorizon } from '../../ledger/index';
import { periodicJob } from '../../lib/periodic-job';

/**
 * Every LEDGER_CHAIN_POLL_MS each instance links the committed ledger transactions into the hash
 * chain (ledger/chain.ts, docs/decisions/0028), up to the horizon it read on its previous run, so a
 * writer that drew its id then has had a whole interval to write its row. Several instances may
 * run it: one at a time links (an advisory lock), the others find nothing left or skip.
 */
async function registerChainJob(app: FastifyInstance) {
  let horizon: ChainHorizon | undefined;
  periodicJob(app, 'ledger chain', app.config.LEDGER_CHAIN_POLL_MS, async () => {
    const db = app.database.db;
    const next = await chainHorizon(db);
    if (!horizon) {
      horizon = next;
      return;
    }
    const run = await linkChain(db, horizon);
    if (run.ready) horizon = next;
    if (run.linked > 0) app.log.debug({ linked: run.linked }, 'ledger transactions linked into the chain');
  });
}

export const ledgerChainJob = fp(registerChainJob, { name: 'orchard-ledger-chain' });
