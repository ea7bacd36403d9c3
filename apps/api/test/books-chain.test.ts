import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { linkChainNow, sqlStateOf, verifyChain } from '../src/ledger/index';
import { leaveIdGap, rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { asSuperuser, insertUser } from './ledger-helpers';

/**
 * The hash chain (docs/decisions/0028): each test writes a few transactions, links them, tampers
 * with the database as a superuser would (triggers off) and sees `verifyChain` name the place.
 */
describe.each(DATABASE_KINDS)('the ledger hash chain on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function linkedLedger(): Promise<{ db: Db; txIds: number[]; available: number }> {
    database = await createTestDatabase(kind, { poolSize: 4 });
    const db = database.handle.db;
    const { txIds, available } = await rechargeMember(db, [1000, 2000, 3000, 4000]);
    expect(await linkChainNow(db)).toEqual({ ready: true, linked: 4 });
    return { db, txIds, available };
  }

  it('links every committed transaction once, in id order, and holds when nothing changed', async () => {
    const { db, txIds } = await linkedLedger();
    expect(await linkChainNow(db)).toEqual({ ready: true, linked: 0 });
    // Past ten links: seq is compared as a number, never as text.
    await rechargeMember(db, [500, 501, 502, 503, 504, 505, 506, 507]);
    expect((await linkChainNow(db)).linked).toBe(8);
    const check = await verifyChain(db);
    expect(check).toMatchObject({ ok: true, links: 12, broken: null });
    expect(check.head?.seq).toBe('12');
    expect(Number(check.head?.txId)).toBeGreaterThan(txIds[3]!);
  });

  it('refuses to change or remove a link', async () => {
    const { db } = await linkedLedger();
    for (const change of [sql`update ledger_chain set hash = prev_hash where seq = 1`, sql`delete from ledger_chain where seq = 1`]) {
      const caught = await db.execute(change).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(sqlStateOf(caught)).toBe('55000');
    }
  });

  it('names the transaction whose amount was changed', async () => {
    const { db, txIds } = await linkedLedger();
    await asSuperuser(db, sql`update ledger_entries set amount = amount * 10 where transaction_id = ${txIds[1]!}`);
    const check = await verifyChain(db);
    expect(check.ok).toBe(false);
    expect(check.broken).toMatchObject({ seq: '2', txId: String(txIds[1]), problem: 'entries' });
    expect(check.broken?.detail).toMatch(/an amount, account or running balance changed/);
  });

  it('names the transaction an entry was deleted from', async () => {
    const { db, txIds } = await linkedLedger();
    await asSuperuser(
      db,
      sql`delete from ledger_entries where id = (select max(id) from ledger_entries where transaction_id = ${txIds[2]!})`,
    );
    expect((await verifyChain(db)).broken).toMatchObject({
      seq: '3',
      txId: String(txIds[2]),
      problem: 'entries',
      detail: expect.stringMatching(/2 entries when linked, 1 now/),
    });
  });

  it('names a transaction deleted after it was linked', async () => {
    const { db, txIds } = await linkedLedger();
    await asSuperuser(
      db,
      sql`delete from ledger_entries where transaction_id = ${txIds[0]!}`,
      sql`delete from ledger_transactions where id = ${txIds[0]!}`,
    );
    expect((await verifyChain(db)).broken).toMatchObject({ seq: '1', txId: String(txIds[0]), problem: 'missing' });
  });

  it('names a back-dated transaction slipped in below the head', async () => {
    database = await createTestDatabase(kind, { poolSize: 4 });
    const db = database.handle.db;
    const first = await rechargeMember(db, [1000]);
    const gap = await leaveIdGap(db);
    await rechargeMember(db, [2000], first.memberId);
    await linkChainNow(db);
    await asSuperuser(
      db,
      sql`insert into ledger_transactions (id, kind, created_at) overriding system value values (${gap}, 'recharge', now() - interval '3 days')`,
      sql`insert into ledger_entries (transaction_id, account_id, amount, balance_after, created_at)
          select ${gap}, account_id, amount, balance_after, now() - interval '3 days' from ledger_entries where transaction_id = ${first.txIds[0]!}`,
    );
    expect((await verifyChain(db)).broken).toMatchObject({ seq: null, txId: String(gap), problem: 'unlinked' });
  });

  it('names the first transaction of an account whose owner was changed', async () => {
    const { db, txIds, available } = await linkedLedger();
    const other = await insertUser(db);
    await asSuperuser(db, sql`update ledger_accounts set owner_id = ${other} where id = ${available}`);
    expect((await verifyChain(db)).broken).toMatchObject({ seq: '1', txId: String(txIds[0]), problem: 'accounts' });
  });

  it('names a link whose hash was rewritten', async () => {
    const { db, txIds } = await linkedLedger();
    await asSuperuser(db, sql`update ledger_chain set hash = repeat('a', 64) where seq = 2`);
    expect((await verifyChain(db)).broken).toMatchObject({ seq: '2', txId: String(txIds[1]), problem: 'hash' });
  });
});
