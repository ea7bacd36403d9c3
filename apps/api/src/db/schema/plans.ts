import { bigint, boolean, char, integer, jsonb, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { COMMISSION_SKIP_REASONS, COMMISSION_STATUSES, type Translations } from '@orchard/shared';
import { ledgerTransactions } from './ledger';
import { at, memberId, randomId } from './columns';
import { users } from './users';

/** Mirrors migrations/0500_plans.sql; the SQL file is the source of truth for constraints and indexes. */

/** A plan's texts in a language other than the default, each optional (migration 1050). */
export type PlanTranslations = Translations<{ name: string; description: string; benefits: string[]; badge: string | null }>;

export const referralSettings = pgTable('referral_settings', {
  id: boolean('id').primaryKey().default(true),
  level1Bp: integer('level1_bp').notNull(),
  level2Bp: integer('level2_bp').notNull(),
  level3Bp: integer('level3_bp').notNull(),
  capBp: integer('cap_bp').notNull(),
  requireActivePlan: boolean('require_active_plan').notNull(),
  holdDays: integer('hold_days').notNull(),
  refundWindowDays: integer('refund_window_days').notNull(),
  updatedAt: at('updated_at').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
});

export const plans = pgTable('plans', {
  id: randomId(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  benefits: jsonb('benefits').$type<string[]>().notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  durationDays: integer('duration_days').notNull(),
  badge: text('badge'),
  /** The texts in the other languages (migration 1050); the columns above are the default language's. */
  translations: jsonb('translations').$type<PlanTranslations>().notNull().default({}),
  perMemberLimit: integer('per_member_limit'),
  stock: integer('stock'),
  saleStartsAt: at('sale_starts_at'),
  saleEndsAt: at('sale_ends_at'),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const planStockUnits = pgTable(
  'plan_stock_units',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    unit: integer('unit').notNull(),
    purchaseId: uuid('purchase_id'),
  },
  (table) => [primaryKey({ columns: [table.planId, table.unit] })],
);

export const COUPON_KINDS = ['percent_off', 'amount_off', 'wallet_credit'] as const;

export const coupons = pgTable('coupons', {
  id: randomId(),
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: COUPON_KINDS }).notNull(),
  value: bigint('value', { mode: 'number' }).notNull(),
  maxDiscount: bigint('max_discount', { mode: 'number' }),
  minSpend: bigint('min_spend', { mode: 'number' }).notNull(),
  planIds: uuid('plan_ids').array().notNull(),
  startsAt: at('starts_at'),
  endsAt: at('ends_at'),
  totalCap: integer('total_cap'),
  perMemberCap: integer('per_member_cap').notNull(),
  assignedMemberId: uuid('assigned_member_id').references(() => users.id),
  active: boolean('active').notNull(),
  redeemedCount: integer('redeemed_count').notNull().default(0),
  batch: text('batch'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const couponMemberUses = pgTable(
  'coupon_member_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: memberId(),
    uses: integer('uses').notNull().default(0),
    savedAt: at('saved_at'),
    lastUsedAt: at('last_used_at'),
  },
  (table) => [primaryKey({ columns: [table.couponId, table.userId] })],
);

export const purchases = pgTable('purchases', {
  id: uuid('id').primaryKey(),
  userId: memberId(),
  planId: uuid('plan_id')
    .notNull()
    .references(() => plans.id),
  requestKey: text('request_key').notNull(),
  planName: text('plan_name').notNull(),
  durationDays: integer('duration_days').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  discount: bigint('discount', { mode: 'number' }).notNull(),
  paid: bigint('paid', { mode: 'number' }).notNull(),
  couponId: uuid('coupon_id').references(() => coupons.id),
  couponCode: text('coupon_code'),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
  status: text('status', { enum: ['active', 'refunded'] }).notNull(),
  refundedAt: at('refunded_at'),
  refundReason: text('refund_reason'),
  refundedBy: uuid('refunded_by').references(() => users.id),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerTransactions.id),
  refundTransactionId: bigint('refund_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: at('created_at').notNull(),
});

export const planMemberCounts = pgTable(
  'plan_member_counts',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    userId: memberId(),
    bought: integer('bought').notNull(),
  },
  (table) => [primaryKey({ columns: [table.planId, table.userId] })],
);

export const couponRedemptions = pgTable('coupon_redemptions', {
  id: randomId(),
  couponId: uuid('coupon_id')
    .notNull()
    .references(() => coupons.id),
  userId: memberId(),
  purchaseId: uuid('purchase_id').references(() => purchases.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['applied', 'returned'] }).notNull(),
  ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(() => ledgerTransactions.id),
  createdAt: at('created_at').notNull(),
  returnedAt: at('returned_at'),
});

/** A commission's statuses and skip reasons are the contract's (`review`: migration 0800). */
export type CommissionSkipReason = (typeof COMMISSION_SKIP_REASONS)[number];

export const commissions = pgTable('commissions', {
  id: randomId(),
  purchaseId: uuid('purchase_id')
    .notNull()
    .references(() => purchases.id),
  level: smallint('level').notNull(),
  beneficiaryId: uuid('beneficiary_id').references(() => users.id),
  rateBp: integer('rate_bp').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: COMMISSION_STATUSES }).notNull(),
  skipReason: text('skip_reason', { enum: COMMISSION_SKIP_REASONS }),
  releaseAt: at('release_at'),
  releasedAt: at('released_at'),
  reversedAt: at('reversed_at'),
  createdAt: at('created_at').notNull(),
  /** Failed release attempts (migration 1080); the error and the next attempt are null once released. */
  releaseFailures: integer('release_failures').notNull().default(0),
  releaseError: text('release_error'),
  releaseFailedAt: at('release_failed_at'),
  nextReleaseAttemptAt: at('next_release_attempt_at'),
});
