import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE, SESSION_IDLE_MS } from '../src/modules/accounts/sessions';
import { createTestApp, type TestApp } from './app';
import { registerMember, TEST_PASSWORD } from './auth';
import { DATABASE_KINDS } from './database';
import { insertChannels } from './ledger-helpers';
import { asOperator, fund, plansWorld, quickMember, secondInstance, type PlansWorld, type SecondInstance } from './plans/helpers';

/** An open event stream: the events it received so far, and a way to wait for one, or for its end. */
interface Listening {
  events: string[];
  next(kind: string, timeoutMs?: number): Promise<number>;
  /** Resolves when the server has ended the stream (rejects if it has not within `timeoutMs`). */
  ended(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** A stream the server refused: its status, error code and Retry-After. */
async function refusedStream(app: FastifyInstance, cookie: string, from = '127.0.0.1') {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const request = http.get({ host: '127.0.0.1', port, localAddress: from, path: '/api/v1/events', headers: { cookie } });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  if (response.statusCode === 200) {
    // Not refused: an open stream never ends by itself.
    request.destroy();
    return { status: 200, code: null, retryAfter: undefined };
  }
  let body = '';
  response.setEncoding('utf8');
  for await (const chunk of response) body += chunk as string;
  return {
    status: response.statusCode,
    code: (JSON.parse(body) as { error: { code: string } }).error.code,
    retryAfter: response.headers['retry-after'],
  };
}

async function listen(app: FastifyInstance, cookie: string, from = '127.0.0.1'): Promise<Listening> {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const events: string[] = [];
  const waiting: Array<{ kind: string; resolve: (at: number) => void }> = [];
  const request = http.get({
    host: '127.0.0.1',
    port,
    localAddress: from,
    path: '/api/v1/events',
    headers: { cookie, accept: 'text/event-stream' },
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  const end = new Promise<void>((resolve) => response.on('end', resolve));
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  let buffer = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const kind = /^event: (.+)$/m.exec(block)?.[1];
      if (!kind) continue;
      events.push(kind);
      for (const waiter of waiting.filter((w) => w.kind === kind)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(Date.now());
      }
    }
  });
  // Each `next(kind)` takes the next event of that kind, one that already arrived included.
  const taken = new Map<string, number>();
  const arrivedAt: Array<{ kind: string; at: number }> = [];
  response.on('data', () => {
    while (arrivedAt.length < events.length) arrivedAt.push({ kind: events[arrivedAt.length]!, at: Date.now() });
  });
  const listening: Listening = {
    events,
    next: (kind, timeoutMs = 1_000) => {
      const index = taken.get(kind) ?? 0;
      taken.set(kind, index + 1);
      const already = arrivedAt.filter((event) => event.kind === kind)[index];
      if (already) return Promise.resolve(already.at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${kind} event within ${timeoutMs} ms (got ${events.join(', ')})`)), timeoutMs);
        waiting.push({ kind, resolve: (at) => (clearTimeout(timer), resolve(at)) });
      });
    },
    ended: (timeoutMs = 5_000) =>
      Promise.race([
        end,
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`the stream was not ended within ${timeoutMs} ms (got ${events.join(', ')})`)),
            timeoutMs,
          ).unref(),
        ),
      ]),
    close: () => request.destroy(),
  };
  await listening.next('ready', 5_000).catch(() => undefined);
  return listening;
}

describe.each(DATABASE_KINDS)('live events (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await plansWorld(t);
    await insertChannels(t.database.handle.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (kind === 'postgres') second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('a recharge credited on the other instance reaches the member’s open stream within a second, and nobody else’s', async () => {
    const member = await quickMember(t);
    const other = await quickMember(t);
    const mine = await listen(t.app, member.cookie);
    const theirs = await listen(t.app, other.cookie);
    const staff = await listen(t.app, w.operator.cookie);
    const crediting = second?.app ?? t.app;

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: member.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount: 5_000 },
    });
    expect(order.statusCode, order.body).toBe(201);
    const { id } = order.json() as { id: string };
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/recharge/orders/${id}/submit`,
          headers: { cookie: member.cookie },
          payload: { payerReference: 'TX-1' },
        })
      ).statusCode,
    ).toBe(200);
    await staff.next('queues');

    const balance = mine.next('balance');
    const orderChanged = mine.next('order');
    const sent = Date.now();
    const credited = await crediting.inject({
      method: 'POST',
      url: `/api/v1/admin/recharge/orders/${id}/credit`,
      headers: { cookie: w.operator.cookie, 'idempotency-key': randomUUID(), 'x-requested-with': 'fetch' },
      payload: {},
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect((await balance) - sent).toBeLessThan(1_000);
    await orderChanged;
    expect(theirs.events).toEqual(['ready']);

    // An adjustment moves the balance too; a refused one (too large a debit) sends nothing.
    await fund(w, member.userId, 100);
    await mine.next('balance');
    const before = mine.events.length;
    const refused = await asOperator(
      w,
      'POST',
      `/members/${member.userId}/adjustments`,
      { direction: 'debit', amount: 99_999_999, reason: 'too much' },
      randomUUID(),
    );
    expect(refused.statusCode).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.events.length).toBe(before);
    for (const stream of [mine, theirs, staff]) stream.close();
  });

  it('refuses a visitor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/events' });
    expect(response.statusCode).toBe(401);
  });
});

/**
 * A stream belongs to its session: bounded in number, and closed — on every instance — when the
 * session ends or the member's role changes (hub.ts). Each end is checked the way a member would
 * notice it: the stream ends, and an event that follows never reaches it.
 */
describe.each(DATABASE_KINDS)('live event streams are bounded and end with their session (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  let second: SecondInstance | undefined;
  /** Where a change is made: the other instance when there is one. */
  let elsewhere: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind, { EVENT_STREAMS_PER_MEMBER: '3', EVENT_STREAMS_PER_ADDRESS: '5' });
    w = await plansWorld(t);
    await insertChannels(t.database.handle.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (kind === 'postgres') second = await secondInstance(t);
    elsewhere = second?.app ?? t.app;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /** One more session of a member, as another browser would have. */
  async function anotherSession(userId: string): Promise<string> {
    const session = await createSession(t.database.handle.db, { userId, now: t.clock.now(), ip: null, userAgent: null });
    return `${SESSION_COOKIE}=${session.token}`;
  }
  /** A recharge order of someone's: a queue event for the console. */
  async function someonesOrder() {
    const someone = await quickMember(t);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recharge/orders',
      headers: { cookie: someone.cookie, 'idempotency-key': randomUUID() },
      payload: { channel: 'bank', amount: 5_000 },
    });
    expect(order.statusCode, order.body).toBe(201);
  }

  it('a member holds at most EVENT_STREAMS_PER_MEMBER streams, an address EVENT_STREAMS_PER_ADDRESS; one more is a 429', async () => {
    const member = await quickMember(t);
    const open = [await listen(t.app, member.cookie), await listen(t.app, member.cookie), await listen(t.app, member.cookie)];
    const refused = await refusedStream(t.app, member.cookie);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // A tab closed makes room for another.
    open.pop()!.close();
    await waitFor(() => t.app.eventHub.size() === 2);
    open.push(await listen(t.app, member.cookie));
    // One address, many members: five streams, then 429; another address is not held back.
    const members = await Promise.all(Array.from({ length: 6 }, () => quickMember(t)));
    const crowd = [];
    for (const one of members.slice(0, 5)) crowd.push(await listen(t.app, one.cookie, '127.0.0.7'));
    expect(await refusedStream(t.app, members[5]!.cookie, '127.0.0.7')).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    crowd.push(await listen(t.app, members[5]!.cookie, '127.0.0.8'));
    for (const stream of [...open, ...crowd]) stream.close();
    await waitFor(() => t.app.eventHub.size() === 0);
  });

  it('signing out ends that session’s stream on every instance, and its member’s events no longer reach it', async () => {
    const member = await registerMember(t);
    const other = await anotherSession(member.userId);
    const signedOut = await listen(t.app, member.cookie);
    const stillIn = await listen(t.app, other);
    const response = await elsewhere.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: member.cookie } });
    expect(response.statusCode, response.body).toBe(204);
    await signedOut.ended();
    await fund(w, member.userId, 100);
    await stillIn.next('balance', 5_000);
    expect(signedOut.events).not.toContain('balance');
    // Reconnecting with the ended session is refused.
    expect((await refusedStream(t.app, member.cookie)).status).toBe(401);
    stillIn.close();
  });

  it('a new password ends the other sessions’ streams; the session that changed it keeps its own', async () => {
    const member = await registerMember(t);
    const other = await anotherSession(member.userId);
    const mine = await listen(t.app, member.cookie);
    const theirs = await listen(t.app, other);
    const changed = await elsewhere.inject({
      method: 'POST',
      url: '/api/v1/auth/password',
      headers: { cookie: member.cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-brand-new-passphrase-9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await theirs.ended();
    await fund(w, member.userId, 100);
    await mine.next('balance', 5_000);
    expect(theirs.events).not.toContain('balance');
    mine.close();
  });

  it('freezing a member ends every stream of theirs', async () => {
    const member = await quickMember(t);
    const streams = [await listen(t.app, member.cookie), await listen(t.app, await anotherSession(member.userId))];
    const frozen = await elsewhere.inject({
      method: 'PUT',
      url: `/api/v1/admin/members/${member.userId}/status`,
      headers: { cookie: w.operator.cookie },
      payload: { status: 'frozen', reason: 'Checking a report.' },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    await Promise.all(streams.map((stream) => stream.ended()));
  });

  it('demoted staff lose the console’s queue events: the stream ends, and the one they reopen is a member’s', async () => {
    const staff = await quickMember(t);
    const setRole = (role: string) =>
      elsewhere.inject({
        method: 'PUT',
        url: `/api/v1/admin/members/${staff.userId}/role`,
        headers: { cookie: w.operator.cookie },
        payload: { role, reason: 'Rota change.' },
      });
    expect((await setRole('support')).statusCode).toBe(200);
    const asStaff = await listen(t.app, staff.cookie);
    await someonesOrder();
    await asStaff.next('queues', 5_000);

    expect((await setRole('member')).statusCode).toBe(200);
    await asStaff.ended();
    const asMember = await listen(t.app, staff.cookie);
    await someonesOrder();
    await fund(w, staff.userId, 100);
    // Notifications arrive in commit order: a queue event would have come before the balance.
    await asMember.next('balance', 5_000);
    expect(asMember.events).not.toContain('queues');
    asMember.close();
  });

  it('a session that expires while its stream is open: the check closes the stream (last: it moves the clock)', async () => {
    const member = await quickMember(t);
    const stream = await listen(t.app, member.cookie);
    expect(await t.app.eventHub.recheck()).toBe(0);
    t.clock.advance(SESSION_IDLE_MS + 60_000);
    expect(await t.app.eventHub.recheck()).toBeGreaterThanOrEqual(1);
    await stream.ended();
  });
});

/** Polls a condition the server reaches on its own (a closed socket noticed); fails after 5 s. */
async function waitFor(condition: () => boolean, timeoutMs = 5_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
