import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { incrementalCheck, type IncrementalCheck } from '../../ledger/index';
import { periodicJob } from '../../lib/periodic-job';
import { sealKeys } from './service';

/** How many things the check found wrong: a broken chain link, seals, accounts and transactions that do not hold. */
function findingsOf(check: IncrementalCheck): number {
  return (check.chain.broken ? 1 : 0) + check.sealBreaks.length + check.accountBreaks.length + check.unbalanced.length;
}

/**
 * Every LEDGER_CHECK_POLL_MS each instance runs the incremental integrity check (what changed
 * since the last seal, ledger/incremental-check.ts) and hands the number of findings to `report`:
 * `/metrics` shows it as `orchard_ledger_findings`, and the OrchardLedgerFinding alert
 * (deploy/prometheus/alerts.yml) pages on any. Read-only, so every instance may run it.
 */
async function registerCheckJob(app: FastifyInstance, options: { report: (findings: number) => void }) {
  periodicJob(app, 'ledger check', app.config.LEDGER_CHECK_POLL_MS, async () => {
    const check = await incrementalCheck(app.database.db, { publishedKeys: sealKeys(app.config) });
    const findings = findingsOf(check);
    options.report(findings);
    if (findings > 0)
      app.log.error(
        {
          since: check.since,
          chain: check.chain.broken,
          seals: check.sealBreaks.length,
          accounts: check.accountBreaks.length,
          unbalanced: check.unbalanced.length,
        },
        'the ledger check has findings',
      );
  });
}

export const ledgerCheckJob = fp(registerCheckJob, { name: 'orchard-ledger-check' });
