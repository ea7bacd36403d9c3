import { DEFAULT_LANGUAGE, inLanguage, type AdminPurchase, type Language, type Purchase } from '@orchard/shared';
import { type z } from 'zod';
import { type listMyPurchasesQuerySchema, type listPurchasesQuerySchema } from '@orchard/shared';
import type { ServiceDeps } from '../../lib/service-deps';
import { instantRange } from '../../lib/date-range';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import * as repo from './repository';
import { DAY_MS } from './rules';
import { toCommissionView, toPurchaseView } from './views';

const DEFAULT_LIMIT = 20;

/** A purchase as the console shows it: who bought, the three commission levels, whether it can be refunded plainly. */
export async function toAdminPurchase(
  db: repo.Queryable,
  purchase: repo.PurchaseRow,
  refundWindowDays: number,
  now: Date,
): Promise<AdminPurchase> {
  const [page] = await adminPurchases(db, [purchase], refundWindowDays, now);
  return page!;
}

async function adminPurchases(db: repo.Queryable, rows: repo.PurchaseRow[], refundWindowDays: number, now: Date): Promise<AdminPurchase[]> {
  const commissionRows = await repo.commissionsOf(
    db,
    rows.map((row) => row.id),
  );
  const people = await repo.membersByIds(db, [
    ...new Set([...rows.map((row) => row.userId), ...commissionRows.flatMap((row) => (row.beneficiaryId ? [row.beneficiaryId] : []))]),
  ]);
  return rows.map((row) => {
    const own = commissionRows.filter((commission) => commission.purchaseId === row.id);
    const windowEnds = new Date(row.createdAt.getTime() + refundWindowDays * DAY_MS);
    const person = people.get(row.userId);
    return {
      ...toPurchaseView(row, now),
      member: {
        id: row.userId,
        displayName: person?.displayName ?? '',
        email: person?.email ?? null,
        phone: person?.phone ?? null,
      },
      commissions: own.map((commission) => toCommissionView(commission, people)),
      refundableWithoutOverride:
        row.status === 'active' && now.getTime() <= windowEnds.getTime() && own.every((commission) => commission.status !== 'available'),
      refundWindowEndsAt: windowEnds.toISOString(),
    };
  });
}

function limitOf(value: string | undefined): number {
  return value === undefined ? DEFAULT_LIMIT : Number(value);
}

export async function listMyPurchases(
  deps: ServiceDeps,
  userId: string,
  query: z.infer<typeof listMyPurchasesQuerySchema>,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ items: Purchase[]; nextCursor: string | null }> {
  const now = deps.clock.now();
  const limit = limitOf(query.limit);
  const rows = await repo.listPurchases(deps.db, { userId, status: query.status }, now, { cursor: decodeCursor(query.cursor), limit });
  const page = rows.slice(0, limit);
  // A purchase keeps the plan's name as it was bought (a receipt); while that is still the plan's
  // name, the member reads it in their language (docs/decisions/0024).
  const names = language === DEFAULT_LANGUAGE ? new Map() : await repo.planNameTexts(deps.db, [...new Set(page.map((row) => row.planId))]);
  return {
    items: page.map((row) => {
      const view = toPurchaseView(row, now);
      const plan = names.get(row.planId);
      if (!plan || plan.name !== row.planName) return view;
      return { ...view, plan: { ...view.plan, name: inLanguage({ name: plan.name }, plan.translations, language).texts.name } };
    }),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function listPurchasesForConsole(deps: ServiceDeps, query: z.infer<typeof listPurchasesQuerySchema>) {
  const now = deps.clock.now();
  const limit = limitOf(query.limit);
  const filter: repo.PurchaseFilter = {
    userId: query.member,
    planId: query.plan,
    status: query.status,
    releaseFailed: query.commission === 'release_failed',
    ...instantRange(query.from, query.to),
  };
  const [rows, total, settings] = await Promise.all([
    repo.listPurchases(deps.db, filter, now, { cursor: decodeCursor(query.cursor), limit }),
    repo.countPurchases(deps.db, filter, now),
    repo.readSettings(deps.db),
  ]);
  const page = rows.slice(0, limit);
  return {
    items: await adminPurchases(deps.db, page, settings.refundWindowDays, now),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
    total,
  };
}
