import type { BooksKeys, BooksSeals, SealRunResult } from '@orchard/shared';
import { desc } from 'drizzle-orm';
import type { Config } from '../../config';
import { ledgerSeals } from '../../db/schema/index';
import { linkChainNow } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { recordConsoleAction, type ConsoleActor } from '../audit/index';
import { sealDueDays, signingKeyFor } from './seal';
import { loadSigningKey } from './signing-key';

export function publicKeys(config: Config): BooksKeys {
  const key = signingKeyFor(config);
  return { keys: key ? [key.publicKey] : [] };
}

/**
 * The public keys a seal may be signed with, for the integrity checks (ledger/seal-check.ts): the
 * published one; none configured (PostgreSQL without BOOKS_SIGNING_KEY), no key check. `create:
 * false` (the command-line report) reads the embedded shape's key without making one.
 */
export function sealKeys(config: Config, options: { create?: boolean } = {}): string[] | undefined {
  const key = options.create === false ? loadSigningKey(config, { create: false }) : signingKeyFor(config);
  return key ? [key.publicKey.publicKey] : undefined;
}

export async function listSeals(deps: ServiceDeps): Promise<BooksSeals> {
  const rows = await deps.db.select().from(ledgerSeals).orderBy(desc(ledgerSeals.day)).limit(30);
  return {
    key: signingKeyFor(deps.config)?.publicKey ?? null,
    seals: rows.map((row) => ({
      day: row.day,
      chainSeq: row.chainSeq,
      balancesRoot: row.balancesRoot,
      keyId: row.keyId,
      sealedAt: row.sealedAt.toISOString(),
    })),
  };
}

/** Links the chain and seals what is due: the job's work, now (each seal in a transaction of its own). */
export async function sealBooks(deps: ServiceDeps): Promise<SealRunResult> {
  const link = await linkChainNow(deps.db);
  const run = await sealDueDays({ db: deps.db, clock: deps.clock, key: signingKeyFor(deps.config) });
  return { linked: link.linked, ...run };
}

/** The console's "Seal now": sealBooks, then its audit row (what it sealed is in the seals themselves). */
export async function sealNow(deps: ServiceDeps, actor: ConsoleActor): Promise<SealRunResult> {
  const result = await sealBooks(deps);
  await recordConsoleAction(deps.db, actor, {
    action: 'books.seal',
    subjectType: 'ledger',
    subjectId: result.sealed.at(-1) ?? 'none',
    detail: { sealed: result.sealed, waiting: result.waiting, linked: result.linked },
    at: deps.clock.now(),
  });
  return result;
}
