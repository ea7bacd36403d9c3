import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlSession } from './client';

/**
 * Repeatable definitions (docs/decisions/0024): every SQL function, and the triggers that bind a
 * trigger function to its table, lives in one file of its own beside the module that owns it
 * (`<module>/sql/<function>.sql`, written `create or replace …`), so a rule's whole history is
 * that file's `git log`. Versioned migrations (migrations/NNNN_*.sql) keep tables, constraints,
 * indexes and data changes only. The one exception to "a file, a function": a module's record
 * tables are bound to the shared refusal (ledger/sql/refuse_change.sql) by a file that only calls
 * refuse_change_bind (e.g. withdrawals/sql/payout_file_refuse_change.sql).
 *
 * After the versioned migrations, `migrate` applies each definition below, IN THIS ORDER, in one
 * transaction per file, and records its checksum in `schema_definitions`; a file is applied again
 * only when its text changes. The order puts a function before the ones that call it (only a
 * `language sql` body is checked against what exists when it is created; PL/pgSQL bodies are
 * resolved at first call): add a new file to this list after what it needs. Paths are relative
 * to apps/api/src.
 */
export const DEFINITIONS = [
  // The ledger: its integrity triggers, then its writer.
  'ledger/sql/ledger_check_transaction_balanced.sql',
  'ledger/sql/ledger_check_entry_currency.sql',
  'ledger/sql/refuse_change.sql',
  'ledger/sql/refuse_change_bind.sql',
  'ledger/sql/ledger_refuse_change.sql',
  // The database guards its own books (docs/decisions/0026): one clock, entries only with their
  // transaction and by its kind's rules, accounts that keep their owner, balances = entries.
  'ledger/sql/ledger_now.sql',
  'ledger/sql/ledger_transaction_guard.sql',
  'ledger/sql/ledger_entry_guard.sql',
  'ledger/sql/ledger_account_guard.sql',
  'ledger/sql/ledger_account_balance_check.sql',
  'ledger/sql/money_refuse.sql',
  'ledger/sql/ledger_member_accounts.sql',
  'ledger/sql/ledger_platform_account.sql',
  'ledger/sql/ledger_post_check.sql',
  'ledger/sql/ledger_post_replay.sql',
  'ledger/sql/ledger_post_balances.sql',
  'ledger/sql/ledger_post.sql',
  // The hash chain is append-only (docs/decisions/0028).
  'ledger/sql/ledger_chain_refuse_change.sql',
  // Live updates (LISTEN/NOTIFY) and the audit line the operator's money functions write.
  'modules/events/sql/live_notify.sql',
  'modules/events/sql/live_balance_changed.sql',
  'modules/events/sql/live_order_changed.sql',
  'modules/events/sql/live_hold_changed.sql',
  'modules/events/sql/live_session_changed.sql',
  'modules/audit/sql/console_audit.sql',
  // Notifications (docs/decisions/0034): inbox rows written by the event sources' own triggers.
  'modules/notifications/sql/notification_add.sql',
  'modules/notifications/sql/notify_recharge_changed.sql',
  'modules/notifications/sql/notify_purchase_changed.sql',
  'modules/notifications/sql/notify_commission_changed.sql',
  'modules/notifications/sql/notify_withdrawal_changed.sql',
  'modules/notifications/sql/notify_debt_changed.sql',
  // Plans, purchases and commissions.
  'modules/plans/sql/commission_release_failed.sql',
  'modules/plans/sql/commission_release.sql',
  'modules/plans/sql/commission_release_try.sql',
  'modules/plans/sql/commission_release_due.sql',
  'modules/plans/sql/plan_coupon_discount.sql',
  'modules/plans/sql/plan_coupon_refusal.sql',
  'modules/plans/sql/plan_commission_lines.sql',
  'modules/plans/sql/plan_purchase_plan.sql',
  'modules/plans/sql/plan_purchase_coupon.sql',
  'modules/plans/sql/plan_purchase_claim.sql',
  'modules/plans/sql/plan_purchase_lock_accounts.sql',
  'modules/plans/sql/plan_purchase_post.sql',
  'modules/plans/sql/plan_purchase_take_unit.sql',
  'modules/plans/sql/plan_purchase_commissions.sql',
  'modules/plans/sql/plan_purchase.sql',
  // Withdrawals: the request, the payout file, settling.
  'modules/withdrawals/sql/payout_file_refuse_change.sql',
  'modules/withdrawals/sql/withdrawal_fee.sql',
  'modules/withdrawals/sql/withdrawal_request_account.sql',
  'modules/withdrawals/sql/withdrawal_request_fee.sql',
  'modules/withdrawals/sql/withdrawal_request_day.sql',
  'modules/withdrawals/sql/withdrawal_request.sql',
  'modules/withdrawals/sql/withdrawal_reveal.sql',
  'modules/withdrawals/sql/withdrawal_export.sql',
  'modules/withdrawals/sql/withdrawal_requeue.sql',
  'modules/withdrawals/sql/withdrawal_settle.sql',
  'modules/withdrawals/sql/withdrawal_settle_audited.sql',
  // The team: chain, rollups, referral holds.
  'modules/team/sql/users_chain_set.sql',
  'modules/team/sql/team_member_joined.sql',
  'modules/team/sql/team_purchase_counted.sql',
  'modules/team/sql/referral_flag.sql',
  'modules/team/sql/commissions_hold_review.sql',
  'modules/team/sql/team_commission_counted.sql',
  'modules/team/sql/referral_hold_decide.sql',
  // The console's dashboard and the operator's money actions.
  'modules/dashboard/sql/dashboard_recount.sql',
  'modules/dashboard/sql/dashboard_rollup.sql',
  // The earnings disclosure's published snapshots are append-only (docs/decisions/0031).
  'modules/disclosure/sql/earnings_disclosure_refuse_change.sql',
  'modules/admin-ledger/sql/ledger_adjust.sql',
  'modules/recharge/sql/recharge_credit.sql',
  // Every money object's states (migration 1110): the one guard, bound to each object's table.
  'ledger/sql/state_transition_check.sql',
];

/**
 * Where the definition files are: apps/api/src when running from the sources (tsx, vitest), and
 * dist/definitions (the same relative paths, copied by build.mjs) in the built server.
 */
export const DEFINITIONS_ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../' : './definitions/', import.meta.url));

export interface Definition {
  name: string;
  body: string;
  checksum: string;
}

export function readDefinitions(root = DEFINITIONS_ROOT, names = DEFINITIONS): Definition[] {
  return names.map((name) => {
    const body = readFileSync(join(root, name), 'utf8');
    return { name, body, checksum: createHash('sha256').update(body).digest('hex') };
  });
}

/**
 * Applies the definitions whose checksum differs from the one recorded (all of them on a new
 * database), in list order, one transaction each. The caller holds the migration lock.
 */
export async function applyDefinitions(session: SqlSession, definitions: Definition[]): Promise<string[]> {
  await session.exec(`create table if not exists schema_definitions (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`);
  const recorded = new Map(
    (await session.query<{ name: string; checksum: string }>('select name, checksum from schema_definitions')).map((row) => [
      row.name,
      row.checksum,
    ]),
  );
  const applied: string[] = [];
  for (const definition of definitions) {
    if (recorded.get(definition.name) === definition.checksum) continue;
    await session.exec('begin');
    try {
      await session.exec(definition.body);
      await session.query(
        `insert into schema_definitions (name, checksum) values ($1, $2)
           on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        [definition.name, definition.checksum],
      );
      await session.exec('commit');
    } catch (error) {
      await session.exec('rollback');
      throw new Error(`Definition ${definition.name} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(definition.name);
  }
  return applied;
}
