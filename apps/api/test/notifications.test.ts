import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER_EMAIL, seed } from '../src/demo/seed';
import { queueDueEmails, sendDigests } from '../src/modules/notifications/index';
import { createTestApp, type TestApp } from './app';
import { DATABASE_KINDS } from './database';
import { buy, chain, createPlan, fund, plansWorld, rows, scalar, secondInstance, type PlansWorld } from './plans/helpers';
import { createSession, SESSION_COOKIE } from '../src/modules/accounts/sessions';

/**
 * Notifications (docs/decisions/0034): every money event of the demo business landed in its
 * member's inbox exactly once (the triggers write in the money's own transaction); the inbox is
 * each member's own; email follows the member's preferences, through the outbox with RFC 8058
 * headers; the unsubscribe link works without signing in and refuses a tampered token; the daily
 * digest goes once per member per day, however many instances run it.
 */
describe.each(DATABASE_KINDS)('notifications (%s)', (kind) => {
  let t: TestApp;
  let w: PlansWorld;
  const db = () => t.database.handle.db;
  const deps = () => ({ db: db(), clock: t.clock, config: t.config });
  const cookieOf = async (userId: string) => {
    const session = await createSession(db(), { userId, now: t.clock.now(), ip: null, userAgent: null });
    return `${SESSION_COOKIE}=${session.token}`;
  };
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });
  const post = (cookie: string, url: string) => t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind, { SEED_DEMO: 'true', OPERATOR_PASSWORD: 'operator-password' });
    await seed(t.database.handle, t.config, { info: () => {} });
    t.clock.advance(60_000);
    w = await plansWorld(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('put every money event of the demo business in its member’s inbox, once', async () => {
    const count = (kind: string) => scalar(db(), sql`select count(*) as n from notifications where kind = ${kind}`);
    const exact: Array<[string, ReturnType<typeof sql>]> = [
      ['recharge_credited', sql`select count(*) as n from recharge_orders where status = 'credited'`],
      ['recharge_rejected', sql`select count(*) as n from recharge_orders where status = 'rejected'`],
      ['purchase', sql`select count(*) as n from purchases`],
      ['refund', sql`select count(*) as n from purchases where status = 'refunded'`],
      [
        'commission_released',
        // Released, whether still available or taken back since by a refund with the override.
        sql`select count(*) as n from commissions where released_at is not null and beneficiary_id is not null and amount > 0`,
      ],
      [
        'commission_voided',
        sql`select count(*) as n from commissions where status = 'reversed' and beneficiary_id is not null and amount > 0`,
      ],
      ['withdrawal_paid', sql`select count(*) as n from withdrawals where status = 'paid'`],
      ['withdrawal_returned', sql`select count(*) as n from withdrawals where status = 'rejected'`],
      ['withdrawal_processing', sql`select count(*) as n from withdrawals where processing_at is not null`],
    ];
    for (const [kind, source] of exact) {
      const expected = await scalar(db(), source);
      expect(await count(kind), kind).toBe(expected);
      expect(expected, kind).toBeGreaterThan(0);
    }
    // Commission lines that were ever pending: every released or voided one was, first.
    expect(await count('commission_pending')).toBeGreaterThanOrEqual(await count('commission_released'));
    // Each row is its source's member's: a purchase's buyer, a commission's beneficiary.
    expect(
      await scalar(
        db(),
        sql`select count(*) as n from notifications n join purchases p on p.id::text = n.ref
             where n.kind in ('purchase', 'refund') and n.user_id <> p.user_id`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        db(),
        sql`select count(*) as n from notifications n join commissions c on c.id::text = n.ref
             where n.kind like 'commission_%' and (n.user_id <> c.beneficiary_id or n.amount <> c.amount)`,
      ),
    ).toBe(0);
  });

  it('shows a member their own inbox with the important announcement, and marks read', async () => {
    const [me] = await rows<{ id: string }>(db(), sql`select id from users where email = ${DEMO_MEMBER_EMAIL}`);
    const cookie = await cookieOf(me!.id);
    const before = (await get(cookie, '/notifications/unread')).json() as { unread: number };
    const page = await get(cookie, '/notifications?limit=100');
    expect(page.statusCode, page.body).toBe(200);
    const list = page.json() as { items: Array<{ id: string; kind: string; read: boolean }>; unread: number };
    expect(list.items.some((item) => item.kind === 'announcement')).toBe(true);
    expect(list.unread).toBe(before.unread);
    const unread = list.items.find((item) => !item.read)!;
    expect((await post(cookie, `/notifications/${unread.id}/read`)).json()).toEqual({ unread: list.unread - 1 });
    // The announcement is added once, however often the inbox is read.
    await get(cookie, '/notifications');
    expect(await scalar(db(), sql`select count(*) as n from notifications where user_id = ${me!.id} and kind = 'announcement'`)).toBe(1);

    // Another member: none of the demo member's rows, and 404 on one of them.
    const [other] = await chain(w, 1);
    const theirs = (await get(other!.cookie, '/notifications')).json() as { items: Array<{ id: string }> };
    const mine = new Set(list.items.map((item) => item.id));
    expect(theirs.items.filter((item) => mine.has(item.id))).toEqual([]);
    expect((await post(other!.cookie, `/notifications/${unread.id}/read`)).statusCode).toBe(404);
    expect(
      (await post(other!.cookie, `/notifications/${list.items.find((item) => !item.read && item.id !== unread.id)!.id}/read`)).statusCode,
    ).toBe(404);

    expect((await post(cookie, '/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await get(cookie, '/notifications/unread')).json()).toEqual({ unread: 0 });
  });

  it('emails what the preferences ask for, through the outbox, with a one-click unsubscribe', async () => {
    const [upline, buyer] = await chain(w, 2);
    const plan = await createPlan(w);
    // The upline wants no email of pending commissions; the buyer keeps the defaults.
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: upline!.cookie },
      payload: { email: { commission_pending: false }, digest: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ digest: false, hasEmail: true, email: { commission_pending: false, purchase: true } });
    // The upline holds a membership (commissions go to members with one), then the buyer buys.
    await fund(w, upline!.userId, plan.price);
    expect((await buy(w, upline!, plan.id)).statusCode).toBe(201);
    await fund(w, buyer!.userId, plan.price);
    expect((await buy(w, buyer!, plan.id)).statusCode).toBe(201);
    const inboxOf = async (cookie: string) =>
      ((await get(cookie, '/notifications')).json() as { items: Array<{ kind: string }> }).items.filter(
        (item) => item.kind !== 'announcement',
      );
    expect((await inboxOf(buyer!.cookie)).map((item) => item.kind)).toEqual(['purchase']);
    expect((await inboxOf(upline!.cookie)).map((item) => item.kind)).toEqual(['commission_pending', 'purchase']);

    await queueDueEmails(deps());
    const mails = await rows<{ destination: string; kind: string; subject: string; body: string; headers: Record<string, string> }>(
      db(),
      sql`select destination, kind, subject, body, headers from outbox where kind like 'notification:%' and destination in (${upline!.email}, ${buyer!.email})`,
    );
    // The upline's purchase is mailed, their pending commission is not (turned off); the buyer's purchase is.
    expect(mails.map((mail) => [mail.destination, mail.kind]).sort()).toEqual(
      [
        [upline!.email, 'notification:purchase'],
        [buyer!.email, 'notification:purchase'],
      ].sort(),
    );
    const mail = mails.find((row) => row.destination === buyer!.email)!;
    expect(mail.subject).toContain(plan.name);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Queued once: a second run finds nothing due.
    expect(await queueDueEmails(deps())).toBe(0);

    const url = /^<https?:\/\/[^/]+(\/api\/v1\/notifications\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    const oneClick = (target: string) =>
      t.app.inject({
        method: 'POST',
        url: target,
        // As a mail provider posts it: a form, no cookie, no Origin, no client header.
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': '' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const tampered = url.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await oneClick(tampered)).statusCode).toBe(404);
    expect((await oneClick(url.replace('.purchase.', '.refund.'))).statusCode).toBe(404);
    expect(((await get(buyer!.cookie, '/notifications/preferences')).json() as { email: Record<string, boolean> }).email.purchase).toBe(
      true,
    );
    const done = await oneClick(url);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ kind: 'purchase' });
    expect(((await get(buyer!.cookie, '/notifications/preferences')).json() as { email: Record<string, boolean> }).email).toMatchObject({
      purchase: false,
      refund: true,
    });
  });

  it('sends the daily digest once per member per day, from two instances at once', async () => {
    const [member] = await chain(w, 1);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: member!.cookie },
      payload: { email: {}, digest: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const plan = await createPlan(w);
    await fund(w, member!.userId, plan.price);
    expect((await buy(w, member!, plan.id)).statusCode).toBe(201);
    const second = kind === 'postgres' ? await secondInstance(t) : null;
    try {
      const other = second ? { db: second.db, clock: t.clock, config: t.config } : deps();
      await Promise.all([sendDigests(deps()), sendDigests(other), sendDigests(deps())]);
      await sendDigests(other);
    } finally {
      await second?.close();
    }
    const digests = await rows<{ subject: string; headers: Record<string, string> }>(
      db(),
      sql`select subject, headers from outbox where kind = 'notification:digest' and destination = ${member!.email}`,
    );
    expect(digests).toHaveLength(1);
    expect(digests[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await scalar(db(), sql`select count(*) as n from notification_digests where user_id = ${member!.userId}`)).toBe(1);
    // The next day: a new key, a new digest only if something is unread since.
    t.clock.advance(24 * 3_600_000);
    await sendDigests(deps());
    expect(await scalar(db(), sql`select count(*) as n from notification_digests where user_id = ${member!.userId}`)).toBe(2);
  });

  it('marks all read with the running important announcements, even before the inbox was ever looked at', async () => {
    const [member] = await chain(w, 1);
    // No read of the inbox or the bell first: "mark all read" adds the running announcement itself.
    expect((await post(member!.cookie, '/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect((await get(member!.cookie, '/notifications/unread')).json()).toEqual({ unread: 0 });
    const list = (await get(member!.cookie, '/notifications')).json() as { items: Array<{ kind: string; read: boolean }>; unread: number };
    expect(list.items.filter((item) => item.kind === 'announcement')).toEqual([expect.objectContaining({ read: true })]);
    expect(list.unread).toBe(0);
  });

  it('lists the inbox newest first by time, ties by id, and pages by that order', async () => {
    const [member] = await chain(w, 1);
    await post(member!.cookie, '/notifications/read-all');
    const now = t.clock.now().getTime();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    // Inserted in an order that is not their time's: the id says nothing of when it happened.
    for (const [ref, minutesAgo] of [
      ['a', 60],
      ['b', 180],
      ['c', 60],
      ['d', 1],
    ] as const) {
      await db().execute(sql`insert into notifications (user_id, kind, ref, amount, currency, created_at)
                             values (${member!.userId}, 'debt', ${ref}, 100, 'USD', ${at(minutesAgo)})`);
    }
    const refs = await rows<{ id: string; ref: string }>(
      db(),
      sql`select id::text as id, ref from notifications where user_id = ${member!.userId} and kind = 'debt'`,
    );
    const refOf = new Map(refs.map((row) => [row.id, row.ref]));
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const response = await get(member!.cookie, `/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { items: Array<{ id: string; kind: string }>; nextCursor: string | null };
      seen.push(...page.items.filter((item) => item.kind === 'debt').map((item) => refOf.get(item.id)!));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['d', 'c', 'a', 'b']);
  });

  it('pages rows written within one millisecond without losing one between pages (the cursor keeps microseconds)', async () => {
    const [member] = await chain(w, 1);
    await post(member!.cookie, '/notifications/read-all');
    const ms = new Date(t.clock.now().getTime() - 5 * 60_000).toISOString().slice(0, 23);
    for (const [ref, micros] of [
      ['x', '100'],
      ['y', '900'],
      ['z', '500'],
    ] as const) {
      await db().execute(sql`insert into notifications (user_id, kind, ref, amount, currency, created_at)
                             values (${member!.userId}, 'debt', ${ref}, 100, 'USD', ${`${ms}${micros}Z`}::timestamptz)`);
    }
    const refs = await rows<{ id: string; ref: string }>(
      db(),
      sql`select id::text as id, ref from notifications where user_id = ${member!.userId} and kind = 'debt'`,
    );
    const refOf = new Map(refs.map((row) => [row.id, row.ref]));
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = (await get(member!.cookie, `/notifications?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json() as {
        items: Array<{ id: string; kind: string }>;
        nextCursor: string | null;
      };
      seen.push(...page.items.filter((item) => item.kind === 'debt').map((item) => refOf.get(item.id)!));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['y', 'z', 'x']);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const [member] = await chain(w, 1);
    expect((await post(member!.cookie, '/notifications/abc/read')).statusCode).toBe(400);
    expect((await get(member!.cookie, '/notifications?cursor=%21%21')).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/preferences',
      headers: { cookie: member!.cookie },
      payload: { email: { nonsense: false }, digest: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(await scalar(db(), sql`select count(*) as n from notification_preferences where user_id = ${member!.userId}`)).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/unsubscribe?token=not-a-token-at-all' });
    expect(anonymous.statusCode, anonymous.body).toBe(404);
  });
});
