import type { AdminPurchase, Purchase } from '@orchard/shared';
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
): Promise<{ items: Purchase[]; nextCursor: string | null }> {
  const now = deps.clock.now();
  const limit = limitOf(query.limit);
  const rows = await repo.listPurchases(deps.db, { userId, status: query.status }, now, { cursor: decodeCursor(query.cursor), limit });
  const page = rows.slice(0, limit);
  return {
    items: page.map((row) => toPurchaseView(row, now)),
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
