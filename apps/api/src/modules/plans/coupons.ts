import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  type AdminCoupon,
  type CreateCouponBody,
  type GenerateCouponsBody,
  type Language,
  type MyCoupon,
  type RedeemCouponResult,
  type UpdateCouponBody,
} from '@orchard/shared';
import { type z } from 'zod';
import { type listCouponRedemptionsQuerySchema, type listCouponsQuerySchema } from '@orchard/shared';
import { AppError, notFound } from '../../errors';
import {
  constraintOf,
  IdempotencyKeyReusedError,
  ledgerLimits,
  postTransaction,
  resolveAccounts,
  sqlStateOf,
  withTransaction,
} from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import { CouponNotApplicableError } from './purchase';
import { csvCell } from '../../lib/csv';
import * as repo from './repository';
import { couponRefusal, refusalForMember } from './rules';
import { toAdminCouponView, toMyCouponView } from './views';

const couponNotFound = () => notFound('No such coupon.');
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GENERATED_CODE_LENGTH = 8;
/** Most rows one CSV export holds. */
const COUPON_EXPORT_MAX = 10_000;

type CouponFields = UpdateCouponBody;

function couponValues(body: CouponFields) {
  return {
    kind: body.kind,
    value: body.value,
    maxDiscount: body.maxDiscount,
    minSpend: body.minSpend,
    planIds: body.planIds,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    totalCap: body.totalCap,
    perMemberCap: body.perMemberCap,
    assignedMemberId: body.assignedMemberId,
    active: body.active,
  };
}

/** Plan ids and the assigned member must exist: a 400 on the field, not a foreign-key 500. */
async function checkReferences(db: repo.Queryable, body: CouponFields): Promise<void> {
  const fields: Record<string, string> = {};
  if (body.planIds.length > 0) {
    const names = await repo.planNames(db, body.planIds);
    if (names.size !== new Set(body.planIds).size) fields.planIds = 'One of these plans does not exist.';
  }
  if (body.assignedMemberId) {
    const people = await repo.membersByIds(db, [body.assignedMemberId]);
    if (!people.has(body.assignedMemberId)) fields.assignedMemberId = 'No member has this id.';
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', fields);
}

export async function createCoupon(deps: ServiceDeps, actor: ConsoleActor, body: CreateCouponBody): Promise<AdminCoupon> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await checkReferences(tx, body);
    const [row] = await repo.insertCoupons(tx, [{ ...couponValues(body), code: body.code, createdAt: now, updatedAt: now }]);
    if (!row) throw new AppError('COUPON_CODE_TAKEN', 'A coupon with this code exists already.', { code: 'This code is taken.' });
    await recordConsoleAction(tx, actor, {
      action: 'coupon.create',
      subjectType: 'coupon',
      subjectId: row.id,
      detail: { after: { code: row.code, ...couponValues(body) } },
      at: now,
    });
    return toAdminCouponView(row);
  });
}

/** The total cap may not go below the uses already counted: a 400 on `totalCap` naming them. */
const capBelowUses = (redeemedCount: number) =>
  new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
    totalCap: `It has been used ${redeemedCount} times already: the cap cannot be lower.`,
  });

/** The database's own guard of the same rule (migration 1062), should an edit ever reach it. */
export const COUPON_CAP_CONSTRAINT = 'coupons_redeemed_within_total_cap';

/**
 * Edits a coupon's terms. The coupon row is locked first (FOR UPDATE), so the use count compared
 * with a new total cap is the one the edit commits against: redemptions in flight finish first, and
 * those after it wait and meet the new cap (their conditional increment refuses `cap_reached`).
 */
export async function updateCoupon(deps: ServiceDeps, actor: ConsoleActor, couponId: string, body: UpdateCouponBody): Promise<AdminCoupon> {
  if (!isUuid(couponId)) throw couponNotFound();
  const now = deps.clock.now();
  try {
    return await withTransaction(deps.db, async (tx) => {
      const before = await repo.findCoupon(tx, couponId, { lock: true });
      if (!before) throw couponNotFound();
      await checkReferences(tx, body);
      if (body.totalCap !== null && body.totalCap < before.redeemedCount) throw capBelowUses(before.redeemedCount);
      if (body.kind !== before.kind && before.redeemedCount > 0) {
        throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { kind: 'A coupon that was used keeps its kind.' });
      }
      const row = await repo.updateCoupon(tx, couponId, { ...couponValues(body), updatedAt: now });
      if (!row) throw couponNotFound();
      await recordConsoleAction(tx, actor, {
        action: 'coupon.update',
        subjectType: 'coupon',
        subjectId: couponId,
        detail: { before: toAdminCouponView(before), after: couponValues(body) },
        at: now,
      });
      return toAdminCouponView(row);
    });
  } catch (error) {
    if (sqlStateOf(error) === '23514' && constraintOf(error) === COUPON_CAP_CONSTRAINT) {
      throw capBelowUses((await repo.findCoupon(deps.db, couponId))?.redeemedCount ?? 0);
    }
    throw error;
  }
}

function randomCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A batch of single codes with the same terms; codes that clash with existing ones are drawn again. */
export async function generateCoupons(
  deps: ServiceDeps,
  actor: ConsoleActor,
  body: GenerateCouponsBody,
): Promise<{ batch: string; codes: string[] }> {
  const now = deps.clock.now();
  const batch = `B${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomUUID().slice(0, 6).toUpperCase()}`;
  return withTransaction(deps.db, async (tx) => {
    const { count, prefix, ...fields } = body;
    await checkReferences(tx, fields);
    const codes: string[] = [];
    for (let attempt = 0; codes.length < count && attempt < 10; attempt++) {
      const wanted = new Set<string>();
      while (wanted.size < count - codes.length) wanted.add(randomCode(prefix));
      const rows = await repo.insertCoupons(
        tx,
        [...wanted].map((code) => ({ ...couponValues(fields), code, batch, createdAt: now, updatedAt: now })),
      );
      codes.push(...rows.map((row) => row.code));
    }
    if (codes.length < count) throw new AppError('CONFLICT', 'Could not draw enough unused codes. Try a longer prefix.');
    await recordConsoleAction(tx, actor, {
      action: 'coupon.generate',
      subjectType: 'coupon_batch',
      subjectId: batch,
      detail: { count, prefix, terms: couponValues(fields) },
      at: now,
    });
    return { batch, codes };
  });
}

export async function listCouponsForConsole(deps: ServiceDeps, query: z.infer<typeof listCouponsQuerySchema>) {
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  const { items, total } = await repo.listCoupons(deps.db, query, { cursor: decodeCursor(query.cursor), limit });
  const page = items.slice(0, limit);
  return {
    items: page.map(toAdminCouponView),
    nextCursor: items.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    total,
  };
}

export async function exportCouponsCsv(deps: ServiceDeps, query: z.infer<typeof listCouponsQuerySchema>): Promise<string> {
  const rows = await repo.exportCoupons(deps.db, query, COUPON_EXPORT_MAX);
  const header = 'code,kind,value,max_discount,min_spend,starts_at,ends_at,total_cap,per_member_cap,redeemed,active,batch,created_at';
  const lines = rows.map((row) =>
    [
      row.code,
      row.kind,
      row.value,
      row.maxDiscount,
      row.minSpend,
      row.startsAt?.toISOString() ?? null,
      row.endsAt?.toISOString() ?? null,
      row.totalCap,
      row.perMemberCap,
      row.redeemedCount,
      row.active,
      row.batch,
      row.createdAt.toISOString(),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

export async function listCouponRedemptions(deps: ServiceDeps, couponId: string, query: z.infer<typeof listCouponRedemptionsQuerySchema>) {
  if (!isUuid(couponId)) throw couponNotFound();
  if (!(await repo.findCoupon(deps.db, couponId))) throw couponNotFound();
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  const rows = await repo.listRedemptions(deps.db, couponId, { cursor: decodeCursor(query.cursor), limit });
  const page = rows.slice(0, limit);
  return {
    items: page.map(({ redemption, displayName }) => ({
      id: redemption.id,
      member: { id: redemption.userId, displayName },
      purchaseId: redemption.purchaseId,
      amount: redemption.amount,
      status: redemption.status,
      createdAt: redemption.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.redemption) : null,
  };
}

export async function listMyCoupons(
  deps: ServiceDeps,
  userId: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ items: MyCoupon[]; serverTime: string }> {
  const now = deps.clock.now();
  const rows = await repo.listMemberCoupons(deps.db, userId);
  const names = await repo.planNames(deps.db, [...new Set(rows.flatMap((row) => row.coupon.planIds))], language);
  return {
    items: rows.map((row) => toMyCouponView(row.coupon, row.uses ?? 0, row.lastUsedAt ?? null, names, now)),
    serverTime: now.toISOString(),
  };
}

/**
 * The id of the redemption one member's Idempotency-Key stands for: the same member and key give
 * the same id (a name-based UUID, version 8, of sha256), so the ledger key `coupon-credit:<id>` is
 * the request's own and a retry after a lost answer finds the first credit instead of making one.
 */
function couponRedemptionId(userId: string, requestKey: string): string {
  const hex = createHash('sha256').update(`coupon-redemption:${userId}:${requestKey}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return [hex.slice(0, 8), hex.slice(8, 12), '8' + hex.slice(13, 16), variant + hex.slice(17, 20), hex.slice(20, 32)].join('-');
}

/**
 * /coupon's field: a wallet-credit code credits the wallet now (from the promotions expense
 * account, within its caps); a plan coupon is kept in the member's list for checkout.
 *
 * A credit happens once per member and Idempotency-Key (`requestKey`), even when the answer of the
 * first request was lost (the instance died between the commit and storing it): the redemption's id
 * comes from member and key, the same request again (any instance, any time) answers the redemption
 * it finds, and the same key for another code is a 422 IDEMPOTENCY_KEY_REUSED. Two requests with one
 * key at once queue on a transaction lock of that key. Locks then follow the one order
 * (ledger/README.md): the coupon row (its total cap), the member's uses (the per-member cap), the
 * ledger accounts.
 *
 * States: a wallet credit's redemption is written `applied` here and never moves again (only a
 * purchase's coupon use goes `returned`, by its refund); the coupon's use count and the member's
 * uses only grow here, each by a conditional update that refuses past its cap.
 */
export async function redeemCoupon(
  deps: ServiceDeps,
  userId: string,
  code: string,
  requestKey: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<RedeemCouponResult> {
  const redemptionId = couponRedemptionId(userId, requestKey);
  return withTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    await repo.lockRedemptionKey(tx, redemptionId);
    const done = await repo.findRedemption(tx, redemptionId);
    if (done) {
      const redeemed = await repo.findCoupon(tx, done.couponId);
      if (done.userId !== userId || redeemed?.code !== code.toUpperCase()) throw new IdempotencyKeyReusedError();
      return { outcome: 'credited', amount: done.amount, currency: deps.config.CURRENCY };
    }
    const coupon = await repo.findCouponByCode(tx, code);
    const uses = coupon ? await repo.memberCouponUses(tx, coupon.id, userId) : 0;
    const reason = refusalForMember(coupon, couponRefusal(coupon, { userId, now, memberUses: uses }), userId);
    if (!coupon || reason) throw new CouponNotApplicableError(reason ?? 'not_found', 'code');
    if (coupon.kind !== 'wallet_credit') {
      await repo.saveCouponForMember(tx, coupon.id, userId, now);
      const names = await repo.planNames(tx, coupon.planIds, language);
      return { outcome: 'saved', coupon: toMyCouponView(coupon, uses, null, names, now) };
    }
    if (!(await repo.countCouponRedemption(tx, coupon.id))) throw new CouponNotApplicableError('cap_reached', 'code');
    if (!(await repo.countMemberCouponUse(tx, coupon.id, userId, coupon.perMemberCap, now)))
      throw new CouponNotApplicableError('member_cap_reached', 'code');
    const { member, platform } = await resolveAccounts(tx, userId, deps.config.CURRENCY, ['platform_promotions_expense']);
    const posted = await postTransaction(tx, {
      kind: 'coupon_credit',
      idempotencyKey: `coupon-credit:${redemptionId}`,
      entries: [
        { accountId: member.available, amount: coupon.value },
        { accountId: platform.platform_promotions_expense, amount: -coupon.value },
      ],
      memo: `Coupon ${coupon.code}`,
      refs: { couponId: coupon.id, redemptionId },
      at: now,
      limits: ledgerLimits(deps.config),
    });
    await repo.insertRedemption(tx, {
      id: redemptionId,
      couponId: coupon.id,
      userId,
      purchaseId: null,
      amount: coupon.value,
      status: 'applied',
      ledgerTransactionId: posted.transactionId,
      createdAt: now,
    });
    await repo.saveCouponForMember(tx, coupon.id, userId, now);
    return { outcome: 'credited', amount: coupon.value, currency: deps.config.CURRENCY };
  });
}
