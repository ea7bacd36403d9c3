import { z } from 'zod';
import { keysetCursorSchema, pageLimitSchema } from './common';

/**
 * Notifications (docs/decisions/0034): the member's inbox, fed by the events that move their money
 * (and the announcements the operator marks important), and the emails they choose to get.
 */
export const NOTIFICATION_KINDS = [
  'recharge_credited',
  'recharge_rejected',
  'purchase',
  'refund',
  'commission_pending',
  'commission_released',
  'commission_voided',
  'withdrawal_processing',
  'withdrawal_paid',
  'withdrawal_returned',
  'debt',
  'announcement',
  'support_reply',
] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.strictObject({
  id: z.string(),
  kind: notificationKindSchema,
  /** Minor units, with its currency (null: no amount, an announcement). */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** The plan's name, the commission's level, the order's reference, the announcement's text or the ticket's subject. */
  detail: z.string().nullable(),
  /** The app page the notification opens (a support reply: its ticket's thread), or null. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  cursor: keysetCursorSchema.optional(),
  limit: pageLimitSchema.optional(),
});
export const notificationListSchema = z.strictObject({
  items: z.array(notificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.strictObject({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const notificationIdParamsSchema = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not a notification.') });

/** In-app is always on; email per kind; the daily digest of what is unread. */
export const notificationPreferencesSchema = z.strictObject({
  email: z.record(notificationKindSchema, z.boolean()),
  digest: z.boolean(),
  /** Whether the member has an email address to send to. */
  hasEmail: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesBodySchema = z.strictObject({
  email: z.partialRecord(notificationKindSchema, z.boolean()),
  digest: z.boolean(),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;

/** The one-click unsubscribe link's token (RFC 8058): signed, works without signing in. */
export const unsubscribeQuerySchema = z.strictObject({
  token: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Not an unsubscribe link.'),
});
export const unsubscribeResultSchema = z.strictObject({ kind: z.union([notificationKindSchema, z.literal('digest')]) });
