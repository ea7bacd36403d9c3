import { AppError } from '../errors';
import type { DatabaseHandle, Db } from './client';
import { isDatabaseUnavailable } from './unavailable';

/** A PostgreSQL write-ahead-log position (`16/B374D848`) as a number, so two compare. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text ?? '');
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : null;
}

export interface ReplicaOptions {
  /** The replica is passed over while it is further behind the primary than this (ms). */
  maxLagMs: number;
  /** Milliseconds now (the app clock): when the primary's positions were seen, and so the lag. */
  now: () => number;
  /** Told of each read the replica could not answer, before it is answered by the primary. */
  onFallback?: (error: unknown) => void;
}

/** How the replica stands, as the last check saw it (also GET /metrics). */
export interface ReplicaState {
  /** The last check reached it and it is a standby in recovery. */
  up: boolean;
  /** What it has replayed of the primary's log. */
  replayed: bigint | null;
  /** Milliseconds it is behind at most (now − the newest primary position it has replayed); null when unknown. */
  lagMs: number | null;
  reads: number;
  fallbacks: number;
  /** Members whose change was announced after the newest position the replica has replayed (their reads go to the primary). */
  pinned: number;
}

/** Positions of the primary's log kept to measure the lag against: one per check, a minute's worth. */
const MAX_SAMPLES = 120;
/** Members remembered as changed after what the replica has replayed; beyond it the oldest are forgotten (the lag bound still holds). */
const MAX_PINNED = 100_000;

/**
 * The read replica (DATABASE_REPLICA_URL) and the decision, per read, whether it may answer
 * (docs/decisions/0040). Each `check` reads the primary's log position, then the standby's replay
 * position: the standby is as fresh as the newest primary position it has replayed, and its lag is
 * the age of that position (an upper bound: it may be fresher). A read goes to the replica only
 * while the last check reached it, its lag is within `maxLagMs`, it has replayed what the reader
 * must see (`mustSee`, the position after the reader's last write), and no change announced for
 * the reader since is beyond what it replayed (`heard`); otherwise, and whenever the replica fails
 * a read, the primary answers.
 */
export class ReadReplica {
  private samples: { at: number; seq: number; lsn: bigint }[] = [];
  private checks = 0;
  private up = false;
  private replayed: bigint | null = null;
  private freshAt: number | null = null;
  /** The newest check (its number) whose primary position the replica has replayed; -1 for none. */
  private freshSeq = -1;
  /** Members a change was announced for, with the number of the last check started before it was heard. */
  private readonly heardAt = new Map<string, number>();
  private reads = 0;
  private fallbacks = 0;

  constructor(
    readonly handle: DatabaseHandle,
    private readonly options: ReplicaOptions,
  ) {}

  /** One look at both servers. Never throws: a replica it cannot reach is marked down until a check reaches it. */
  async check(primary: DatabaseHandle): Promise<void> {
    const at = this.options.now();
    const seq = ++this.checks;
    const lsn = parseLsn(await primaryPosition(primary).catch(() => null));
    if (lsn !== null) {
      this.samples.push({ at, seq, lsn });
      if (this.samples.length > MAX_SAMPLES) this.samples.shift();
    }
    try {
      const [row] = await this.handle.withSession((session) =>
        session.query<{ standby: boolean; replayed: string | null }>('select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed'),
      );
      const replayed = row?.standby ? parseLsn(row.replayed) : null;
      this.up = replayed !== null;
      this.replayed = replayed;
      const fresh = replayed === null ? undefined : this.samples.findLast((sample) => sample.lsn <= replayed);
      this.freshAt = fresh?.at ?? null;
      this.freshSeq = fresh?.seq ?? -1;
      for (const [userId, heard] of this.heardAt) if (heard < this.freshSeq) this.heardAt.delete(userId);
    } catch {
      this.markDown();
    }
  }

  /**
   * A change concerning `userId` was announced (LISTEN/NOTIFY, modules/events): it is committed on
   * the primary, and the refetch the member's screen makes must see it. Until a check that started
   * after now finds its position replayed, that member's reads go to the primary.
   */
  heard(userId: string): void {
    this.heardAt.delete(userId);
    if (this.heardAt.size >= MAX_PINNED) this.heardAt.delete(this.heardAt.keys().next().value!);
    this.heardAt.set(userId, this.checks);
  }

  /** What a read may be answered from now: the replica, or null for the primary. */
  readerFor(mustSee: bigint | null, userId?: string): Db | null {
    const lag = this.lagMs();
    if (!this.up || lag === null || lag > this.options.maxLagMs) return null;
    if (mustSee !== null && (this.replayed === null || this.replayed < mustSee)) return null;
    const heard = userId === undefined ? undefined : this.heardAt.get(userId);
    if (heard !== undefined && heard >= this.freshSeq) return null;
    return this.handle.db;
  }

  /**
   * Runs a read on the replica when it may answer (`readerFor`), else on the primary. A replica that
   * fails the read (down, terminated, a query cancelled by recovery) hands it to the primary; an
   * error of the app's own (an AppError, a refusal) is the answer and is not retried.
   */
  async run<T>(primary: Db, reader: { mustSee: bigint | null; userId?: string }, work: (db: Db) => Promise<T>): Promise<T> {
    const replica = this.readerFor(reader.mustSee, reader.userId);
    if (!replica) return work(primary);
    try {
      const result = await work(replica);
      this.reads++;
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.fallbacks++;
      if (isDatabaseUnavailable(error)) this.markDown();
      this.options.onFallback?.(error);
      return work(primary);
    }
  }

  lagMs(): number | null {
    return this.freshAt === null ? null : Math.max(0, this.options.now() - this.freshAt);
  }

  state(): ReplicaState {
    return { up: this.up, replayed: this.replayed, lagMs: this.lagMs(), reads: this.reads, fallbacks: this.fallbacks, pinned: this.heardAt.size };
  }

  private markDown(): void {
    this.up = false;
    this.replayed = null;
    this.freshAt = null;
    this.freshSeq = -1;
  }
}

/** The primary's current log position, as text (`pg_current_wal_insert_lsn`: everything written so far, committed or not). */
export async function primaryPosition(primary: DatabaseHandle): Promise<string | null> {
  const [row] = await primary.withSession((session) => session.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn'));
  return row?.lsn ?? null;
}
