-- A commission an upline cannot take is recorded as skipped with its own reason, and the buyer's
-- purchase goes through (modules/plans/sql/plan_commission_lines.sql): `amount_limit` (the
-- commission alone would pass the per-movement limit) and `balance_limit` (it would take the
-- upline's balance past the balance limit).
alter table commissions drop constraint commissions_skip_reason_check;
alter table commissions add constraint commissions_skip_reason_check
  check (skip_reason in ('no_upline', 'no_active_plan', 'frozen', 'cap', 'zero_amount', 'self_referral',
                         'amount_limit', 'balance_limit'));
