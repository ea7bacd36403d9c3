import { leafHash, merkleProofs, rootFromProof, sealPayloadText, verifySealSignature, type SealPayload } from '@orchard/shared/books';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { incrementalCheck, linkChainNow, verifySeals } from '../src/ledger/index';
import { ManualClock } from '../src/lib/clock';
import { sealDueDays, signingKeyFor } from '../src/modules/books/seal';
import { sealedClosings } from '../src/modules/books/repository';
import { rechargeMember } from './books-helpers';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './database';
import { asSuperuser } from './ledger-helpers';

// A fresh database per test, several sealers on two kinds: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
const key = signingKeyFor(testConfig())!;
type Seal = { day: string; payload: string; signature: string };
const seals = async (db: Db) =>
  ((await db.execute(sql`select day::text as day, payload, signature from ledger_seals order by day`)) as unknown as { rows: Seal[] }).rows;

/** Sealed days (docs/decisions/0028): signed, idempotent, safe on several instances, and checked against the books. */
describe.each(DATABASE_KINDS)('sealed days on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** Two members' recharges on 2026-01-01 and 2026-01-02, linked; the clock just after the second day. */
  async function twoDays() {
    database = await createTestDatabase(kind, { poolSize: 6 });
    const db = database.handle.db;
    const a = await rechargeMember(db, [1000], undefined, new Date('2026-01-01T10:00:00Z'));
    await rechargeMember(db, [2000], a.memberId, new Date('2026-01-02T11:00:00Z'));
    const b = await rechargeMember(db, [500], undefined, new Date('2026-01-02T12:00:00Z'));
    await linkChainNow(db);
    const clock = new ManualClock('2026-01-03T00:10:00Z');
    return { db, a, b, clock };
  }

  it('seals each day once it is over and linked, signed with the published key; again seals nothing', async () => {
    const { db, a, clock } = await twoDays();
    expect(await sealDueDays({ db, clock, key })).toEqual({ sealed: ['2026-01-01', '2026-01-02'], waiting: 'day_not_over' });
    expect(await sealDueDays({ db, clock, key })).toEqual({ sealed: [], waiting: 'day_not_over' });
    const [first, second] = await seals(db);
    for (const seal of [first!, second!])
      expect(await verifySealSignature(seal.payload, seal.signature, key.publicKey.publicKey)).toBe(true);
    const payload = JSON.parse(second!.payload) as SealPayload;
    expect(sealPayloadText(payload)).toBe(second!.payload);
    expect(payload).toMatchObject({ day: '2026-01-02', periodEnd: '2026-01-03T00:00:00.000Z', memberAccounts: 2, chain: { seq: '3' } });
    expect(payload.platform).toEqual([expect.objectContaining({ type: 'platform_cash', balance: '-3500' })]);
    // A member's closing balance and its proof lead to the signed root.
    const closings = (await sealedClosings(db, '2026-01-02', true)).filter((row) => row.member);
    const hashes = await Promise.all(closings.map(leafHash));
    const index = closings.findIndex((row) => row.accountId === String(a.available));
    expect(closings[index]!.balance).toBe('3000');
    const { root, proofs } = await merkleProofs(hashes, [index]);
    expect(root).toBe(payload.balancesRoot);
    expect(await rootFromProof(hashes[index]!, proofs.get(index)!)).toBe(payload.balancesRoot);
    expect(await verifySeals(db)).toEqual({ seals: 2, lastDay: '2026-01-02', breaks: [] });
  });

  it('waits for the chain to cover the day, and for the day to be over', async () => {
    const { db, a, clock } = await twoDays();
    await rechargeMember(db, [10], a.memberId, new Date('2026-01-02T23:00:00Z'));
    expect(await sealDueDays({ db, clock, key })).toEqual({ sealed: ['2026-01-01'], waiting: 'chain_behind' });
    await linkChainNow(db);
    clock.set('2026-01-03T00:01:00Z');
    expect(await sealDueDays({ db, clock, key })).toEqual({ sealed: [], waiting: 'day_not_over' });
  });

  it('seals each day once when several sealers run at once', async () => {
    const { db, clock } = await twoDays();
    const runs = await Promise.all([1, 2, 3, 4].map(() => sealDueDays({ db, clock, key })));
    expect(runs.flatMap((run) => run.sealed).sort()).toEqual(['2026-01-01', '2026-01-02']);
    expect((await seals(db)).length).toBe(2);
  });

  it('names a sealed closing balance the entries no longer give', async () => {
    const { db, a, clock } = await twoDays();
    await sealDueDays({ db, clock, key });
    await asSuperuser(db, sql`update ledger_entries set amount = -999 where transaction_id = ${a.txIds[0]!} and amount = -1000`);
    expect((await verifySeals(db)).breaks[0]).toMatchObject({
      day: '2026-01-01',
      problem: 'balance',
      detail: expect.stringMatching(/sealed closing -1000, the entries now give -999/),
    });
  });

  it('names a transaction dated inside a sealed day but written after the seal', async () => {
    const { db, a, clock } = await twoDays();
    await sealDueDays({ db, clock, key });
    await rechargeMember(db, [70], a.memberId, new Date('2026-01-01T15:00:00Z'));
    const check = await verifySeals(db);
    expect(check.breaks[0]).toMatchObject({ day: '2026-01-01', problem: 'balance' });
    expect((await verifySeals(db, { fromDay: '2026-01-02' })).breaks.map((b) => b.problem)).toContain('backdated');
  });

  it('names a day signed again with a key that is not published, which its own key alone would pass', async () => {
    const { db, clock } = await twoDays();
    await sealDueDays({ db, clock, key });
    const other = signingKeyFor(testConfig())!;
    const [, second] = await seals(db);
    await asSuperuser(
      db,
      sql`update ledger_seals set signature = ${other.sign(second!.payload)}, public_key = ${other.publicKey.publicKey},
             key_id = ${other.publicKey.keyId} where day = '2026-01-02'`,
    );
    expect((await verifySeals(db)).breaks).toEqual([]);
    const published = [key.publicKey.publicKey];
    expect((await verifySeals(db, { publishedKeys: published })).breaks).toEqual([
      { day: '2026-01-02', problem: 'key', detail: 'it is signed with a key that is not one of the published keys' },
    ]);
    expect((await incrementalCheck(db, { publishedKeys: published })).sealBreaks).toEqual([expect.objectContaining({ problem: 'key' })]);
    expect((await verifySeals(db, { publishedKeys: [...published, other.publicKey.publicKey] })).breaks).toEqual([]);
  });

  it('checks only what changed since the last seal, and names an account whose balance no longer follows', async () => {
    const { db, a, clock } = await twoDays();
    await sealDueDays({ db, clock, key });
    await rechargeMember(db, [40], a.memberId, new Date('2026-01-03T08:00:00Z'));
    await linkChainNow(db);
    expect(await incrementalCheck(db)).toMatchObject({ ok: true, since: '2026-01-02', transactions: 1, entries: 2, chain: { links: 1 } });
    await asSuperuser(db, sql`update ledger_accounts set balance = balance + 5 where id = ${a.available}`);
    expect((await incrementalCheck(db)).accountBreaks).toEqual([
      { accountId: String(a.available), closing: '3000', moved: '40', balanceAfter: '3040', cached: '3045' },
    ]);
  });
});
