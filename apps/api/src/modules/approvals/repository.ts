import { sql } from 'drizzle-orm';
import type { ApprovalKind, ApprovalState } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The SQL of two-person approval: the requests (migration 1600) and the one row of settings. */
type Queryable = Db | Tx;

export interface RequestRow {
  id: string;
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  amount: string | number;
  currency: string;
  subject_user_id: string | null;
  subject_name: string | null;
  requested_by: string;
  requested_by_name: string;
  request_key: string;
  requested_at: Date | string;
  expires_at: Date | string;
  status: ApprovalState;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  reason: string | null;
  transaction_id: string | number | null;
}

const COLUMNS = sql`r.id, r.kind, r.payload, r.amount, r.currency, r.subject_user_id, s.display_name as subject_name,
  r.requested_by, q.display_name as requested_by_name, r.request_key, r.requested_at, r.expires_at, r.status,
  r.decided_by, d.display_name as decided_by_name, r.decided_at, r.reason, r.transaction_id`;
const FROM = sql`approval_requests r join users q on q.id = r.requested_by
  left join users s on s.id = r.subject_user_id left join users d on d.id = r.decided_by`;

export interface NewRequest {
  id: string;
  kind: ApprovalKind;
  payload: Record<string, unknown>;
  amount: number;
  currency: string;
  subjectUserId: string | null;
  requestedBy: string;
  requestKey: string;
  at: Date;
  expiresAt: Date;
}

/** A new request, or nothing when this person sent this key before (the caller then reads that one). */
export async function insertRequest(db: Queryable, r: NewRequest): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into approval_requests (id, kind, payload, amount, currency, subject_user_id, requested_by, request_key, requested_at, expires_at)
        values (${r.id}::uuid, ${r.kind}, ${JSON.stringify(r.payload)}::jsonb, ${r.amount}::bigint, ${r.currency}::char(3),
                ${r.subjectUserId}::uuid, ${r.requestedBy}::uuid, ${r.requestKey}, ${r.at}, ${r.expiresAt})
        on conflict (requested_by, request_key) do nothing returning id`,
  );
  return rows.length > 0;
}

export async function findByKey(db: Queryable, requestedBy: string, key: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where r.requested_by = ${requestedBy}::uuid and r.request_key = ${key}`,
  );
  return row;
}

/**
 * Serializes the asks of one person with one content key until the transaction ends: two of the same
 * ask at once (a double click on a settings form) find one request, not two.
 */
export async function lockAsk(db: Queryable, requestedBy: string, prefix: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(727274510, hashtext(${`${requestedBy}:${prefix}`}))`);
}

/** This person's request still waiting whose key starts with `prefix` (an ask keyed by its content), if any. */
export async function findWaitingByKeyPrefix(db: Queryable, requestedBy: string, prefix: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where r.requested_by = ${requestedBy}::uuid and r.status = 'requested'
          and left(r.request_key, ${prefix.length}) = ${prefix} order by r.requested_at desc limit 1`,
  );
  return row;
}

export async function findRequest(db: Queryable, id: string): Promise<RequestRow | undefined> {
  const [row] = await rowsOf<RequestRow>(db, sql`select ${COLUMNS} from ${FROM} where r.id = ${id}::uuid`);
  return row;
}

/** Locks the request's row for a decision (two approvers at once: the second waits, then sees the first's state). */
export async function lockRequest(db: Queryable, id: string): Promise<RequestRow | undefined> {
  const [locked] = await rowsOf<{ id: string }>(db, sql`select id from approval_requests where id = ${id}::uuid for update`);
  return locked ? findRequest(db, id) : undefined;
}

/** `mine`: those `viewer` asked for, in every state. */
export async function listRequests(db: Queryable, state: ApprovalState | 'waiting' | 'mine', viewer: string): Promise<RequestRow[]> {
  const where =
    state === 'waiting' ? sql`r.status = 'requested'` : state === 'mine' ? sql`r.requested_by = ${viewer}::uuid` : sql`r.status = ${state}`;
  return rowsOf<RequestRow>(db, sql`select ${COLUMNS} from ${FROM} where ${where} order by r.requested_at desc, r.id limit 100`);
}

/** Requests still waiting that someone other than `operatorId` may decide, among `kinds`. */
export async function countWaitingFor(db: Queryable, operatorId: string, kinds: readonly string[]): Promise<number> {
  if (kinds.length === 0) return 0;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from approval_requests where status = 'requested' and requested_by <> ${operatorId}::uuid
          and kind in (${sql.join(
            kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})`,
  );
  return row?.n ?? 0;
}

export async function markDecided(
  db: Queryable,
  id: string,
  values: { status: 'applied' | 'failed' | 'rejected'; decidedBy: string; at: Date; reason: string | null; transactionId: string | null },
): Promise<void> {
  await db.execute(
    sql`update approval_requests set status = ${values.status}, decided_by = ${values.decidedBy}::uuid, decided_at = ${values.at},
          reason = ${values.reason}, transaction_id = ${values.transactionId}::bigint
        where id = ${id}::uuid and status = 'requested'`,
  );
}

/** Marks every request past its expiry (at most 500 a call); returns how many. */
export async function expireDue(db: Queryable, at: Date): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`update approval_requests set status = 'expired'
        where id in (select id from approval_requests where status = 'requested' and expires_at <= ${at}
                     order by expires_at limit 500 for update skip locked)
        returning id`,
  );
  return rows.length;
}

export interface SettingsRow {
  threshold: string | number | null;
  expires_after_hours: number;
}

export async function readSettings(db: Queryable): Promise<SettingsRow> {
  const [row] = await rowsOf<SettingsRow>(db, sql`select threshold, expires_after_hours from approval_settings where id`);
  return row!;
}

/** The settings row locked, for a before → after change. */
export async function lockSettings(db: Queryable): Promise<SettingsRow> {
  const [row] = await rowsOf<SettingsRow>(db, sql`select threshold, expires_after_hours from approval_settings where id for update`);
  return row!;
}

export async function writeSettings(db: Queryable, values: { threshold: number | null; expiresAfterHours: number; by: string; at: Date }) {
  await db.execute(
    sql`update approval_settings set threshold = ${values.threshold}::bigint, expires_after_hours = ${values.expiresAfterHours},
          changed_by = ${values.by}::uuid, changed_at = ${values.at} where id`,
  );
}
