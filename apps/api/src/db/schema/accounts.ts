import { bigint, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, memberId, randomId } from './columns';
import { users } from './users';

/** Mirrors migrations/0100_accounts.sql. */

export const SESSION_END_REASONS = [
  'signed_out',
  'replaced',
  'session_cap',
  'password_changed',
  'password_reset',
  'other_sessions_revoked',
  'operator',
  'account_closed',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const sessions = pgTable('sessions', {
  id: randomId(),
  userId: memberId({ onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  lastSeenAt: at('last_seen_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  revokedAt: at('revoked_at'),
  /** Why it ended (migrations/0301_session_end_reason.sql); null while live, and on rows ended before. */
  endReason: text('end_reason', { enum: SESSION_END_REASONS }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** A password entered again confirms money movements out of this session until then (0700). */
  stepUpUntil: at('step_up_until'),
  /** When this session's holder proved the console's second factor (1300); null: not (yet). */
  secondFactorAt: at('second_factor_at'),
});

/** A console account's authenticator app (migrations/1300_console_second_factor.sql). */
export const consoleTotp = pgTable('console_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Sealed with SECOND_FACTOR_KEY's key `secretKeyId` (lib/secret-box.ts), or plain text when that is null (1630). */
  secret: text('secret').notNull(),
  secretKeyId: text('secret_key_id'),
  createdAt: at('created_at').notNull(),
  confirmedAt: at('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }).notNull().default(0),
});

/** A console account's one-time recovery codes (1300): the first group names the row, the code is hashed. */
export const consoleRecoveryCodes = pgTable('console_recovery_codes', {
  id: randomId(),
  userId: memberId({ onDelete: 'cascade' }),
  lookup: text('lookup').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: at('created_at').notNull(),
  usedAt: at('used_at'),
});

/** What a registration carries until its code is entered. */
export interface PendingRegistration {
  email: string | null;
  phone: string | null;
  displayName: string;
  passwordHash: string;
  referrerId: string | null;
  ip: string | null;
  /** Optional: registrations started before terms were recorded carry none. */
  acceptedTermsVersion?: string;
  /** The languages the terms and the privacy notice of that version were shown in (migration 1050); older rows carry none. */
  acceptedTermsLanguage?: 'en' | 'es' | 'zh';
  acceptedPrivacyLanguage?: 'en' | 'es' | 'zh';
  /** The language the registration was made in (becomes the account's); older rows carry none. */
  language?: 'en' | 'es' | 'zh';
}

export const verificationCodes = pgTable('verification_codes', {
  id: randomId(),
  purpose: text('purpose', { enum: ['register', 'password_reset', 'sign_in'] }).notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  destination: text('destination').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull(),
  sentAt: at('sent_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  voidedAt: at('voided_at'),
  registration: jsonb('registration').$type<PendingRegistration>(),
});

export const signInLinks = pgTable('sign_in_links', {
  id: randomId(),
  userId: memberId({ onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  issuedBy: uuid('issued_by').references(() => users.id),
  redirect: text('redirect'),
});

export const outbox = pgTable('outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  destination: text('destination').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  secret: text('secret'),
  /** Extra email headers (migration 1610: List-Unsubscribe). */
  headers: jsonb('headers').$type<Record<string, string>>(),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at').notNull(),
  lockedUntil: at('locked_until'),
  lastError: text('last_error'),
  createdAt: at('created_at').notNull(),
  sentAt: at('sent_at'),
});

export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Attempts being judged right now (migrations/0300_rate_limit_attempts.sql). */
  pending: integer('pending').notNull().default(0),
  resetAt: at('reset_at').notNull(),
});
