import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').unique(),
  phone: text('phone').unique(),
  displayName: text('display_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['member', 'operator', 'support', 'finance'] })
    .notNull()
    .default('member'),
  status: text('status', { enum: ['active', 'frozen', 'closed'] })
    .notNull()
    .default('active'),
  inviteCode: text('invite_code').notNull().unique(),
  referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id),
  /** The level-2 and level-3 uplines, set from the referrer at registration (modules/team/sql/users_chain_set.sql); never change. */
  ancestor2: uuid('ancestor_2').references((): AnyPgColumn => users.id),
  ancestor3: uuid('ancestor_3').references((): AnyPgColumn => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The terms and privacy version accepted at registration (migrations/0410); null for accounts made by the server. */
  acceptedTermsVersion: text('accepted_terms_version'),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
  /** The language of the terms text accepted, with its version (migrations/1050). */
  acceptedTermsLanguage: text('accepted_terms_language', { enum: ['en', 'es', 'zh'] }),
  /** The language the member chose (migrations/0980); null: the browser's (Accept-Language). */
  language: text('language', { enum: ['en', 'es', 'zh'] }),
  /** When the member closed the account (migrations/1620, docs/decisions/0035); null while open. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_created_at_idx').on(table.createdAt)],
);

/** Maintenance mode's one row (migrations/1301_maintenance_mode.sql). */
export const maintenanceMode = pgTable('maintenance_mode', {
  id: boolean('id').primaryKey().default(true),
  enabled: boolean('enabled').notNull().default(false),
  message: text('message'),
  changedBy: uuid('changed_by').references(() => users.id),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
});
