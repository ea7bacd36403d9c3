import { z } from 'zod';
import { singleLineTextSchema } from './common';

/** Maintenance mode (issue 30): while on, money-moving requests answer 503 MAINTENANCE; reads go on. */
export const maintenanceStatusSchema = z.strictObject({
  on: z.boolean(),
  /** What the app's banner says besides the standard text; null: the standard text only. */
  message: z.string().nullable(),
  /** Who turned it on: the deploy's MAINTENANCE_MODE key, an operator's switch, or nobody. */
  source: z.enum(['environment', 'operator']).nullable(),
  changedAt: z.string().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

export const setMaintenanceBodySchema = z.strictObject({
  on: z.boolean(),
  message: singleLineTextSchema.trim().max(300, 'Use at most 300 characters.').optional(),
  reason: singleLineTextSchema.trim().min(3, 'Say why, in a few words.').max(500, 'Use at most 500 characters.'),
});
export type SetMaintenanceBody = z.infer<typeof setMaintenanceBodySchema>;

/** One periodic job's runs on the instance that answered (the console's System page). */
export const jobStatusSchema = z.strictObject({
  name: z.string(),
  pollMs: z.number().int(),
  runs: z.number().int(),
  failures: z.number().int(),
  lastStartedAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  /** Why the last failed run failed. */
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** A job that moves money (the commission release) waits while maintenance mode is on. */
  paused: z.boolean(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** The console's System page: the jobs, the queues and maintenance mode, as /metrics gives them. */
export const systemStatusSchema = z.strictObject({
  jobs: z.array(jobStatusSchema),
  queues: z.strictObject({ rechargesToReview: z.number().int(), payouts: z.number().int(), referralHolds: z.number().int() }),
  maintenance: maintenanceStatusSchema,
  at: z.string(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
