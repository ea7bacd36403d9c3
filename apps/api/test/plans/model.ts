import type { CommissionSkipReason } from '../../src/db/schema/index';

/**
 * The model of test/plans-model.test.ts: members, plans, coupons, purchases and commissions as the
 * SPEC's money flows say they should be, kept in plain numbers. It decides on its own state who is
 * eligible (upline, frozen, active plan), which coupon applies, what is refused and in what order,
 * and what every member's available, pending and debt balances are. No database, no service code.
 */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
const BP = 10_000;

export interface Rates {
  level1Bp: number;
  level2Bp: number;
  level3Bp: number;
  capBp: number;
  requireActivePlan: boolean;
  holdDays: number;
  refundWindowDays: number;
}

export interface PlanSpec {
  name: string;
  price: number;
  durationDays: number;
  perMemberLimit: number | null;
  stock: number | null;
}

/** Plans of every run: a plain one, one limited to one per member, one with two units in stock and an odd price. */
export const PLAN_SPECS: readonly PlanSpec[] = [
  { name: 'A', price: 10_000, durationDays: 5, perMemberLimit: null, stock: null },
  { name: 'B', price: 2_500, durationDays: 1, perMemberLimit: 1, stock: null },
  { name: 'C', price: 999, durationDays: 3, perMemberLimit: null, stock: 2 },
];

export interface CouponSpec {
  name: string;
  kind: 'percent_off' | 'amount_off';
  value: number;
  maxDiscount: number | null;
  minSpend: number;
  /** Indexes into PLAN_SPECS; empty = every plan. */
  plans: number[];
  /** Ends this long after the run starts; null = never. */
  endsAfterMs: number | null;
  totalCap: number | null;
  perMemberCap: number;
}

/** Coupons of every run: percent with and without a maximum, amount-off above a price, minimum spend, plan-bound, expiring, capped. */
export const COUPON_SPECS: readonly CouponSpec[] = [
  {
    name: 'P10',
    kind: 'percent_off',
    value: 10,
    maxDiscount: null,
    minSpend: 0,
    plans: [],
    endsAfterMs: null,
    totalCap: null,
    perMemberCap: 3,
  },
  {
    name: 'HALF',
    kind: 'percent_off',
    value: 50,
    maxDiscount: 700,
    minSpend: 0,
    plans: [],
    endsAfterMs: null,
    totalCap: 2,
    perMemberCap: 1,
  },
  {
    name: 'OFF1500',
    kind: 'amount_off',
    value: 1_500,
    maxDiscount: null,
    minSpend: 0,
    plans: [],
    endsAfterMs: null,
    totalCap: null,
    perMemberCap: 2,
  },
  {
    name: 'MIN5K',
    kind: 'amount_off',
    value: 3_000,
    maxDiscount: null,
    minSpend: 5_000,
    plans: [],
    endsAfterMs: null,
    totalCap: 3,
    perMemberCap: 1,
  },
  {
    name: 'FREEB',
    kind: 'percent_off',
    value: 100,
    maxDiscount: null,
    minSpend: 0,
    plans: [1],
    endsAfterMs: null,
    totalCap: null,
    perMemberCap: 1,
  },
  {
    name: 'SOON',
    kind: 'percent_off',
    value: 33,
    maxDiscount: null,
    minSpend: 0,
    plans: [],
    endsAfterMs: 2 * DAY,
    totalCap: null,
    perMemberCap: 5,
  },
];

export interface ModelMember {
  name: string;
  upline: number | null;
  frozen: boolean;
  available: number;
  pending: number;
  /** Owed, as a positive number (the debt account holds its negative). */
  debt: number;
  /** Referral hold (migration 0800): while open, commissions from this member's purchases wait on review. */
  hold: 'none' | 'open' | 'released' | 'voided';
  /** Signal kinds recorded for the member (each counts once). */
  signals: Set<string>;
}

export interface ModelCoupon {
  spec: CouponSpec;
  endsAt: number | null;
  /** Uses not returned, in all and per member. */
  redeemed: number;
  uses: Map<number, number>;
}

export type CommissionStatus = 'pending' | 'available' | 'reversed' | 'skipped' | 'review';

export interface ModelCommission {
  level: 1 | 2 | 3;
  beneficiary: number | null;
  rateBp: number;
  amount: number;
  skipReason: CommissionSkipReason | null;
  status: CommissionStatus;
  releaseAt: number | null;
  /** Moved from pending to a wallet (once, ever). */
  released: boolean;
}

export interface ModelPurchase {
  index: number;
  buyer: number;
  plan: number;
  coupon: number | null;
  price: number;
  discount: number;
  paid: number;
  createdAt: number;
  endsAt: number;
  status: 'active' | 'refunded';
  /** The cap in force when it was bought. */
  capBp: number;
  commissions: ModelCommission[];
  refundReason: string | null;
}

/** A refusal the service must answer with this error code (and coupon reason). */
export interface Refusal {
  refused: string;
  reason?: string;
}

/** What one member's accounts must move by in a refund transaction. */
export interface MemberMovement {
  member: number;
  available: number;
  pending: number;
  debt: number;
}

export class PlansModel {
  readonly members: ModelMember[] = [];
  readonly purchases: ModelPurchase[] = [];
  readonly coupons: ModelCoupon[];
  /** Purchases not refunded, per plan. */
  readonly sold: number[] = PLAN_SPECS.map(() => 0);

  constructor(
    public rates: Rates,
    startedAt: number,
  ) {
    this.coupons = COUPON_SPECS.map((spec) => ({
      spec,
      endsAt: spec.endsAfterMs === null ? null : startedAt + spec.endsAfterMs,
      redeemed: 0,
      uses: new Map(),
    }));
  }

  register(upline: number | null): number {
    this.members.push({
      name: `M${this.members.length}`,
      upline,
      frozen: false,
      available: 0,
      pending: 0,
      debt: 0,
      hold: 'none',
      signals: new Set(),
    });
    return this.members.length - 1;
  }

  /** Levels 1–3 above a member, nearest first. */
  uplines(member: number): number[] {
    const chain: number[] = [];
    for (let at = this.members[member]!.upline; at !== null && chain.length < 3; at = this.members[at]!.upline) chain.push(at);
    return chain;
  }

  /** Whether a commission was ever released to the member. */
  earned(member: number): boolean {
    return this.purchases.some((p) => p.commissions.some((line) => line.beneficiary === member && line.released));
  }

  hasActivePlan(member: number, now: number): boolean {
    return this.purchases.some((p) => p.buyer === member && p.status === 'active' && p.createdAt <= now && now < p.endsAt);
  }

  private boughtBy(member: number, plan: number): number {
    return this.purchases.filter((p) => p.buyer === member && p.plan === plan && p.status === 'active').length;
  }

  couponRefusal(coupon: number, member: number, plan: number, now: number): string | null {
    const c = this.coupons[coupon]!;
    if (c.endsAt !== null && now >= c.endsAt) return 'expired';
    if ((c.uses.get(member) ?? 0) >= c.spec.perMemberCap) return 'member_cap_reached';
    if (c.spec.totalCap !== null && c.redeemed >= c.spec.totalCap) return 'cap_reached';
    if (c.spec.plans.length > 0 && !c.spec.plans.includes(plan)) return 'not_for_plan';
    if (PLAN_SPECS[plan]!.price < c.spec.minSpend) return 'below_minimum';
    return null;
  }

  discount(coupon: number | null, price: number): number {
    if (coupon === null) return 0;
    const { kind, value, maxDiscount } = this.coupons[coupon]!.spec;
    if (kind === 'amount_off') return Math.min(value, price);
    let off = Math.floor((price * value) / 100);
    if (maxDiscount !== null) off = Math.min(off, maxDiscount);
    return Math.min(off, price);
  }

  /** What a purchase pays to whom: each level its rate of the price paid, rounded down, all levels within the cap. */
  private commissionsFor(buyer: number, paid: number, now: number): ModelCommission[] {
    const { level1Bp, level2Bp, level3Bp, capBp, requireActivePlan, holdDays } = this.rates;
    const chain = this.uplines(buyer);
    const capTotal = Math.floor((paid * capBp) / BP);
    let paidOut = 0;
    return ([1, 2, 3] as const).map((level) => {
      const rateBp = [level1Bp, level2Bp, level3Bp][level - 1]!;
      const beneficiary = chain[level - 1] ?? null;
      const skip = (skipReason: CommissionSkipReason): ModelCommission => ({
        level,
        beneficiary,
        rateBp,
        amount: 0,
        skipReason,
        status: 'skipped',
        releaseAt: null,
        released: false,
      });
      if (beneficiary === null) return skip('no_upline');
      if (this.members[buyer]!.hold === 'voided') return skip('self_referral');
      if (this.members[beneficiary]!.frozen) return skip('frozen');
      if (requireActivePlan && !this.hasActivePlan(beneficiary, now)) return skip('no_active_plan');
      const due = Math.floor((paid * rateBp) / BP);
      if (due === 0) return skip('zero_amount');
      const amount = Math.min(due, capTotal - paidOut);
      if (amount <= 0) return skip('cap');
      paidOut += amount;
      return { level, beneficiary, rateBp, amount, skipReason: null, status: 'pending', releaseAt: now + holdDays * DAY, released: false };
    });
  }

  /** The price a member would be asked to confirm (null when the coupon does not apply). */
  quote(member: number, plan: number, coupon: number | null, now: number): number | null {
    if (coupon !== null && this.couponRefusal(coupon, member, plan, now) !== null) return null;
    const price = PLAN_SPECS[plan]!.price;
    return price - this.discount(coupon, price);
  }

  /** A purchase: refused (nothing changes) or made, with its commissions pending or (hold 0) released at once. */
  purchase(member: number, plan: number, coupon: number | null, now: number): Refusal | ModelPurchase {
    const spec = PLAN_SPECS[plan]!;
    if (coupon !== null) {
      const reason = this.couponRefusal(coupon, member, plan, now);
      if (reason) return { refused: 'COUPON_NOT_APPLICABLE', reason };
    }
    if (spec.perMemberLimit !== null && this.boughtBy(member, plan) >= spec.perMemberLimit) return { refused: 'PLAN_LIMIT_REACHED' };
    if (spec.stock !== null && this.sold[plan]! >= spec.stock) return { refused: 'PLAN_SOLD_OUT' };
    const discount = this.discount(coupon, spec.price);
    const paid = spec.price - discount;
    const buyer = this.members[member]!;
    if (buyer.available < paid) return { refused: 'INSUFFICIENT_FUNDS' };

    buyer.available -= paid;
    const commissions = this.commissionsFor(member, paid, now);
    for (const line of commissions) {
      if (line.status !== 'pending') continue;
      this.members[line.beneficiary!]!.pending += line.amount;
      // From a member under review, the commission sits in the pending account on review.
      if (buyer.hold === 'open') line.status = 'review';
      else if (this.rates.holdDays === 0) this.releaseOne(line);
    }
    if (coupon !== null) {
      const c = this.coupons[coupon]!;
      c.redeemed += 1;
      c.uses.set(member, (c.uses.get(member) ?? 0) + 1);
    }
    this.sold[plan]! += 1;
    const purchase: ModelPurchase = {
      index: this.purchases.length,
      buyer: member,
      plan,
      coupon,
      price: spec.price,
      discount,
      paid,
      createdAt: now,
      endsAt: now + spec.durationDays * DAY,
      status: 'active',
      capBp: this.rates.capBp,
      commissions,
      refundReason: null,
    };
    this.purchases.push(purchase);
    return purchase;
  }

  /** Pending → wallet, what the member owes settled first. */
  private releaseOne(line: ModelCommission): void {
    const member = this.members[line.beneficiary!]!;
    const toDebt = Math.min(line.amount, member.debt);
    member.pending -= line.amount;
    member.debt -= toDebt;
    member.available += line.amount - toDebt;
    line.status = 'available';
    line.released = true;
  }

  /**
   * The next instant after `now` at which a rule turns: a commission falls due, and unless
   * `releasesOnly`, a plan ends, a refund window closes, a coupon expires. Tests step onto it
   * exactly, where an off-by-one rule shows.
   */
  nextEvent(now: number, releasesOnly = false): number | null {
    const times: number[] = [];
    for (const p of this.purchases) {
      if (p.status === 'active' && !releasesOnly) times.push(p.endsAt, p.createdAt + this.rates.refundWindowDays * DAY);
      for (const line of p.commissions) if (line.status === 'pending') times.push(line.releaseAt!);
    }
    if (!releasesOnly) for (const c of this.coupons) if (c.endsAt !== null) times.push(c.endsAt);
    const ahead = times.filter((time) => time > now);
    return ahead.length === 0 ? null : Math.min(...ahead);
  }

  /** Releases every pending commission due by `now`; returns how many. */
  release(now: number): number {
    let count = 0;
    for (const purchase of this.purchases) {
      for (const line of purchase.commissions) {
        if (line.status === 'pending' && line.releaseAt! <= now) {
          this.releaseOne(line);
          count++;
        }
      }
    }
    return count;
  }

  /**
   * A self-referral signal: recorded once per kind; the first one, or a new one after a release, opens
   * the hold. Opening it puts the member's pending commissions on review too (nothing of a held
   * member is pending), so the decision decides every commission not yet released.
   */
  flag(member: number, kind: string): boolean {
    const m = this.members[member]!;
    if (m.signals.has(kind)) return false;
    m.signals.add(kind);
    if (m.hold === 'none' || m.hold === 'released') {
      m.hold = 'open';
      for (const purchase of this.purchases.filter((p) => p.buyer === member)) {
        for (const line of purchase.commissions) if (line.status === 'pending') line.status = 'review';
      }
    }
    return true;
  }

  /**
   * An operator's decision on an open hold: release puts the member's commissions on review back to
   * pending (paying at once those past their holding period); void takes them out of the pending
   * account, and the member's later purchases pay nothing.
   */
  decide(member: number, decision: 'release' | 'void', now: number): Refusal | HoldDecision {
    const m = this.members[member]!;
    if (m.hold === 'none') return { refused: 'REFERRAL_HOLD_NOT_FOUND' };
    if (m.hold !== 'open') return { refused: 'REFERRAL_HOLD_DECIDED' };
    m.hold = decision === 'release' ? 'released' : 'voided';
    const moved: HoldDecision = { commissions: 0, total: 0 };
    for (const purchase of this.purchases.filter((p) => p.buyer === member)) {
      for (const line of purchase.commissions) {
        if (line.status !== 'review') continue;
        moved.commissions += 1;
        moved.total += line.amount;
        if (decision === 'void') {
          this.members[line.beneficiary!]!.pending -= line.amount;
          line.status = 'reversed';
        } else {
          line.status = 'pending';
          if (line.releaseAt! <= now) this.releaseOne(line);
        }
      }
    }
    return moved;
  }

  /**
   * A refund: refused, or made — the buyer gets back exactly what they paid, pending commissions
   * leave the pending account, released ones come out of the upline's available balance as far as
   * it goes and the rest becomes their debt. Returns each member's movement.
   */
  refund(index: number, override: boolean, reason: string, now: number): Refusal | MemberMovement[] {
    const purchase = this.purchases[index]!;
    if (purchase.status === 'refunded') return { refused: 'REFUND_NOT_ALLOWED' };
    const windowEnds = purchase.createdAt + this.rates.refundWindowDays * DAY;
    if (!override && now > windowEnds) return { refused: 'REFUND_NOT_ALLOWED' };
    if (!override && purchase.commissions.some((line) => line.status === 'available')) return { refused: 'REFUND_NOT_ALLOWED' };

    const movements: MemberMovement[] = [];
    const move = (member: number, change: Partial<Omit<MemberMovement, 'member'>>) => {
      const m = this.members[member]!;
      m.available += change.available ?? 0;
      m.pending += change.pending ?? 0;
      m.debt -= change.debt ?? 0;
      movements.push({ member, available: change.available ?? 0, pending: change.pending ?? 0, debt: change.debt ?? 0 });
    };
    move(purchase.buyer, { available: purchase.paid });
    for (const line of purchase.commissions) {
      if (line.status === 'pending' || line.status === 'review') move(line.beneficiary!, { pending: -line.amount });
      if (line.status === 'available') {
        const fromAvailable = Math.min(line.amount, this.members[line.beneficiary!]!.available);
        move(line.beneficiary!, { available: -fromAvailable, debt: -(line.amount - fromAvailable) });
      }
      if (line.status === 'pending' || line.status === 'review' || line.status === 'available') line.status = 'reversed';
    }
    if (purchase.coupon !== null) {
      const c = this.coupons[purchase.coupon]!;
      c.redeemed -= 1;
      c.uses.set(purchase.buyer, c.uses.get(purchase.buyer)! - 1);
    }
    this.sold[purchase.plan]! -= 1;
    purchase.status = 'refunded';
    purchase.refundReason = reason;
    // The plan ends with the refund (it no longer makes its buyer an active upline); one that ended already keeps its end.
    if (now > purchase.createdAt && now < purchase.endsAt) purchase.endsAt = now;
    return movements;
  }
}

export interface HoldDecision {
  commissions: number;
  total: number;
}

export function isRefusal(outcome: unknown): outcome is Refusal {
  return typeof outcome === 'object' && outcome !== null && 'refused' in outcome;
}
