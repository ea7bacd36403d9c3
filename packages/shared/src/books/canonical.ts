/**
 * The canonical form of a ledger transaction (docs/decisions/0028): what its hash covers. The
 * server's chain job, `npm run ledger:verify`, `npm run verify-statement` and the `/verify` page
 * all build it with this code, so the same rows give the same bytes everywhere.
 *
 * Every id and amount is a decimal string (amounts are bigint minor units, ids may pass 2^53 one
 * day); times are UTC with microseconds (`2026-11-28T18:00:00.123456Z`, as PostgreSQL stores them).
 */

/** A JSON value in one spelling: object keys sorted (by UTF-16 code units), no spaces. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no place for a non-finite number');
    if (value === undefined) return 'null';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

export interface ChainAccount {
  id: string;
  /** The member who owns it; null for a platform account. */
  ownerId: string | null;
  type: string;
  currency: string;
}

export interface ChainEntry {
  id: string;
  accountId: string;
  amount: string;
  /** Member accounts: the balance right after this entry; null for platform accounts. */
  balanceAfter: string | null;
}

export interface ChainTransaction {
  id: string;
  kind: string;
  createdAt: string;
  idempotencyKey: string | null;
  memo: string;
  refs: unknown;
  reversesId: string | null;
  entries: ChainEntry[];
  /** Every account its entries name (extra ones are ignored, missing ones are an error). */
  accounts: ChainAccount[];
}

/** The three parts a link hashes, each in its canonical spelling. */
export interface CanonicalParts {
  header: string;
  entries: string;
  accounts: string;
}

const byDecimal = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The header's keys in canonical (sorted) order. */
const HEADER_KEYS = ['createdAt', 'id', 'idempotencyKey', 'kind', 'memo', 'refs', 'reversesId'] as const;

/** canonicalJson of the header object, spelled out: the keys are known, so nothing is sorted per transaction. */
function canonicalHeader(tx: ChainTransaction): string {
  const parts: string[] = [];
  for (const key of HEADER_KEYS) {
    const value = key === 'refs' ? (tx.refs ?? {}) : tx[key];
    if (value !== undefined) parts.push(`"${key}":${canonicalJson(value)}`);
  }
  return `{${parts.join(',')}}`;
}

export function canonicalParts(tx: ChainTransaction): CanonicalParts {
  const header = canonicalHeader(tx);
  const entries = [...tx.entries]
    .sort((a, b) => byDecimal(a.accountId, b.accountId) || byDecimal(a.id, b.id))
    .map((entry) => [entry.id, entry.accountId, entry.amount, entry.balanceAfter]);
  const named = new Set(tx.entries.map((entry) => entry.accountId));
  const accounts = tx.accounts
    .filter((account) => named.delete(account.id))
    .sort((a, b) => byDecimal(a.id, b.id))
    .map((account) => [account.id, account.ownerId, account.type, account.currency]);
  if (named.size > 0) throw new Error(`transaction ${tx.id}: no account ${[...named].join(', ')}`);
  // Arrays of strings and nulls only: JSON.stringify spells them as canonicalJson does, faster.
  return { header, entries: JSON.stringify(entries), accounts: JSON.stringify(accounts) };
}
