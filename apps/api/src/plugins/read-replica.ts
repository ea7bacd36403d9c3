import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { parseLsn, primaryPosition, type ReadReplica, type ReplicaState } from '../db/replica';
import { periodicJob } from '../lib/periodic-job';
import { isRead } from './read-caches';

/**
 * The cookie that carries, after a write, the primary's log position the writer must see
 * (docs/decisions/0040). Its only use is choosing a server: a forged value can only send its
 * holder's own reads to the primary, or to a replica that is at most REPLICA_MAX_LAG_MS behind.
 */
export const READ_AFTER_COOKIE = 'orchard_read_after';
/** Long enough for any replica that is not already passed over for its lag. */
const READ_AFTER_MAX_AGE_S = 60;

const UNKNOWN_POSITION = 'FFFFFFFF/FFFFFFFF';

/** Reads that may be answered by the read replica: the chosen read paths only (statements, team, dashboard, public pages). */
interface ReplicaReads {
  /** Runs `work` on the replica when it may answer this request, else (and when it fails) on the primary. */
  run<T>(request: FastifyRequest, work: (db: Db) => Promise<T>): Promise<T>;
  /** A change concerning this member was announced (modules/events): their reads see it (ReadReplica.heard). */
  heard(userId: string): void;
  /** How the replica stands; null without one. */
  state(): ReplicaState | null;
  /** Looks at both servers now (the periodic check does it every REPLICA_CHECK_MS); tests call it. */
  check(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    replicaReads: ReplicaReads;
  }
}

function readAfterOf(request: FastifyRequest): bigint | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === READ_AFTER_COOKIE) return parseLsn(part.slice(index + 1).trim().replace('-', '/'));
  }
  return null;
}

function setReadAfter(request: FastifyRequest, reply: FastifyReply, lsn: string) {
  const secure = request.server.config.COOKIE_SECURE === 'true' || (request.server.config.COOKIE_SECURE === 'auto' && request.protocol === 'https');
  // `/` is a cookie character, but `-` needs no second look from any proxy.
  const parts = [`${READ_AFTER_COOKIE}=${lsn.replace('/', '-')}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${READ_AFTER_MAX_AGE_S}`];
  if (secure) parts.push('Secure');
  void reply.header('set-cookie', parts.join('; '));
}

async function registerReplicaReads(app: FastifyInstance, options: { replica?: ReadReplica }) {
  const primary = app.database;
  const replica = options.replica;
  if (!replica) {
    const none: ReplicaReads = { run: (_request, work) => work(primary.db), heard: () => {}, state: () => null, check: async () => {} };
    app.decorate('replicaReads', none);
    return;
  }
  app.decorate('replicaReads', {
    run: (request, work) => replica.run(primary.db, { mustSee: readAfterOf(request), userId: request.auth?.userId }, work),
    heard: (userId) => replica.heard(userId),
    state: () => replica.state(),
    check: () => replica.check(primary),
  } satisfies ReplicaReads);
  app.addHook('onReady', () => replica.check(primary));
  periodicJob(app, 'replica check', app.config.REPLICA_CHECK_MS, () => replica.check(primary));
  // A write that went through: its writer's next reads must see it (read-your-writes), on any instance.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isRead(request.method) || request.method === 'OPTIONS' || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return payload;
    // Position unknown (the primary went away after the write): the primary answers this writer until the cookie ends.
    const lsn = (await primaryPosition(primary).catch(() => null)) ?? UNKNOWN_POSITION;
    setReadAfter(request, reply, lsn);
    return payload;
  });
}

/** `app.replicaReads`: the read replica (DATABASE_REPLICA_URL) for the reads chosen for it, the primary for everything else. */
export const replicaReadsPlugin = fp(registerReplicaReads, { name: 'orchard-replica-reads' });
