import type {
  ConsolePerson,
  DecideReferralHoldBody,
  ListReferralHoldsQuery,
  MemberTree,
  ReferralHold,
  ReferralHoldDecision,
  ReferralHoldPage,
} from '@orchard/shared';
import { AppError, notFound } from '../../errors';
import { moneyRefusalOf, type MoneyRefusal } from '../../ledger/database-errors';
import { ledgerLimits, withTransaction } from '../../ledger/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { assertMayActOn } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { levelTotalsOf } from './team';

const HOLDS_PAGE_SIZE = 25;
const TREE_LEVEL_ROWS = 10;
const iso = (value: Date | string) => new Date(value).toISOString();

function toPerson(row: repo.PersonRow): ConsolePerson {
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    phone: row.phone,
    status: row.status,
    joinedAt: iso(row.created_at),
  };
}

async function toHolds(db: repo.Queryable, rows: repo.HoldRow[]): Promise<ReferralHold[]> {
  const memberIds = rows.map((row) => row.member_id);
  const [members, signals] = await Promise.all([repo.people(db, memberIds), repo.signalsOf(db, memberIds)]);
  const uplineIds = [...new Set(members.map((m) => m.referrer_id).filter((id): id is string => id !== null))];
  const uplines = await repo.people(db, uplineIds);
  return rows.map((row) => {
    const member = members.find((m) => m.id === row.member_id)!;
    const upline = uplines.find((u) => u.id === member.referrer_id);
    return {
      member: toPerson(member),
      upline: upline ? toPerson(upline) : null,
      status: row.status,
      openedAt: iso(row.opened_at),
      decidedAt: row.decided_at === null ? null : iso(row.decided_at),
      reason: row.reason,
      signals: signals
        .filter((signal) => signal.member_id === row.member_id)
        .map((signal) => ({
          kind: signal.kind,
          related:
            signal.related_id && signal.related_name !== null
              ? {
                  id: signal.related_id,
                  displayName: signal.related_name,
                  level: signal.related_level === null ? null : Number(signal.related_level),
                }
              : null,
          detail: signal.detail ?? {},
          at: iso(signal.created_at),
        })),
      held: { count: Number(row.held_count), total: Number(row.held_total) },
    };
  });
}

/** The review queue (open holds, oldest first, with the signals behind each) or the decided ones. */
export async function listReferralHolds(deps: ServiceDeps, query: ListReferralHoldsQuery): Promise<ReferralHoldPage> {
  const [rows, openCount] = await Promise.all([
    repo.holds(deps.db, { status: query.status }, decodeCursor(query.cursor), HOLDS_PAGE_SIZE + 1),
    repo.openHoldCount(deps.db),
  ]);
  const page = rows.slice(0, HOLDS_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    currency: deps.config.CURRENCY,
    items: await toHolds(deps.db, page),
    openCount,
    nextCursor:
      rows.length > HOLDS_PAGE_SIZE && last
        ? encodeCursor({ createdAt: new Date((query.status === 'open' ? last.opened_at : last.decided_at)!), id: last.member_id })
        : null,
  };
}

const holdNotFound = () => new AppError('REFERRAL_HOLD_NOT_FOUND', 'This member has no referral review.');

/** referral_hold_decide's refusals (sql/referral_hold_decide.sql) as the API's errors. */
function holdRefusalError(refusal: MoneyRefusal | undefined): AppError | undefined {
  if (refusal?.code === 'REFERRAL_HOLD_NOT_FOUND') return holdNotFound();
  if (refusal?.code === 'REFERRAL_HOLD_DECIDED') {
    const status = refusal.detail.status === 'voided' ? 'voided' : 'released';
    return new AppError('REFERRAL_HOLD_DECIDED', `This referral review was already decided: ${status}.`);
  }
  return undefined;
}

/**
 * Releases or voids an open hold with a reason, in one transaction with its audit row
 * (`referral_hold_decide`, sql/referral_hold_decide.sql): released commissions go back to pending (or straight to
 * the wallet when their holding period is over); voided ones leave the uplines' pending balance.
 */
export async function decideReferralHold(
  deps: ServiceDeps,
  actor: ConsoleActor,
  memberId: string,
  body: DecideReferralHoldBody,
): Promise<ReferralHoldDecision> {
  if (!isUuid(memberId)) throw holdNotFound();
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    // The decision moves the held commissions to or from the member's uplines: none may be the actor.
    const uplines = await repo.uplinesOf(tx, memberId);
    await assertMayActOn(tx, actor, 'referral_review', memberId, { alsoMoves: uplines, missing: holdNotFound });
    const moved = await repo
      .decideHold(tx, {
        memberId,
        decision: body.decision,
        reason: body.reason,
        operatorId: actor.operatorId,
        at: now,
        limits: ledgerLimits(deps.config),
      })
      .catch((error: unknown) => {
        throw holdRefusalError(moneyRefusalOf(error)) ?? error;
      });
    await recordConsoleAction(tx, actor, {
      action: body.decision === 'release' ? 'referral_hold.release' : 'referral_hold.void',
      subjectType: 'user',
      subjectId: memberId,
      detail: { reason: body.reason, commissions: moved.commissions, total: moved.total },
      at: now,
    });
    const row = await repo.hold(tx, memberId);
    const [hold] = await toHolds(tx, [row!]);
    return { hold: hold!, ...moved };
  });
}

/** A member's place in the referral tree: three uplines, per-level rollups, the newest on each level below. */
export async function getMemberTree(deps: ServiceDeps, memberId: string): Promise<MemberTree> {
  if (!isUuid(memberId)) throw notFound('This member does not exist.');
  const [member] = await repo.people(deps.db, [memberId]);
  if (!member) throw notFound('This member does not exist.');
  const uplineIds = [member.referrer_id, member.ancestor_2, member.ancestor_3];
  const [uplines, levels, purchasesTotal, hold, ...pages] = await Promise.all([
    repo.people(
      deps.db,
      uplineIds.filter((id): id is string => id !== null),
    ),
    levelTotalsOf(deps.db, memberId),
    repo.memberPurchasesTotal(deps.db, memberId),
    repo.hold(deps.db, memberId),
    ...([1, 2, 3] as const).map((level) => repo.downlinePage(deps.db, memberId, level, TREE_LEVEL_ROWS + 1)),
  ]);
  return {
    currency: deps.config.CURRENCY,
    member: toPerson(member),
    uplines: uplineIds.flatMap((id, index) => {
      const row = uplines.find((u) => u.id === id);
      return row ? [{ ...toPerson(row), level: (index + 1) as 1 | 2 | 3 }] : [];
    }),
    levels,
    downline: pages.map((rows, index) => ({
      level: (index + 1) as 1 | 2 | 3,
      items: rows.slice(0, TREE_LEVEL_ROWS).map((row) => ({ ...toPerson(row), purchasesTotal: Number(row.purchases_total) })),
      more: rows.length > TREE_LEVEL_ROWS,
    })),
    purchasesTotal,
    hold: hold ? { status: hold.status, openedAt: iso(hold.opened_at) } : null,
  };
}
