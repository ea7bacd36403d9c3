import type { Config } from '../config';
import { ManualClock } from '../lib/clock';
import type { ServiceDeps } from '../lib/service-deps';
import { createDemoMember, createSession, markSteppedUp, revokeSession } from '../modules/accounts/index';
import { closeMemberAccount } from '../modules/account-closure/index';
import { adjustBalance } from '../modules/admin-ledger/index';
import type { ConsoleActor } from '../modules/audit/index';
import * as recharge from '../modules/recharge/index';
import { createCoupon, createPlan, purchasePlan, redeemCoupon, refundPurchase, releaseDueCommissions } from '../modules/plans/index';
import {
  cancelWithdrawal,
  createBankAccount,
  createWithdrawal,
  exportPayoutFile,
  payWithdrawal,
  rejectWithdrawal,
} from '../modules/withdrawals/index';
import type { Db } from '../db/client';
import { type DemoBankMember, seedDemoBankDay } from './bank-statements';
import { seedDemoApprovals } from './approvals';
import { seedDemoSupport } from './support';
import { seedDemoContent } from './content';
import { DEMO_COUPONS, DEMO_PLANS, DEMO_TEAM, DEMO_TIMELINE, type DemoStep } from './script';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

export interface DemoBusinessInput {
  db: Db;
  config: Config;
  operatorId: string;
  /** The second operator, who approves (docs/decisions/0033). */
  approverId: string;
  demoMember: { email: string; displayName: string };
  /** One argon2 hash shared by every demo account: hashing once keeps start-up fast. */
  passwordHash: string;
  /** The real present; the story is told in the weeks before it. */
  now: Date;
}

/** What the story keeps as it is told: the services' deps on its own clock, the operator, and what each step made. */
interface Story {
  input: DemoBusinessInput;
  clock: ManualClock;
  deps: ServiceDeps;
  actor: ConsoleActor;
  /** Member key → user id; plan key → plan id; "member:plan" → purchase id; member key → bank account id. */
  ids: Map<string, string>;
  plans: Map<string, string>;
  purchases: Map<string, string>;
  bankAccounts: Map<string, string>;
  couponsMade: boolean;
}

type StepOf<Kind extends DemoStep['kind']> = Extract<DemoStep, { kind: Kind }>;

/**
 * Tells the demo story (script.ts) through the app's own services, so everything it leaves
 * behind (referral chain, orders, ledger transactions, audit rows) is what real use would leave.
 * Money moves only through the app's services (recharge, adjustment, purchase, withdrawal …), never by
 * writing ledger tables.
 */
export async function createDemoBusiness(input: DemoBusinessInput): Promise<{ demoMemberId: string }> {
  const clock = new ManualClock(input.now);
  const story: Story = {
    input,
    clock,
    deps: { db: input.db, clock, config: input.config },
    actor: { operatorId: input.operatorId, role: 'operator', ip: null, requestId: 'demo-seed' },
    ids: new Map(),
    plans: new Map(),
    purchases: new Map(),
    bankAccounts: new Map(),
    couponsMade: false,
  };
  // Each step at its time, but never before what the previous step did (a payout is made hours after
  // its request): the ledger's order and its dates agree, so a day's entries are together on a statement.
  let started = false;
  const at = (step: { daysAgo: number; hour?: number }) => {
    const target = input.now.getTime() - step.daysAgo * DAY + (step.hour ?? 0) * HOUR;
    clock.set(new Date(started ? Math.max(target, clock.now().getTime() + 60_000) : target));
    started = true;
  };
  // The operator's bank statements of the last two days (bank-statements.ts), told at their time.
  const bankDays: (1 | 2)[] = [2, 1];
  let approvalsTold = false;
  for (const step of storySteps(input)) {
    while (bankDays[0] && step.daysAgo - (step.hour ?? 0) / 24 < bankDays[0] + 0.25) {
      at({ daysAgo: bankDays[0], hour: -6 });
      await seedDemoBankDay(story.deps as ServiceDeps & { clock: ManualClock }, story.actor, demoBankMembers(story), bankDays.shift()!);
    }
    // Large adjustments waiting for, given or missing a second person's approval, in today's last hours.
    if (step.daysAgo === 0 && !approvalsTold) approvalsTold = await tellApprovals(story);
    at(step);
    // Commissions whose holding period ended by this moment are released then, as the job would.
    await releaseDueCommissions(story.deps);
    await tellStep(story, step);
  }
  // Orders left unpaid in the past are past their deadline: record them as expired now, as a
  // member's next look at their orders would. Commissions due by now are released.
  await recharge.expireDueOrders(input.db, input.now);
  clock.set(input.now);
  await releaseDueCommissions(story.deps);
  const { actor } = story;
  // The operator's content: news, promotions, help, contacts and the legal pages.
  await seedDemoContent(input.db, input.now, story.plans);
  // Members' questions to support, in each state.
  await seedDemoSupport(story.deps as ServiceDeps & { clock: ManualClock }, actor, {
    demo: story.ids.get('demo')!,
    team: story.ids.get('amara')!,
  });
  return { demoMemberId: story.ids.get('demo')! };
}

function demoBankMembers({ input, ids }: Story): DemoBankMember[] {
  const names = new Map([['demo', input.demoMember.displayName], ...DEMO_TEAM.map((member) => [member.key, member.displayName] as const)]);
  return ['demo', 'amara', 'bruno', 'chen'].map((key) => ({ userId: ids.get(key)!, name: names.get(key)! }));
}

/** Every step of the story, the members' joining included, oldest first (so ledger entries and running balances follow their dates). */
function storySteps(input: DemoBusinessInput): DemoStep[] {
  const members = [
    { key: 'demo', email: input.demoMember.email, displayName: input.demoMember.displayName, referrer: null, daysAgo: 42 },
    ...DEMO_TEAM,
  ];
  const steps: DemoStep[] = [...members.map((member) => ({ kind: 'join' as const, daysAgo: member.daysAgo, member })), ...DEMO_TIMELINE];
  return steps.sort((a, b) => b.daysAgo - a.daysAgo || (a.hour ?? 0) - (b.hour ?? 0));
}

async function tellStep(story: Story, step: DemoStep): Promise<void> {
  const { deps, actor, clock, input } = story;
  if (step.kind === 'join') {
    const referrer = step.member.referrer ? story.ids.get(step.member.referrer)! : null;
    story.ids.set(step.member.key, await createDemoMember(input.db, step.member, referrer, input.passwordHash, clock.now()));
    return;
  }
  if (step.kind === 'export') {
    await exportPayoutFile(deps, actor);
    return;
  }
  // The catalogue and the coupons once the first member acts.
  if (story.plans.size === 0) await createCatalogue(story);
  if (!story.couponsMade && story.ids.has('demo')) await createCoupons(story);
  const userId = story.ids.get(step.member)!;
  switch (step.kind) {
    case 'buy': {
      const key = `demo-seed:${step.member}:${step.plan}:${step.daysAgo}`;
      const { purchase } = await purchasePlan(deps, userId, story.plans.get(step.plan)!, { coupon: step.coupon }, key);
      story.purchases.set(`${step.member}:${step.plan}`, purchase.id);
      return;
    }
    case 'redeem':
      await redeemCoupon(deps, userId, step.coupon, `demo-seed:${step.member}:${step.coupon}:${step.daysAgo}`);
      return;
    case 'refund':
      await refundPurchase(deps, actor, story.purchases.get(`${step.member}:${step.plan}`)!, {
        reason: step.reason,
        override: step.override ?? false,
      });
      return;
    case 'bank': {
      const { holderName, bankName, country, number } = step;
      const account = await createBankAccount(deps, userId, {
        holderName,
        bankName,
        country,
        number,
        label: step.label ?? null,
        isDefault: true,
      });
      story.bankAccounts.set(step.member, account.id);
      return;
    }
    case 'withdraw':
      return withdraw(story, step, userId);
    case 'close':
      await closeMemberAccount(deps, userId);
      return;
    case 'adjust': {
      const body = { direction: 'credit' as const, amount: step.amount, reason: step.reason };
      await adjustBalance(deps, actor, userId, body, `demo-seed:${step.member}:${step.daysAgo}`);
      return;
    }
    default:
      return order(story, step, userId);
  }
}

/** The approvals of the demo (approvals.ts), the second operator approving. */
async function tellApprovals(story: Story): Promise<true> {
  const approver: ConsoleActor = { operatorId: story.input.approverId, role: 'operator', ip: null, requestId: 'demo-seed' };
  const member = (key: string) => story.ids.get(key)!;
  const deps = story.deps as ServiceDeps & { clock: ManualClock };
  await seedDemoApprovals(
    deps,
    story.actor,
    approver,
    { approved: member('amara'), expired: member('dana'), waiting: member('bruno') },
    story.input.now,
  );
  return true;
}

async function createCatalogue({ deps, actor, input, plans }: Story): Promise<void> {
  for (const plan of DEMO_PLANS) {
    const created = await createPlan(deps, actor, {
      name: plan.name,
      description: plan.description,
      benefits: plan.benefits,
      price: plan.price,
      durationDays: plan.durationDays,
      badge: plan.badge ?? null,
      perMemberLimit: plan.perMemberLimit ?? null,
      stock: plan.stock ?? null,
      saleStartsAt: null,
      saleEndsAt: plan.saleEndsInDays === undefined ? null : new Date(input.now.getTime() + plan.saleEndsInDays * DAY).toISOString(),
      active: true,
      sortOrder: plan.sortOrder,
      translations: plan.translations,
    });
    plans.set(plan.key, created.id);
  }
}

async function createCoupons(story: Story): Promise<void> {
  const { deps, actor, input, plans, ids } = story;
  story.couponsMade = true;
  const day = (days: number | undefined) => (days === undefined ? null : new Date(input.now.getTime() + days * DAY).toISOString());
  for (const coupon of DEMO_COUPONS) {
    await createCoupon(deps, actor, {
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      maxDiscount: coupon.maxDiscount ?? null,
      minSpend: coupon.minSpend ?? 0,
      planIds: (coupon.plans ?? []).map((key) => plans.get(key)!),
      startsAt: day(coupon.startsDaysAgo === undefined ? undefined : -coupon.startsDaysAgo),
      endsAt: day(coupon.endsInDays),
      totalCap: coupon.totalCap ?? null,
      perMemberCap: coupon.perMemberCap ?? 1,
      assignedMemberId: coupon.assignedTo ? ids.get(coupon.assignedTo)! : null,
      active: true,
    });
  }
}

/** A withdrawal request after a step-up, then what the operator (or the member) did with it hours later. */
async function withdraw({ deps, actor, clock, input, bankAccounts }: Story, step: StepOf<'withdraw'>, userId: string): Promise<void> {
  // The member confirmed with their password a moment before (the demo knows it only hashed).
  const session = await createSession(input.db, { userId, now: clock.now(), ip: null, userAgent: 'demo' });
  await markSteppedUp(input.db, { userId, sessionId: session.sessionId }, new Date(clock.now().getTime() + 5 * 60_000));
  const { withdrawal } = await createWithdrawal(
    deps,
    { userId, sessionId: session.sessionId },
    { bankAccountId: bankAccounts.get(step.member)!, amount: step.amount },
    `demo-seed:${step.member}:withdraw:${step.daysAgo}`,
  );
  await revokeSession(input.db, session.sessionId, clock.now(), 'signed_out');
  clock.advance(5 * HOUR);
  if (step.outcome === 'paid') await payWithdrawal(deps, actor, withdrawal.id, step.payoutReference ?? 'PAYOUT');
  else if (step.outcome === 'rejected') await rejectWithdrawal(deps, actor, withdrawal.id, step.reason ?? 'Rejected');
  else if (step.outcome === 'cancelled') await cancelWithdrawal(deps, userId, withdrawal.id);
}

/** A recharge order, taken as far as its outcome: paid or not, cancelled, credited or rejected. */
async function order({ deps, actor, clock, input }: Story, step: StepOf<'order'>, userId: string): Promise<void> {
  const created = await recharge.createOrder(deps, userId, { channel: step.channel, amount: step.amount });
  if (step.outcome === 'awaiting_payment' || step.outcome === 'expired') return;
  // Paid well within the order's deadline, however short RECHARGE_ORDER_TTL_MINUTES is (the e2e server uses 1).
  clock.advance(Math.min(20 * 60_000, (input.config.RECHARGE_ORDER_TTL_MINUTES * 60_000) / 2));
  if (step.outcome === 'cancelled') {
    await recharge.cancelOrder(deps, userId, created.id);
    return;
  }
  await recharge.submitPayment(deps, userId, created.id, step.payerReference ?? `TRX${created.reference}`);
  if (step.outcome === 'submitted') return;
  clock.advance(3 * HOUR);
  if (step.outcome === 'credited') await recharge.creditOrder(deps, actor, created.id, `demo-credit:${created.id}`, step.note);
  else if (step.outcome === 'rejected') await recharge.rejectOrder(deps, actor, created.id, step.reason);
}
