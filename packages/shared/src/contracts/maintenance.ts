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
