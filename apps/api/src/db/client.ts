import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';
import { isDatabaseUnavailable } from './unavailable';

/**
 * Drizzle over either driver. Both speak the same PostgreSQL dialect and the same query
 * builder; the type is the node-postgres one so repositories are written once.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One connection for raw SQL: migrations and advisory locks need the same session throughout. */
export interface SqlSession {
  exec(sql: string): Promise<void>;
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** PostgreSQL: the pool's connections now (open, idle, requests waiting for one, the limit); PGlite: null (one session). */
  poolUse(): { open: number; idle: number; waiting: number; max: number } | null;
  close(): Promise<void>;
  /**
   * PGlite only: the whole data directory as a tarball (tests load migrated templates from it; a
   * backup gzips it, db/backup.ts). Taken between two queries, so it is crash-consistent.
   */
  dumpDataDir(compression?: 'none' | 'gzip'): Promise<Blob>;
  /**
   * LISTEN on a channel: `onMessage` gets each payload NOTIFY sends (from any process on this
   * database). On PostgreSQL a dedicated connection, reconnected after a loss. Returns the way to stop.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` on sessions with the test clock on (`orchard.test_clock`, ledger/sql/ledger_now.sql):
   * the ledger dates what `work` posts by the app clock its services are given. For the demo
   * story only (src/demo/), told in the weeks before now; nothing else may date money itself.
   */
  withAppClock<T>(work: (db: Db) => Promise<T>): Promise<T>;
}

export interface DatabaseOptions {
  /** postgres://… for a server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this dumped data directory instead of running initdb. */
  loadDataDir?: Blob;
  /**
   * Sessions with the test clock on (`orchard.test_clock`): the ledger's clock (ledger_now(),
   * ledger/sql/ledger_now.sql) takes the app clock the money functions are given, so tests that
   * move time move the ledger's. Test databases and a server run with TEST_CLOCK only; anywhere
   * else the database dates every posting by its own clock.
   */
  testClock?: boolean;
  /** PostgreSQL: how long a new connection may take before the attempt fails (default 10 s; the read replica's is shorter). */
  connectTimeoutMs?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? 10, options.testClock ?? false, options.connectTimeoutMs ?? 10_000)
    : openPglite(options.dataDir, options.loadDataDir, options.testClock ?? false);
}

async function openPostgres(url: string, poolSize: number, testClock: boolean, connectTimeoutMs: number): Promise<DatabaseHandle> {
  // BIGINT (int8) comes back as a string by default. Stored amounts and balances stay below 2^53
  // (CHECK constraints of 0202, ledger/limits.ts); sums that may not are read as text, never as int8.
  pg.types.setTypeParser(20, (value) => Number(value));
  // A connection attempt to an unreachable server fails after 10 s instead of hanging the request.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    ...(testClock ? { options: '-c orchard.test_clock=on' } : {}),
  });
  // Any connection can die (server restart, failover, pg_terminate_backend), idle or in the middle
  // of a transaction. A pg client with no 'error' listener would throw that event and take the
  // process down, so every client gets its own listener as it joins the pool. The query that was
  // running fails (the request answers 503, see db/unavailable.ts), the server rolls its
  // transaction back, and the pool drops the broken client on release and connects afresh.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      console.error(`PostgreSQL connection lost, the pool will reconnect: ${error.message}`);
    });
  });
  // The pool re-emits an idle client's error; the client's own listener has already logged it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    async withSession(work) {
      const client = await pool.connect();
      let failure: unknown;
      try {
        return await work({
          exec: async (text) => {
            await client.query(text);
          },
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
        });
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        // A connection lost mid-query may not have noticed its socket closing yet; released as
        // healthy it would go back to the pool and fail the next request. Released with the error,
        // the pool drops it.
        client.release(isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    poolUse: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    async close() {
      await pool.end();
    },
    dumpDataDir: () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
    listen: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    async withAppClock(work) {
      if (testClock) return work(db);
      const storyPool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000, options: '-c orchard.test_clock=on' });
      storyPool.on('error', () => {});
      try {
        return await work(drizzlePg({ client: storyPool, schema }));
      } finally {
        await storyPool.end();
      }
    },
  };
}

/**
 * A connection of its own (LISTEN holds its session), outside the pool. When it is lost (server
 * restart, terminated backend) it reconnects after a second and listens again; notifications sent
 * meanwhile are missed, which the clients cover by refetching on reconnect.
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    const again = () => {
      if (stopped || client !== next) return;
      client = undefined;
      retry = setTimeout(() => void connect(), 1_000);
      retry.unref();
    };
    next.on('error', (error) => {
      console.error(`PostgreSQL listener connection lost, reconnecting: ${error.message}`);
      again();
    });
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      console.error(`PostgreSQL listener could not connect, retrying: ${(error as Error).message}`);
      await next.end().catch(() => undefined);
      again();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, testClock: boolean): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, {
    parsers: { 20: (value: string) => Number(value) },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  await client.waitReady;
  // PGlite is one session for its whole life: the setting holds for every query.
  if (testClock) await client.exec(`set orchard.test_clock = 'on'`);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async withSession(work) {
      return work({
        exec: async (text) => {
          await client.exec(text);
        },
        query: async <Row>(text: string, params?: unknown[]) => (await client.query<Row>(text, params)).rows,
      });
    },
    async ping() {
      await client.query('select 1');
    },
    poolUse: () => null,
    async close() {
      await client.close();
    },
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    async withAppClock(work) {
      if (testClock) return work(db);
      // One session: on for the story, off again after it (the server starts serving afterwards).
      await client.exec(`set orchard.test_clock = 'on'`);
      try {
        return await work(db);
      } finally {
        await client.exec(`set orchard.test_clock = 'off'`);
      }
    },
  };
}
