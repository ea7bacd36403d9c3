import { compactTranslations, type AdminPlan, type Language, type Plan, type PlanList, type UpsertPlanBody } from '@orchard/shared';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { toAdminPlanView, toPlanView } from './views';

export const planNotFound = () => notFound('No such plan.');

/** Plans members can see: active ones whose sale has not ended, with stock left and what they bought, in `language`. */
export async function listPlansForMember(deps: ServiceDeps, userId: string, language: Language): Promise<PlanList> {
  const now = deps.clock.now();
  const rows = await repo.listPlans(deps.db, { forMembersAt: now });
  const ids = rows.map((row) => row.id);
  const [remaining, bought] = await Promise.all([repo.remainingStock(deps.db, ids), repo.boughtCounts(deps.db, userId, ids)]);
  return {
    items: rows.map((row) => toPlanView(row, remaining.get(row.id) ?? 0, bought.get(row.id) ?? 0, now, language)),
    serverTime: now.toISOString(),
  };
}

export async function getPlanForMember(deps: ServiceDeps, userId: string, planId: string, language: Language): Promise<Plan> {
  if (!isUuid(planId)) throw planNotFound();
  const now = deps.clock.now();
  const plan = await repo.findPlan(deps.db, planId);
  if (!plan || !plan.active) throw planNotFound();
  const [remaining, bought] = await Promise.all([repo.remainingStock(deps.db, [planId]), repo.boughtCounts(deps.db, userId, [planId])]);
  return toPlanView(plan, remaining.get(planId) ?? 0, bought.get(planId) ?? 0, now, language);
}

export async function listPlansForConsole(deps: ServiceDeps): Promise<{ items: AdminPlan[] }> {
  const now = deps.clock.now();
  const rows = await repo.listPlans(deps.db, {});
  const ids = rows.map((row) => row.id);
  const [remaining, sold] = await Promise.all([repo.remainingStock(deps.db, ids), repo.soldCounts(deps.db, ids)]);
  return { items: rows.map((row) => toAdminPlanView(row, remaining.get(row.id) ?? 0, sold.get(row.id) ?? 0, now)) };
}

/** A plan as the console sends it; server-side callers (the demo) may leave the translations out. */
type PlanBody = Omit<UpsertPlanBody, 'translations'> & { translations?: UpsertPlanBody['translations'] };

function planValues(body: PlanBody) {
  return {
    name: body.name,
    description: body.description,
    benefits: body.benefits,
    translations: compactTranslations(body.translations, ['name', 'description', 'benefits', 'badge']),
    price: body.price,
    durationDays: body.durationDays,
    badge: body.badge,
    perMemberLimit: body.perMemberLimit,
    stock: body.stock,
    saleStartsAt: body.saleStartsAt ? new Date(body.saleStartsAt) : null,
    saleEndsAt: body.saleEndsAt ? new Date(body.saleEndsAt) : null,
    active: body.active,
    sortOrder: body.sortOrder,
  };
}

async function adminView(deps: ServiceDeps, tx: Parameters<typeof repo.findPlan>[0], plan: repo.PlanRow, now: Date) {
  const [remaining, sold] = await Promise.all([repo.remainingStock(tx, [plan.id]), repo.soldCounts(tx, [plan.id])]);
  return toAdminPlanView(plan, remaining.get(plan.id) ?? 0, sold.get(plan.id) ?? 0, now);
}

export async function createPlan(deps: ServiceDeps, actor: ConsoleActor, body: PlanBody): Promise<AdminPlan> {
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    const plan = await repo.insertPlan(tx, { ...planValues(body), currency: deps.config.CURRENCY, createdAt: now, updatedAt: now });
    await repo.setStock(tx, plan.id, body.stock);
    await recordConsoleAction(tx, actor, {
      action: 'plan.create',
      subjectType: 'plan',
      subjectId: plan.id,
      detail: { after: planValues(body) },
      at: now,
    });
    return adminView(deps, tx, plan, now);
  });
}

export async function updatePlan(deps: ServiceDeps, actor: ConsoleActor, planId: string, body: PlanBody): Promise<AdminPlan> {
  if (!isUuid(planId)) throw planNotFound();
  const now = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    // The plan row first: two saves of one plan queue here, so each sees the units the other left.
    const before = await repo.findPlan(tx, planId, { lock: true });
    if (!before) throw planNotFound();
    const short = await repo.setStock(tx, planId, body.stock, before.stock);
    if (short) {
      throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
        stock: `${short.tooFewBy} units are sold already: the stock cannot be lower.`,
      });
    }
    const plan = await repo.updatePlan(tx, planId, { ...planValues(body), updatedAt: now });
    if (!plan) throw planNotFound();
    const { createdAt: _c, updatedAt: _u, id: _i, currency: _cur, ...beforeValues } = before;
    await recordConsoleAction(tx, actor, {
      action: 'plan.update',
      subjectType: 'plan',
      subjectId: planId,
      detail: { before: beforeValues, after: planValues(body) },
      at: now,
    });
    return adminView(deps, tx, plan, now);
  });
}
