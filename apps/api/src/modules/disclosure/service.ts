import { sql } from 'drizzle-orm';
import { DISCLOSURE_METHOD, disclosureFiguresSchema, type EarningsDisclosure } from '@orchard/shared';
import { rowsOf } from '../../db/rows';
import type { ServiceDeps } from '../../lib/service-deps';
import { computeFigures } from './compute';

interface SnapshotRow {
  as_of_date: string | Date;
  computed_at: string | Date;
  currency: string;
  method: number;
  figures: unknown;
}

const dayOf = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/**
 * The daily run: when today (UTC, by the app clock) has no snapshot yet, computes the figures as of
 * now and publishes them. Two instances may both compute; the first insert wins and the other's is
 * dropped (one row per day, `on conflict do nothing`). Returns the day published, or null.
 */
export async function publishDailyDisclosure(deps: ServiceDeps): Promise<string | null> {
  const now = deps.clock.now();
  const day = now.toISOString().slice(0, 10);
  const [existing] = await rowsOf<{ id: string }>(deps.db, sql`select id from earnings_disclosures where as_of_date = ${day}::date`);
  if (existing) return null;
  const figures = disclosureFiguresSchema.parse(await computeFigures(deps.db, now, deps.config.CURRENCY));
  const inserted = await rowsOf<{ id: string }>(
    deps.db,
    sql`insert into earnings_disclosures (as_of_date, computed_at, currency, method, figures)
        values (${day}::date, ${now}, ${deps.config.CURRENCY}, ${DISCLOSURE_METHOD}, ${JSON.stringify(figures)}::jsonb)
        on conflict (as_of_date) do nothing returning id`,
  );
  return inserted.length > 0 ? day : null;
}

/** GET /earnings-disclosure: the newest published snapshot, as it was published. */
export async function getEarningsDisclosure(deps: ServiceDeps): Promise<EarningsDisclosure> {
  const [row] = await rowsOf<SnapshotRow>(
    deps.db,
    sql`select as_of_date::text as as_of_date, computed_at, currency, method, figures
          from earnings_disclosures order by as_of_date desc limit 1`,
  );
  if (!row) return { snapshot: null };
  const figures = typeof row.figures === 'string' ? JSON.parse(row.figures) : row.figures;
  return {
    snapshot: {
      asOfDate: dayOf(row.as_of_date),
      computedAt: new Date(row.computed_at).toISOString(),
      currency: row.currency.trim(),
      method: Number(row.method),
      figures: disclosureFiguresSchema.parse(figures),
    },
  };
}
