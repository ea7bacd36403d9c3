/**
 * Checking one link of the ledger's hash chain against its transaction as it reads now
 * (docs/decisions/0028). Pure: the server feeds it rows, in seq order.
 */
import type { ChainTransaction } from './canonical';
import { GENESIS_HASH, linkHash, partHashes, type PartHashes } from './hash';

/** A row of `ledger_chain`, ids and seq as decimal strings. */
export interface StoredLink extends PartHashes {
  seq: string;
  txId: string;
  prevHash: string;
  hash: string;
}

export type ChainProblem =
  'seq_gap' | 'order' | 'prev_hash' | 'hash' | 'missing' | 'header' | 'entries' | 'accounts' | 'unlinked' | 'backdated';

/** The first place the chain does not hold, and what differs there. */
export interface ChainBreak {
  seq: string | null;
  txId: string;
  problem: ChainProblem;
  detail: string;
}

const next = (seq: string) => (BigInt(seq) + 1n).toString();

/**
 * The break at `link`, or null when it holds: its place after `previous` (null for the first),
 * its back pointer, its transaction's parts now (null: the transaction is gone) and its own hash.
 */
export async function checkLink(
  link: StoredLink,
  previous: Pick<StoredLink, 'seq' | 'txId' | 'hash'> | null,
  tx: ChainTransaction | null,
): Promise<ChainBreak | null> {
  const at = (problem: ChainProblem, detail: string): ChainBreak => ({ seq: link.seq, txId: link.txId, problem, detail });
  const expectedSeq = previous ? next(previous.seq) : '1';
  if (link.seq !== expectedSeq) return at('seq_gap', `link ${expectedSeq} is missing (the next one is ${link.seq})`);
  if (previous && BigInt(link.txId) <= BigInt(previous.txId))
    return at('order', `transaction ${link.txId} is linked after transaction ${previous.txId}`);
  const expectedPrev = previous ? previous.hash : GENESIS_HASH;
  if (link.prevHash !== expectedPrev)
    return at('prev_hash', `points back to ${link.prevHash.slice(0, 12)}…, the link before is ${expectedPrev.slice(0, 12)}…`);
  if (!tx) return at('missing', `transaction ${link.txId} was linked and is gone (deleted)`);
  let now: PartHashes;
  try {
    now = await partHashes(tx);
  } catch (error) {
    return at('accounts', error instanceof Error ? error.message : String(error));
  }
  if (now.headerHash !== link.headerHash)
    return at('header', `transaction ${link.txId}: its kind, time, key, memo or references changed since it was linked`);
  if (now.entriesHash !== link.entriesHash) {
    const count =
      now.entryCount === link.entryCount
        ? `an amount, account or running balance changed`
        : `${link.entryCount} entries when linked, ${now.entryCount} now`;
    return at('entries', `transaction ${link.txId}: its entries changed (${count})`);
  }
  if (now.accountsHash !== link.accountsHash)
    return at('accounts', `transaction ${link.txId}: an account it moves changed its owner, type or currency`);
  const hash = await linkHash(link.seq, link.prevHash, now);
  if (hash !== link.hash) return at('hash', `link ${link.seq}: its stored hash is not the hash of its contents`);
  return null;
}

export function describeChainBreak(b: ChainBreak): string {
  return `${b.seq === null ? 'unlinked' : `link ${b.seq}`}, transaction ${b.txId} [${b.problem}]: ${b.detail}`;
}
