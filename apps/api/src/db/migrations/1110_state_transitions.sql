-- Every money object's states, written once (issue 26). Each row is one change of state the
-- object may make, who makes it and by which code; `from_state` null is where a new one starts.
-- The trigger function state_transition_check (ledger/sql/state_transition_check.sql), bound to
-- each object's table, refuses any other change of its `status` and a new row in any other state,
-- whoever writes it. The same rows are drawn in apps/api/src/ledger/README.md (one Mermaid
-- diagram per object), and apps/api/test/states.test.ts keeps the drawings and this table the same.
--
-- The withdrawal's table of 1070 moves here (its rows as they were), so one design holds for all.
-- A change of state that leaves the state as it is (a commission's failed release, a flag on a
-- credited order) is a change of other columns: not listed, never refused.
create table state_transitions (
  object text not null check (object in ('recharge_order', 'purchase', 'commission', 'referral_hold', 'withdrawal')),
  from_state text,
  to_state text not null,
  -- Who moves it (member, operator, gateway, bank file, job, purchase, …) and by which code.
  actor text not null,
  via text not null,
  unique nulls not distinct (object, from_state, to_state),
  check (from_state is distinct from to_state)
);

insert into state_transitions (object, from_state, to_state, actor, via) values
  -- A recharge order (modules/recharge/service.ts, sql/recharge_credit.sql).
  ('recharge_order', null, 'awaiting_payment', 'member', 'createOrder'),
  ('recharge_order', 'awaiting_payment', 'submitted', 'member, gateway', 'submitPayment (the payer''s reference); applyWebhookEvent (a payment of another amount, for review)'),
  ('recharge_order', 'awaiting_payment', 'cancelled', 'member', 'cancelOrder'),
  ('recharge_order', 'awaiting_payment', 'expired', 'clock', 'expireDueOrders (past expires_at; marked when a list of orders is read)'),
  ('recharge_order', 'awaiting_payment', 'credited', 'operator, gateway', 'recharge_credit'),
  ('recharge_order', 'submitted', 'credited', 'operator, gateway', 'recharge_credit'),
  ('recharge_order', 'expired', 'credited', 'operator, gateway', 'recharge_credit (the payment may arrive after the countdown)'),
  ('recharge_order', 'awaiting_payment', 'rejected', 'operator', 'rejectOrder (with a reason)'),
  ('recharge_order', 'submitted', 'rejected', 'operator', 'rejectOrder (with a reason)'),
  ('recharge_order', 'expired', 'rejected', 'operator', 'rejectOrder (with a reason)'),
  ('recharge_order', 'expired', 'submitted', 'gateway', 'applyWebhookEvent (money arrived for a closed order: an operator decides)'),
  ('recharge_order', 'cancelled', 'submitted', 'gateway', 'applyWebhookEvent (money arrived for a closed order: an operator decides)'),
  ('recharge_order', 'rejected', 'submitted', 'gateway', 'applyWebhookEvent (money arrived for a closed order: an operator decides)'),
  -- A plan purchase (sql/plan_purchase.sql, modules/plans/refund.ts). Expired is read from ends_at, never stored.
  ('purchase', null, 'active', 'member', 'plan_purchase'),
  ('purchase', 'active', 'refunded', 'operator', 'refundPurchase'),
  -- A commission (plan_purchase, commissions_hold_review, commission_release, referral_flag, referral_hold_decide, refund).
  ('commission', null, 'pending', 'purchase', 'plan_purchase'),
  ('commission', null, 'review', 'purchase', 'plan_purchase, commissions_hold_review (the buyer is under an open hold)'),
  ('commission', null, 'skipped', 'purchase', 'plan_purchase (no upline, cap, frozen, balance limit, …)'),
  ('commission', 'pending', 'available', 'job', 'commission_release_try (the release job), commission_release (at once with no holding period)'),
  ('commission', 'pending', 'review', 'signal', 'referral_flag (the buyer''s hold opens)'),
  ('commission', 'review', 'pending', 'operator', 'referral_hold_decide (release)'),
  ('commission', 'pending', 'reversed', 'operator', 'refundPurchase; referral_hold_decide (void)'),
  ('commission', 'review', 'reversed', 'operator', 'refundPurchase; referral_hold_decide (void)'),
  ('commission', 'available', 'reversed', 'operator', 'refundPurchase with override (claw-back)'),
  -- A referral hold (modules/team/sql/referral_flag.sql, referral_hold_decide.sql).
  ('referral_hold', null, 'open', 'signal', 'referral_flag (the member''s first signal)'),
  ('referral_hold', 'released', 'open', 'signal', 'referral_flag (a new signal after a release)'),
  ('referral_hold', 'open', 'released', 'operator', 'referral_hold_decide (release)'),
  ('referral_hold', 'open', 'voided', 'operator', 'referral_hold_decide (void)'),
  -- A withdrawal: where it starts, then 1070's rows.
  ('withdrawal', null, 'pending', 'member', 'withdrawal_request');
insert into state_transitions (object, from_state, to_state, actor, via)
  select 'withdrawal', from_status, to_status, actor, via from withdrawal_transitions;

-- 1070's guard goes with its table; state_transition_check takes its place on withdrawals.
drop trigger if exists withdrawal_transition_check on withdrawals;
drop function if exists withdrawal_transition_check();
drop table withdrawal_transitions;
