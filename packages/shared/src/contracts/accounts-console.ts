import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { CONTROL_CHARACTERS, isoTime, redirectField, roleSchema, uuidField } from './accounts';
import { singleLineTextSchema } from './common';

/** The operator's member tools (members, roles and status, sign-in links, outbox, audit log), beside accounts.ts. */

/** Search boxes and filters: any printable text (control characters cannot be stored or searched). */
const searchText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Use letters, numbers and punctuation only.');

const reasonField = singleLineTextSchema.trim().min(3, 'Say why, in a few words.').max(500, 'Use at most 500 characters.');

const pageQuery = {
  limit: z.coerce
    .number({ error: 'Use a whole number from 1 to 100.' })
    .int('Use a whole number from 1 to 100.')
    .min(1, 'Use a whole number from 1 to 100.')
    .max(100, 'Use a whole number from 1 to 100.')
    .default(50),
  offset: z.coerce
    .number({ error: 'Use a whole number of 0 or more.' })
    .int('Use a whole number of 0 or more.')
    .min(0, 'Use a whole number of 0 or more.')
    .max(1_000_000, 'Use a smaller number.')
    .default(0),
};

export const memberStatusSchema = z.enum(['active', 'frozen']);
/** An account's status as the console reads it: a closed one (docs/decisions/0035) is no longer set by anyone. */
export const accountStatusSchema = z.enum(['active', 'frozen', 'closed']);

export const memberSummarySchema = z.strictObject({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  status: accountStatusSchema,
  inviteCode: z.string(),
  referrerId: z.uuid().nullable(),
  createdAt: isoTime,
  language: z.enum(LANGUAGES).nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const listMembersQuerySchema = z.strictObject({
  q: searchText(254).optional(),
  role: roleSchema.optional(),
  status: accountStatusSchema.optional(),
  ...pageQuery,
});
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;

export const memberListSchema = z.strictObject({ items: z.array(memberSummarySchema), total: z.number().int() });
export type MemberList = z.infer<typeof memberListSchema>;

export const memberIdParamsSchema = z.strictObject({ id: uuidField('This member does not exist.') });

export const memberDetailSchema = z.strictObject({
  member: memberSummarySchema,
  referrer: z.strictObject({ id: z.uuid(), displayName: z.string(), inviteCode: z.string() }).nullable(),
  inviteeCount: z.number().int(),
  activeSessionCount: z.number().int(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const setMemberRoleBodySchema = z.strictObject({
  role: roleSchema,
  reason: reasonField,
});
export type SetMemberRoleBody = z.infer<typeof setMemberRoleBodySchema>;

export const setMemberStatusBodySchema = z.strictObject({
  status: memberStatusSchema,
  reason: reasonField,
});
export type SetMemberStatusBody = z.infer<typeof setMemberStatusBodySchema>;

export const issueSignInLinkBodySchema = z.strictObject({
  reason: reasonField,
  redirect: redirectField.optional(),
});
export type IssueSignInLinkBody = z.infer<typeof issueSignInLinkBodySchema>;

export const issuedSignInLinkSchema = z.strictObject({ url: z.string(), expiresAt: isoTime });
export type IssuedSignInLink = z.infer<typeof issuedSignInLinkSchema>;

export const outboxStatusSchema = z.enum(['pending', 'sending', 'sent', 'logged', 'failed']);

export const outboxMessageSchema = z.strictObject({
  id: z.number().int(),
  kind: z.string(),
  channel: z.enum(['email', 'sms']),
  destination: z.string(),
  subject: z.string(),
  body: z.string(),
  status: outboxStatusSchema,
  attempts: z.number().int(),
  nextAttemptAt: isoTime,
  lastError: z.string().nullable(),
  createdAt: isoTime,
  sentAt: isoTime.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const listOutboxQuerySchema = z.strictObject({
  status: outboxStatusSchema.optional(),
  destination: searchText(254).optional(),
  ...pageQuery,
});
export type ListOutboxQuery = z.infer<typeof listOutboxQuerySchema>;

export const outboxListSchema = z.strictObject({ items: z.array(outboxMessageSchema), total: z.number().int() });
export type OutboxList = z.infer<typeof outboxListSchema>;

export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  actorId: z.uuid().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const listAuditLogQuerySchema = z.strictObject({
  action: searchText(100).optional(),
  actorId: uuidField('Use a member id.').optional(),
  subjectId: searchText(100).optional(),
  ...pageQuery,
});
export type ListAuditLogQuery = z.infer<typeof listAuditLogQuerySchema>;

export const auditLogListSchema = z.strictObject({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditLogList = z.infer<typeof auditLogListSchema>;

/** GET /admin/console-sessions: the live sessions of console accounts (operator, support, finance). */
export const consoleSessionSchema = z.strictObject({
  id: z.uuid(),
  userId: z.uuid(),
  displayName: z.string(),
  role: roleSchema,
  createdAt: isoTime,
  lastSeenAt: isoTime,
  /** The address with its last part hidden (203.0.113.•), or null. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** When the session proved the second factor; null: not yet. */
  secondFactorAt: isoTime.nullable(),
  current: z.boolean(),
});
export type ConsoleSession = z.infer<typeof consoleSessionSchema>;
export const consoleSessionListSchema = z.strictObject({ items: z.array(consoleSessionSchema), total: z.number().int() });
export type ConsoleSessionList = z.infer<typeof consoleSessionListSchema>;
export const consoleSessionParamsSchema = z.strictObject({ id: uuidField('Use a session id.') });
