import { z } from 'zod';

/**
 * The earnings disclosure (docs/decisions/0031): what members earned in commissions and what they
 * spent on plans, computed once a day from the books and published unchanged. Amounts are integers
 * of minor units of `currency`; a mean is rounded to the nearest minor unit (halves away from zero),
 * a percentile is the nearest-rank value (the smallest amount at or above which that share of the
 * group lies).
 */
export const DISCLOSURE_METHOD = 1;

const minor = z.number().int();

/** Median, mean, 90th and 99th percentile of one amount over one group (all zero for an empty group). */
export const disclosureStatsSchema = z.strictObject({
  median: minor,
  mean: minor,
  p90: minor,
  p99: minor,
});
export type DisclosureStats = z.infer<typeof disclosureStatsSchema>;

export const disclosureLevelSchema = z.strictObject({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Members who earned any commission at this level. */
  earners: z.number().int(),
  total: minor,
  /** Over the members who earned at this level. */
  median: minor,
  mean: minor,
});

export const disclosurePeriodSchema = z.strictObject({
  /** Start of the period (null: all time); the end is the snapshot's `computedAt`. */
  from: z.iso.datetime().nullable(),
  /** Member accounts that existed at any time in the period (operators and staff not counted). */
  members: z.number().int(),
  /** Members with a plan bought in the period and not refunded. */
  buyers: z.number().int(),
  /** Members who earned any commission (released in the period and not taken back). */
  earners: z.number().int(),
  /** Members whose commissions earned minus plans bought is below zero. */
  belowZero: z.number().int(),
  /** Members whose commissions earned minus plans bought is above zero. */
  aboveZero: z.number().int(),
  earned: z.strictObject({ earners: disclosureStatsSchema, everyone: disclosureStatsSchema, total: minor }),
  net: z.strictObject({ earners: disclosureStatsSchema, everyone: disclosureStatsSchema }),
  spentTotal: minor,
  levels: z.array(disclosureLevelSchema),
  /** Commissions created in the period that were still waiting (holding period or review): not counted as earned. */
  waiting: z.strictObject({ members: z.number().int(), total: minor }),
});
export type DisclosurePeriod = z.infer<typeof disclosurePeriodSchema>;

export const disclosureFiguresSchema = z.strictObject({
  lastYear: disclosurePeriodSchema,
  allTime: disclosurePeriodSchema,
});
export type DisclosureFigures = z.infer<typeof disclosureFiguresSchema>;

export const earningsDisclosureSchema = z.strictObject({
  /** The newest snapshot; null until the first has been computed. The operator's words around it are the `earnings` legal page. */
  snapshot: z
    .strictObject({
      asOfDate: z.iso.date(),
      computedAt: z.iso.datetime(),
      currency: z.string().length(3),
      method: z.number().int(),
      figures: disclosureFiguresSchema,
    })
    .nullable(),
});
export type EarningsDisclosure = z.infer<typeof earningsDisclosureSchema>;
