import { z } from 'zod';
import { keysetCursorSchema, multiLineTextSchema, pageLimitSchema, singleLineTextSchema } from './common';

/**
 * Contact support (apps/api/src/modules/support/README.md): a member's ticket, its thread, and the
 * console's queue. `open`: waiting for support; `answered`: support replied last; `closed`: done
 * (a member's reply opens it again).
 */
export const SUPPORT_TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];
export const SUPPORT_SUBJECT_MAX = 120;
export const SUPPORT_BODY_MAX = 4000;

const subjectSchema = singleLineTextSchema
  .trim()
  .min(1, 'Say in a few words what it is about.')
  .max(SUPPORT_SUBJECT_MAX, 'Use at most 120 characters.');
const bodySchema = multiLineTextSchema
  .trim()
  .min(1, 'Write your message.')
  .max(SUPPORT_BODY_MAX, 'Use at most 4000 characters.');

/** POST /support/tickets. */
export const openSupportTicketBodySchema = z.strictObject({ subject: subjectSchema, body: bodySchema });
export type OpenSupportTicketBody = z.infer<typeof openSupportTicketBodySchema>;

/** POST /support/tickets/:id/messages and POST /admin/support/:id/reply. */
export const supportMessageBodySchema = z.strictObject({ body: bodySchema });
export type SupportMessageBody = z.infer<typeof supportMessageBodySchema>;

export const supportTicketSchema = z.strictObject({
  id: z.string(),
  subject: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportMessageSchema = z.strictObject({
  id: z.string(),
  /** Who wrote it: the member, or someone from support (never which staff member, to the member). */
  author: z.enum(['member', 'support']),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportThreadSchema = z.strictObject({ ticket: supportTicketSchema, messages: z.array(supportMessageSchema) });
export type SupportThread = z.infer<typeof supportThreadSchema>;

/** GET /support/tickets: the member's own tickets, newest first. */
export const listSupportTicketsQuerySchema = z.strictObject({ cursor: keysetCursorSchema, limit: pageLimitSchema });
export const supportTicketPageSchema = z.strictObject({ items: z.array(supportTicketSchema), nextCursor: z.string().nullable() });
export type SupportTicketPage = z.infer<typeof supportTicketPageSchema>;

/** GET /admin/support: the queue by status; waiting (open) longest-waiting first, the other views latest change first. */
export const listAdminSupportQuerySchema = z.strictObject({
  status: z.enum(SUPPORT_TICKET_STATUSES).optional(),
  cursor: keysetCursorSchema,
  limit: pageLimitSchema,
});
export const adminSupportTicketSchema = supportTicketSchema.extend({ memberId: z.string(), memberName: z.string() });
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;
export const adminSupportPageSchema = z.strictObject({
  items: z.array(adminSupportTicketSchema),
  nextCursor: z.string().nullable(),
  /** Tickets waiting for support (open), whatever the filter: the navigation's count. */
  openCount: z.number().int(),
});
export type AdminSupportPage = z.infer<typeof adminSupportPageSchema>;
export const adminSupportThreadSchema = z.strictObject({ ticket: adminSupportTicketSchema, messages: z.array(supportMessageSchema) });
export type AdminSupportThread = z.infer<typeof adminSupportThreadSchema>;
