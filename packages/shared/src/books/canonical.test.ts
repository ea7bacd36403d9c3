import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalParts, type ChainTransaction } from './canonical';

const decimal = fc.bigInt({ min: 1n, max: 2n ** 62n }).map(String);
const text = fc.string({ unit: 'binary', maxLength: 12 });
const json = fc.jsonValue({ maxDepth: 2 });

/** The canonical form as the generic canonicalJson spells it: what the fast paths in canonicalParts must equal. */
function generic(tx: ChainTransaction) {
  const header = canonicalJson({
    id: tx.id,
    kind: tx.kind,
    createdAt: tx.createdAt,
    idempotencyKey: tx.idempotencyKey,
    memo: tx.memo,
    refs: tx.refs ?? {},
    reversesId: tx.reversesId,
  });
  const key = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const entries = [...tx.entries].sort((a, b) => key(a.accountId, b.accountId) || key(a.id, b.id));
  const accounts = [...new Map(tx.accounts.map((a) => [a.id, a])).values()].sort((a, b) => key(a.id, b.id));
  return {
    header,
    entries: canonicalJson(entries.map((e) => [e.id, e.accountId, e.amount, e.balanceAfter])),
    accounts: canonicalJson(accounts.map((a) => [a.id, a.ownerId, a.type, a.currency])),
  };
}

describe('the canonical form of a ledger transaction', () => {
  it('spells every transaction as the generic canonical JSON does (unicode memos, nested refs, nulls)', () => {
    const transaction = fc
      .record({
        id: decimal,
        kind: text,
        createdAt: text,
        idempotencyKey: fc.option(text),
        memo: text,
        refs: json,
        reversesId: fc.option(decimal),
        entries: fc.array(
          fc.record({
            id: decimal,
            accountId: fc.constantFrom('1', '2', '10', '11', '200'),
            amount: decimal,
            balanceAfter: fc.option(decimal),
          }),
          { minLength: 1, maxLength: 4 },
        ),
      })
      .map((tx) => ({
        ...tx,
        accounts: ['1', '2', '10', '11', '200'].map((id) => ({ id, ownerId: id === '1' ? null : `u${id}`, type: 't', currency: 'USD' })),
      }));
    fc.assert(
      fc.property(transaction, (tx) => {
        const named = new Set<string>(tx.entries.map((e) => e.accountId));
        const fast = canonicalParts(tx);
        const slow = generic({ ...tx, accounts: tx.accounts.filter((a) => named.has(a.id)) });
        expect(fast).toEqual(slow);
      }),
      { numRuns: 500 },
    );
  });
});
