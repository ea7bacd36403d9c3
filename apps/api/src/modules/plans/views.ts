import {
  DEFAULT_LANGUAGE,
  inLanguage,
  missingLanguages,
  type AdminCoupon,
  type AdminPlan,
  type Commission,
  type Language,
  type MyCoupon,
  type Plan,
  type Purchase,
  type ReferralSettings,
} from '@orchard/shared';
import type { CommissionRow, CouponRow, PlanRow, PurchaseRow, SettingsRow } from './repository';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Whether a plan can be bought at `now` (stock aside). */
export function isInSaleWindow(plan: PlanRow, now: Date): boolean {
  const at = now.getTime();
  return plan.active && (!plan.saleStartsAt || plan.saleStartsAt.getTime() <= at) && (!plan.saleEndsAt || plan.saleEndsAt.getTime() > at);
}

/** A plan's own texts: the default language's (docs/decisions/0024). */
const planTexts = (plan: Pick<PlanRow, 'name' | 'description' | 'benefits' | 'badge'>) => ({
  name: plan.name,
  description: plan.description,
  benefits: plan.benefits,
  badge: plan.badge,
});

/** A plan's texts in `language`, each falling back to the default language's, and which fell back. */
function planInLanguage(plan: PlanRow, language: Language) {
  return inLanguage(planTexts(plan), plan.translations, language);
}

function planBase(plan: PlanRow, remaining: number | null, now: Date, language: Language = DEFAULT_LANGUAGE) {
  const { texts } = planInLanguage(plan, language);
  return {
    id: plan.id,
    name: texts.name,
    description: texts.description,
    benefits: [...texts.benefits],
    price: plan.price,
    currency: plan.currency,
    durationDays: plan.durationDays,
    badge: texts.badge,
    perMemberLimit: plan.perMemberLimit,
    stock: plan.stock,
    remainingStock: plan.stock === null ? null : remaining,
    saleStartsAt: iso(plan.saleStartsAt),
    saleEndsAt: iso(plan.saleEndsAt),
    onSale: isInSaleWindow(plan, now) && (plan.stock === null || (remaining ?? 0) > 0),
    serverTime: now.toISOString(),
  };
}

export function toPlanView(plan: PlanRow, remaining: number | null, boughtByMe: number, now: Date, language: Language): Plan {
  return { ...planBase(plan, remaining, now, language), boughtByMe, untranslated: planInLanguage(plan, language).untranslated };
}

export function toAdminPlanView(plan: PlanRow, remaining: number | null, soldCount: number, now: Date): AdminPlan {
  return {
    ...planBase(plan, remaining, now),
    translations: plan.translations,
    missingLanguages: missingLanguages(planTexts(plan), plan.translations),
    active: plan.active,
    sortOrder: plan.sortOrder,
    soldCount,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

/** Expired is not stored: an active purchase past its end is expired. */
function purchaseStatus(purchase: PurchaseRow, now: Date): Purchase['status'] {
  if (purchase.status === 'refunded') return 'refunded';
  return purchase.endsAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

export function toPurchaseView(purchase: PurchaseRow, now: Date): Purchase {
  return {
    id: purchase.id,
    plan: { id: purchase.planId, name: purchase.planName, durationDays: purchase.durationDays },
    currency: purchase.currency,
    price: purchase.price,
    discount: purchase.discount,
    paid: purchase.paid,
    couponCode: purchase.couponCode,
    status: purchaseStatus(purchase, now),
    startsAt: purchase.startsAt.toISOString(),
    endsAt: purchase.endsAt.toISOString(),
    createdAt: purchase.createdAt.toISOString(),
    refundedAt: iso(purchase.refundedAt),
    refundReason: purchase.refundReason,
    serverTime: now.toISOString(),
  };
}

export function toCommissionView(row: CommissionRow, names: Map<string, { displayName: string }>): Commission {
  const beneficiary = row.beneficiaryId ? names.get(row.beneficiaryId) : undefined;
  return {
    level: row.level,
    beneficiary: row.beneficiaryId && beneficiary ? { id: row.beneficiaryId, displayName: beneficiary.displayName } : null,
    rateBp: row.rateBp,
    amount: row.amount,
    status: row.status,
    skipReason: row.skipReason,
    releaseAt: iso(row.releaseAt),
    releasedAt: iso(row.releasedAt),
    releaseFailure:
      row.status === 'pending' && row.releaseError !== null && row.releaseFailedAt && row.nextReleaseAttemptAt
        ? {
            error: row.releaseError,
            failures: row.releaseFailures,
            failedAt: row.releaseFailedAt.toISOString(),
            nextAttemptAt: row.nextReleaseAttemptAt.toISOString(),
          }
        : null,
  };
}

export function toAdminCouponView(coupon: CouponRow): AdminCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    maxDiscount: coupon.maxDiscount,
    minSpend: coupon.minSpend,
    planIds: coupon.planIds,
    startsAt: iso(coupon.startsAt),
    endsAt: iso(coupon.endsAt),
    totalCap: coupon.totalCap,
    perMemberCap: coupon.perMemberCap,
    assignedMemberId: coupon.assignedMemberId,
    active: coupon.active,
    redeemedCount: coupon.redeemedCount,
    batch: coupon.batch,
    createdAt: coupon.createdAt.toISOString(),
    updatedAt: coupon.updatedAt.toISOString(),
  };
}

export function toMyCouponView(coupon: CouponRow, uses: number, lastUsedAt: Date | null, names: Map<string, string>, now: Date): MyCoupon {
  const usedUp = uses >= coupon.perMemberCap;
  const over =
    !coupon.active ||
    (coupon.endsAt !== null && coupon.endsAt.getTime() <= now.getTime()) ||
    (coupon.totalCap !== null && coupon.redeemedCount >= coupon.totalCap);
  return {
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    maxDiscount: coupon.maxDiscount,
    minSpend: coupon.minSpend,
    plans: coupon.planIds.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    startsAt: iso(coupon.startsAt),
    endsAt: iso(coupon.endsAt),
    state: usedUp ? 'used' : over ? 'expired' : 'available',
    usesLeft: Math.max(0, coupon.perMemberCap - uses),
    lastUsedAt: iso(lastUsedAt),
  };
}

export function toSettingsView(row: SettingsRow): ReferralSettings {
  return {
    level1Bp: row.level1Bp,
    level2Bp: row.level2Bp,
    level3Bp: row.level3Bp,
    capBp: row.capBp,
    requireActivePlan: row.requireActivePlan,
    holdDays: row.holdDays,
    refundWindowDays: row.refundWindowDays,
    updatedAt: row.updatedAt.toISOString(),
  };
}
