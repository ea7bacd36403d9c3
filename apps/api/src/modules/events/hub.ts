import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isConsoleRole } from '@orchard/shared';
import { authOf } from '../../plugins/auth';

/**
 * Live updates (docs/decisions/0016): each instance LISTENs on `orchard_events` (the triggers in sql/)
 * and forwards what concerns them to the server-sent event streams open on it: a member's own
 * balance, orders and withdrawals; for console staff also the queues. The events say what changed,
 * not the new values: the app refetches what it shows, through the same access checks as always.
 */
export const EVENTS_CHANNEL = 'orchard_events';
const HEARTBEAT_MS = 20_000;

interface Stream {
  userId: string;
  console: boolean;
  send(kind: string): void;
}

export interface EventHub {
  /** How many streams are open on this instance. */
  size(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    eventHub: EventHub;
  }
}

async function registerEventHub(app: FastifyInstance) {
  const streams = new Set<Stream>();
  let stop: (() => Promise<void>) | undefined;
  const deliver = (payload: string) => {
    let message: { user?: unknown; kind?: unknown };
    try {
      message = JSON.parse(payload) as { user?: unknown; kind?: unknown };
    } catch {
      return;
    }
    if (typeof message.kind !== 'string' || !/^[a-z_]{1,30}$/.test(message.kind)) return;
    // This instance's copies first, so the refetch a stream's event causes reads the new values.
    app.readCaches.heard(typeof message.user === 'string' ? message.user : null, message.kind);
    for (const stream of streams) {
      if (message.user === null ? stream.console : stream.userId === message.user) stream.send(message.kind);
    }
  };
  app.decorate('eventHub', { size: () => streams.size } satisfies EventHub);
  app.addHook('onReady', async () => {
    stop = await app.database.listen(EVENTS_CHANNEL, deliver);
  });
  app.addHook('preClose', async () => {
    await stop?.();
    for (const stream of streams) stream.send('closing');
  });

  /** Opens a stream for the signed-in person; it lives until the browser closes it or the server stops. */
  app.decorate('openEventStream', (request: FastifyRequest, reply: FastifyReply) => {
    const auth = authOf(request);
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
    const stream: Stream = {
      userId: auth.userId,
      console: isConsoleRole(auth.role),
      send: (kind) => {
        raw.write(`event: ${kind}\ndata: {}\n\n`);
        if (kind === 'closing') raw.end();
      },
    };
    streams.add(stream);
    stream.send('ready');
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      streams.delete(stream);
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    openEventStream(request: FastifyRequest, reply: FastifyReply): void;
  }
}

export const eventHubPlugin = fp(registerEventHub, { name: 'orchard-event-hub' });
