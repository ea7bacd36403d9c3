import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConsoleRole, type Role } from '@orchard/shared';
import { liveSessionRoles, tooManyRequests } from '../accounts/index';
import { periodicJob } from '../../lib/periodic-job';
import { authOf } from '../../plugins/auth';

/**
 * Live updates (docs/decisions/0016): each instance LISTENs on `orchard_events` (the triggers in sql/)
 * and forwards what concerns them to the server-sent event streams open on it: a member's own
 * balance, orders and withdrawals; for console staff also the queues. The events say what changed,
 * not the new values: the app refetches what it shows, through the same access checks as always.
 *
 * A stream belongs to the session that opened it, and lives no longer than that session as it
 * was (docs/decisions/0016, "Bounds"):
 * - at most EVENT_STREAMS_PER_MEMBER streams per member and EVENT_STREAMS_PER_ADDRESS per client
 *   address on this instance; one more is refused with 429 (the browser then polls);
 * - whatever ends a session or changes who its member is — signing out, revocation, the session
 *   cap, a new password, freezing, a new role — is announced as kind `session` (migration 0970)
 *   on every instance: each checks its streams of that member against the database and closes
 *   those whose session is no longer live or whose role changed (the browser reconnects: a new
 *   role gets a stream of its own, an ended session a 401). Events for that member wait while
 *   the check runs, so none reaches a stream that is being closed;
 * - every STREAM_CHECK_MS all open streams are checked the same way: sessions that expired
 *   (30 days, or 7 idle), and any announcement missed while the LISTEN connection was down.
 */
const EVENTS_CHANNEL = 'orchard_events';
const HEARTBEAT_MS = 20_000;
/** How often every open stream's session is checked again (expiry; announcements missed while LISTEN was down). */
const STREAM_CHECK_MS = 30_000;
/** Session ids looked up per query by the check. */
const CHECK_BATCH = 500;

interface Stream {
  userId: string;
  sessionId: string;
  role: Role;
  address: string;
  console: boolean;
  /** Events held back while the member's sessions are being checked (null: deliver at once). */
  held: Set<string> | null;
  send(kind: string): void;
  close(): void;
}

interface EventHub {
  /** How many streams are open on this instance. */
  size(): number;
  /**
   * Checks the sessions of the open streams (of one member, or all) and closes those that ended
   * or whose member's role changed; how many were closed. Runs on its own every STREAM_CHECK_MS.
   */
  recheck(userId?: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventHub: EventHub;
  }
}

function countOf(streams: Set<Stream>, match: (stream: Stream) => boolean): number {
  let count = 0;
  for (const stream of streams) if (match(stream)) count += 1;
  return count;
}

/** The session checks of the open streams: all of them (periodic), or one member's after an announcement. */
function streamChecks(app: FastifyInstance, streams: Set<Stream>) {
  /**
   * Checks `targets` against the database and closes the ended ones. A member's check (`announced`:
   * after their `session` announcement) then lets the others have what was held for them, and
   * closes them all when it cannot ask the database (fails closed: the browser reconnects in
   * 3 s through the usual session check); the periodic check leaves streams as they are then.
   */
  async function check(targets: Stream[], announced: boolean): Promise<number> {
    let closed = 0;
    const end = (stream: Stream) => {
      if (!streams.has(stream)) return;
      stream.close();
      closed += 1;
    };
    for (let start = 0; start < targets.length; start += CHECK_BATCH) {
      const batch = targets.slice(start, start + CHECK_BATCH);
      let live: Map<string, Role>;
      try {
        live = await liveSessionRoles(app.database.db, [...new Set(batch.map((stream) => stream.sessionId))], app.clock.now());
      } catch (error) {
        app.log.warn({ err: error }, 'could not check the live streams’ sessions');
        if (announced) batch.forEach(end);
        continue;
      }
      for (const stream of batch) {
        if (live.get(stream.sessionId) !== stream.role) end(stream);
        else if (announced) release(stream);
      }
    }
    return closed;
  }

  function release(stream: Stream) {
    const held = stream.held;
    stream.held = null;
    if (held && streams.has(stream)) for (const kind of held) stream.send(kind);
  }

  /** Checks run one at a time per member; a request for a check while one runs is served by one more after it. */
  const checking = new Map<string, Promise<number>>();
  const again = new Set<string>();
  function recheckMember(userId: string): Promise<number> {
    const targets = [...streams].filter((stream) => stream.userId === userId);
    if (targets.length === 0) return Promise.resolve(0);
    // Hold the member's events from now on: one may follow the announcement before the check is done.
    for (const stream of targets) stream.held ??= new Set();
    const running = checking.get(userId);
    if (running) {
      again.add(userId);
      return running;
    }
    const run = check(targets, true).finally(() => {
      checking.delete(userId);
      if (again.delete(userId)) void recheckMember(userId);
    });
    checking.set(userId, run);
    return run;
  }

  return { check, recheckMember };
}

/** What a `orchard_events` notification does: this instance's caches first, then the streams it concerns. */
function deliverer(app: FastifyInstance, streams: Set<Stream>, recheckMember: (userId: string) => Promise<number>) {
  return (payload: string) => {
    let message: { user?: unknown; kind?: unknown };
    try {
      message = JSON.parse(payload) as { user?: unknown; kind?: unknown };
    } catch {
      return;
    }
    if (typeof message.kind !== 'string' || !/^[a-z_]{1,30}$/.test(message.kind)) return;
    const user = typeof message.user === 'string' ? message.user : null;
    // This instance's copies first, so the refetch a stream's event causes reads the new values.
    app.readCaches.heard(user, message.kind);
    // And the read replica's: until it has replayed the change, this member's reads go to the primary.
    if (user) app.replicaReads.heard(user);
    if (message.kind === 'session') {
      if (user) void recheckMember(user);
      return;
    }
    for (const stream of streams) {
      if (message.user === null ? !stream.console : stream.userId !== message.user) continue;
      if (stream.held) stream.held.add(message.kind);
      else stream.send(message.kind);
    }
  };
}

/**
 * Opens a stream for the signed-in person; it lives until the browser closes it, its session
 * ends or its member's role changes, or the server stops. 429 past the caps (nothing is opened).
 */
function streamOpener(app: FastifyInstance, streams: Set<Stream>) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const auth = authOf(request);
    const address = request.ip ?? '';
    const { EVENT_STREAMS_PER_MEMBER: perMember, EVENT_STREAMS_PER_ADDRESS: perAddress } = app.config;
    if (countOf(streams, (stream) => stream.userId === auth.userId) >= perMember) {
      throw tooManyRequests(`This account has ${perMember} live update streams open already. Close a tab, then reload.`, 30);
    }
    if (countOf(streams, (stream) => stream.address === address) >= perAddress) {
      throw tooManyRequests(`Your network has ${perAddress} live update streams open already. Close a tab, then reload.`, 30);
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    // The browser reconnects by itself after a drop; 3 s keeps a restarted instance from a stampede.
    raw.write('retry: 3000\n\n');
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const stream: Stream = {
      userId: auth.userId,
      sessionId: auth.sessionId,
      role: auth.role,
      address,
      console: isConsoleRole(auth.role),
      held: null,
      send: (kind) => {
        raw.write(`event: ${kind}\ndata: {}\n\n`);
        if (kind === 'closing') raw.end();
      },
      close: () => {
        streams.delete(stream);
        clearInterval(heartbeat);
        raw.end();
      },
    };
    streams.add(stream);
    stream.send('ready');
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(stream);
    });
  };
}

async function registerEventHub(app: FastifyInstance) {
  const streams = new Set<Stream>();
  let stop: (() => Promise<void>) | undefined;
  const { check, recheckMember } = streamChecks(app, streams);

  app.decorate('eventHub', {
    size: () => streams.size,
    recheck: (userId?: string) => (userId ? recheckMember(userId) : check([...streams], false)),
  } satisfies EventHub);
  app.addHook('onReady', async () => {
    stop = await app.database.listen(EVENTS_CHANNEL, deliverer(app, streams, recheckMember));
  });
  periodicJob(app, 'live stream check', STREAM_CHECK_MS, () => check([...streams], false));
  app.addHook('preClose', async () => {
    await stop?.();
    for (const stream of streams) stream.send('closing');
  });
  app.decorate('openEventStream', streamOpener(app, streams));
}

declare module 'fastify' {
  interface FastifyInstance {
    openEventStream(request: FastifyRequest, reply: FastifyReply): void;
  }
}

export const eventHubPlugin = fp(registerEventHub, { name: 'orchard-event-hub' });
