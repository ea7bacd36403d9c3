import { sql } from 'drizzle-orm';
import type { ClosureBlocker } from '@orchard/shared';
import type { Db, Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** Whether this session entered the password again lately (modules/accounts/step-up.ts). */
export async function isSteppedUp(tx: Tx, auth: { userId: string; sessionId: string }, now: Date): Promise<boolean> {
  const [row] = await rowsOf<{ ok: boolean | null }>(
    tx,
    sql`select step_up_until > ${now} as ok from sessions
         where id = ${auth.sessionId} and user_id = ${auth.userId} and revoked_at is null`,
  );
  return row?.ok === true;
}

/**
 * The account's row, locked (`for update`) inside a closing transaction so that a freeze or a
 * second closing waits for this one. Null for an unknown id.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<{ role: string; status: string } | null> {
  const [row] = await rowsOf<{ role: string; status: string }>(
    tx,
    sql`select role, status from users where id = ${userId} for update`,
  );
  return row ?? null;
}

/**
 * The member's own ledger accounts, locked in ONE statement in ascending id (ledger/README.md, the
 * lock order, step 3): a purchase that would credit a commission to this member locks the same
 * rows first, so either it commits before (and the pending balance refuses the closing) or it
 * reads the closed status after and skips the level.
 */
async function lockLedgerAccounts(tx: Tx, userId: string): Promise<{ type: string; balance: string }[]> {
  return rowsOf(
    tx,
    sql`select type, balance::text as balance from ledger_accounts where owner_id = ${userId} order by id for update`,
  );
}

const BALANCE_BLOCKER: Record<string, ClosureBlocker> = {
  member_available: 'balance',
  member_on_hold: 'on_hold',
  member_commission_pending: 'commission_pending',
  member_debt: 'debt',
};

/**
 * Why this account cannot be closed now, in CLOSURE_BLOCKERS' order; none: it can. Reads under
 * the locks when `lock` (the closing itself), plainly for the page that asks.
 */
export async function blockersOf(db: Db | Tx, userId: string, account: { role: string; status: string }, lock: boolean) {
  const blockers = new Set<ClosureBlocker>();
  if (account.role !== 'member') blockers.add('console_account');
  if (account.status === 'frozen') blockers.add('frozen');
  const balances = lock
    ? await lockLedgerAccounts(db as Tx, userId)
    : await rowsOf<{ type: string; balance: string }>(
        db,
        sql`select type, balance::text as balance from ledger_accounts where owner_id = ${userId}`,
      );
  for (const { type, balance } of balances) {
    const blocker = BALANCE_BLOCKER[type];
    if (blocker && BigInt(balance) !== 0n) blockers.add(blocker);
  }
  const [open] = await rowsOf<{ withdrawals: boolean; recharges: boolean; commissions: boolean; hold: boolean }>(
    db,
    sql`select exists (select 1 from withdrawals where user_id = ${userId} and status in ('pending', 'processing')) as withdrawals,
               exists (select 1 from recharge_orders where user_id = ${userId} and status in ('awaiting_payment', 'submitted')) as recharges,
               exists (select 1 from commissions where beneficiary_id = ${userId} and status in ('pending', 'review')) as commissions,
               exists (select 1 from referral_holds where member_id = ${userId} and status = 'open') as hold`,
  );
  if (open?.withdrawals) blockers.add('withdrawal_open');
  if (open?.recharges) blockers.add('recharge_open');
  if (open?.commissions) blockers.add('commission_pending');
  if (open?.hold) blockers.add('referral_hold');
  return blockers;
}

/** The account's status and role, for the page that asks whether it may be closed. */
export async function accountOf(db: Db, userId: string): Promise<{ role: string; status: string } | null> {
  const [row] = await rowsOf<{ role: string; status: string }>(db, sql`select role, status from users where id = ${userId}`);
  return row ?? null;
}

/**
 * Erases and pseudonymises (docs/decisions/0035, the list): the row keeps its id, role, referrer
 * and ancestors, invite code (dead: registration refuses a closed account's code), language and
 * dates; everything that says who it was goes. Sessions end (their address and browser erased),
 * and the ways back in are deleted: passkeys, sign-in links, codes, download links.
 */
export async function eraseAccount(tx: Tx, userId: string, pseudonym: string, now: Date): Promise<number> {
  const [contact] = await rowsOf<{ email: string | null; phone: string | null }>(
    tx,
    sql`select email, phone from users where id = ${userId}`,
  );
  await tx.execute(sql`update users
       set status = 'closed', closed_at = ${now}, email = null, phone = null, display_name = ${pseudonym},
           password_hash = '!closed'
     where id = ${userId}`);
  const ended = await rowsOf(
    tx,
    sql`update sessions set revoked_at = ${now}, end_reason = 'account_closed'
         where user_id = ${userId} and revoked_at is null returning id`,
  );
  await tx.execute(sql`update sessions set ip = null, user_agent = null where user_id = ${userId}`);
  await tx.execute(sql`delete from passkeys where user_id = ${userId}`);
  await tx.execute(sql`delete from sign_in_links where user_id = ${userId}`);
  await tx.execute(sql`delete from verification_codes where user_id = ${userId}`);
  await tx.execute(sql`update data_exports set used_at = coalesce(used_at, ${now}) where user_id = ${userId}`);
  await tx.execute(sql`update member_devices set last_ip = null where user_id = ${userId}`);
  // Payout accounts: the holder's name and the number go (the hash stays, so a signal against an
  // upline's account still compares); withdrawals keep the snapshot the bank was paid on (0035).
  await tx.execute(sql`update bank_accounts
       set holder_name = ${pseudonym}, label = null, number = 'XXXX' || right(number, 4), removed_at = coalesce(removed_at, ${now}),
           is_default = false
     where user_id = ${userId}`);
  const addresses = [contact?.email, contact?.phone].filter((value): value is string => !!value);
  for (const address of addresses)
    await tx.execute(sql`update outbox set destination = 'erased', subject = 'erased', body = '', secret = null
                          where destination = ${address}`);
  for (const address of addresses) await tx.execute(sql`delete from verification_codes where destination = ${address}`);
  return ended.length;
}

/** Closed accounts, newest first: when, and the pseudonym (never who it was). */
export async function listClosures(db: Db, limit: number) {
  const rows = await rowsOf<{ pseudonym: string; closed_at: Date | string }>(
    db,
    sql`select display_name as pseudonym, closed_at from users where status = 'closed' order by closed_at desc, id limit ${limit}`,
  );
  const [count] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from users where status = 'closed'`);
  return { rows, total: count?.total ?? 0 };
}
