-- Which accounts a kind of ledger transaction may move, and which way (docs/decisions/0026).
-- One row per (kind, account type, sign): sign 1 = the entry raises the account's balance,
-- -1 = it lowers it. The entry guard (ledger/sql/ledger_entry_guard.sql) refuses any entry whose
-- transaction kind, account type and sign have no row here, whoever writes it. The rows are the
-- flows of apps/api/src/ledger/README.md, as ledger_post's callers post them today; a new flow
-- adds its rows in a migration of its own.
create table ledger_kind_accounts (
  kind text not null,
  account_type text not null,
  sign smallint not null check (sign in (-1, 1)),
  primary key (kind, account_type, sign)
);

insert into ledger_kind_accounts (kind, account_type, sign) values
  -- Recharge: the member's wallet up, cash in hand (negative = held) down.
  ('recharge', 'member_available', 1),
  ('recharge', 'platform_cash', -1),
  -- Operator adjustments, against the adjustments account.
  ('adjustment_credit', 'member_available', 1),
  ('adjustment_credit', 'platform_adjustments', -1),
  ('adjustment_debit', 'member_available', -1),
  ('adjustment_debit', 'platform_adjustments', 1),
  -- Purchase: the buyer pays, revenue at the price, the discount and the commissions as expenses,
  -- each paid upline's commission pending up.
  ('plan_purchase', 'member_available', -1),
  ('plan_purchase', 'platform_plan_revenue', 1),
  ('plan_purchase', 'platform_promotions_expense', -1),
  ('plan_purchase', 'platform_commission_expense', -1),
  ('plan_purchase', 'member_commission_pending', 1),
  -- Commission release: pending down; what the upline owes paid first, the rest to available.
  ('commission_release', 'member_commission_pending', -1),
  ('commission_release', 'member_debt', 1),
  ('commission_release', 'member_available', 1),
  -- Refund: the buyer's money back, revenue, discount and commissions undone; a released
  -- commission is taken from the upline's available and, past it, owed (debt down).
  ('refund', 'member_available', 1),
  ('refund', 'member_available', -1),
  ('refund', 'platform_plan_revenue', -1),
  ('refund', 'platform_promotions_expense', 1),
  ('refund', 'platform_commission_expense', 1),
  ('refund', 'member_commission_pending', -1),
  ('refund', 'member_debt', -1),
  -- Withdrawals: held, then paid out (net to cash, fee to revenue) or given back.
  ('withdrawal_hold', 'member_available', -1),
  ('withdrawal_hold', 'member_on_hold', 1),
  ('withdrawal_paid', 'member_on_hold', -1),
  ('withdrawal_paid', 'platform_cash', 1),
  ('withdrawal_paid', 'platform_fee_revenue', 1),
  ('withdrawal_release', 'member_on_hold', -1),
  ('withdrawal_release', 'member_available', 1),
  -- Wallet-credit coupon, paid by promotions.
  ('coupon_credit', 'member_available', 1),
  ('coupon_credit', 'platform_promotions_expense', -1),
  -- A commission voided after review (referral_hold_decide): pending down, expense back.
  ('reversal', 'member_commission_pending', -1),
  ('reversal', 'platform_commission_expense', 1);
