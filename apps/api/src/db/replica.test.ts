import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { AppError } from '../errors';
import type { DatabaseHandle, Db } from './client';
import { parseLsn, ReadReplica } from './replica';

/** A stand-in for a pool: `position` is what its log query answers (the primary's, or the standby's replay). */
function fakeHandle(name: string, answer: () => Record<string, unknown>): DatabaseHandle {
  return {
    db: { name } as unknown as Db,
    withSession: async (work: (session: { query: () => Promise<unknown[]> }) => Promise<unknown>) => work({ query: async () => [answer()] }),
  } as unknown as DatabaseHandle;
}

describe('the read replica decision (db/replica.ts)', () => {
  it('reads log positions as numbers that compare, and nothing else', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0')! > parseLsn('0/FFFFFFFF')!).toBe(true);
    expect(parseLsn('FFFFFFFF/FFFFFFFF')).toBe(0xffffffffffffffffn);
    for (const bad of ['', '0', '0/', 'G/1', '0/1/2', '123456789/0', null, undefined]) expect(parseLsn(bad)).toBeNull();
  });

  it('measures the lag from the newest primary position replayed, and passes over a standby beyond the bound or behind the reader', async () => {
    let now = 0;
    let primaryAt = '0/100';
    let replayed: string | null = '0/100';
    let reachable = true;
    const primary = fakeHandle('primary', () => ({ lsn: primaryAt }));
    const standby = fakeHandle('standby', () => {
      if (!reachable) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return { standby: replayed !== null, replayed };
    });
    const replica = new ReadReplica(standby, { maxLagMs: 1_000, now: () => now });
    expect(replica.readerFor(null)).toBeNull(); // not checked yet
    await replica.check(primary);
    expect(replica.readerFor(null)).toBe(standby.db);
    expect(replica.readerFor(parseLsn('0/100'))).toBe(standby.db);
    expect(replica.readerFor(parseLsn('0/101'))).toBeNull(); // the reader wrote past what it replayed

    // The primary moves on; the standby does not. At the bound it still answers, past it not.
    primaryAt = '0/200';
    now = 500;
    await replica.check(primary);
    now = 1_000;
    expect(replica.lagMs()).toBe(1_000);
    expect(replica.readerFor(null)).toBe(standby.db);
    now = 1_001;
    expect(replica.readerFor(null)).toBeNull();
    // It replays what the primary had at 500 while the primary moves on again: as fresh as that, at most.
    replayed = '0/200';
    primaryAt = '0/300';
    await replica.check(primary);
    expect(replica.lagMs()).toBe(501);
    expect(replica.readerFor(null)).toBe(standby.db);
    expect(replica.readerFor(parseLsn('0/300'))).toBeNull();
    replayed = '0/300';
    await replica.check(primary);
    expect(replica.lagMs()).toBe(0);
    expect(replica.readerFor(parseLsn('0/300'))).toBe(standby.db);

    // A server that is no standby (promoted, or the wrong URL), or one out of reach, is down.
    replayed = null;
    await replica.check(primary);
    expect(replica.state().up).toBe(false);
    replayed = '0/200';
    reachable = false;
    await replica.check(primary);
    expect(replica.readerFor(null)).toBeNull();
    reachable = true;
    await replica.check(primary);
    expect(replica.state().up).toBe(true);
  });

  it('hands a read the replica fails to the primary, but not an answer of the app’s own', async () => {
    const primary = fakeHandle('primary', () => ({ lsn: '0/1' }));
    const standby = fakeHandle('standby', () => ({ standby: true, replayed: '0/1' }));
    const replica = new ReadReplica(standby, { maxLagMs: 1_000, now: () => 0 });
    await replica.check(primary);
    const ran: unknown[] = [];
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const answer = await replica.run(primary.db, { mustSee: null }, async (db) => {
      ran.push(db);
      if (db === standby.db) throw lost;
      return 'from the primary';
    });
    expect(answer).toBe('from the primary');
    expect(ran).toEqual([standby.db, primary.db]);
    expect(replica.state()).toMatchObject({ up: false, fallbacks: 1, reads: 0 });

    await replica.check(primary);
    const refused = new AppError('NOT_FOUND');
    const tries: unknown[] = [];
    await expect(
      replica.run(primary.db, { mustSee: null }, async (db) => {
        tries.push(db);
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(tries).toEqual([standby.db]);
    expect(replica.state()).toMatchObject({ up: true, fallbacks: 1 });
  });

  it('sends a member whose change was announced to the primary until a check started after it finds it replayed', async () => {
    let replayed = '0/1';
    const primary = fakeHandle('primary', () => ({ lsn: '0/2' }));
    const standby = fakeHandle('standby', () => ({ standby: true, replayed }));
    const replica = new ReadReplica(standby, { maxLagMs: 1_000, now: () => 0 });
    await replica.check(primary);
    replayed = '0/2';
    await replica.check(primary);
    expect(replica.readerFor(null, 'member-a')).toBe(standby.db);
    replica.heard('member-a');
    expect(replica.readerFor(null, 'member-a')).toBeNull();
    expect(replica.readerFor(null, 'member-b')).toBe(standby.db);
    expect(replica.state().pinned).toBe(1);
    // A check whose primary position was read after the announcement, replayed: the member is the replica's again.
    await replica.check(primary);
    expect(replica.readerFor(null, 'member-a')).toBe(standby.db);
    expect(replica.state().pinned).toBe(0);
  });

  it('takes its configuration from DATABASE_REPLICA_URL and the REPLICA_ keys, and refuses what is not PostgreSQL', () => {
    const defaults = loadConfig({});
    expect(defaults.DATABASE_REPLICA_URL).toBeUndefined();
    expect(defaults).toMatchObject({ DATABASE_REPLICA_POOL_SIZE: 10, REPLICA_MAX_LAG_MS: 2_000, REPLICA_CHECK_MS: 1_000 });
    expect(loadConfig({ DATABASE_REPLICA_URL: '' }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica:5432/orchard' }).DATABASE_REPLICA_URL).toBe('postgres://replica:5432/orchard');
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'mysql://replica/orchard' })).toThrow(/DATABASE_REPLICA_URL: must start with postgres:\/\//);
    expect(() => loadConfig({ DATABASE_REPLICA_POOL_SIZE: '0' })).toThrow(/DATABASE_REPLICA_POOL_SIZE/);
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: 'soon' })).toThrow(/REPLICA_MAX_LAG_MS/);
  });
});
