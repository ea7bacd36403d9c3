-- Two-person approval gates resetting another console account's second factor (issues 30 and 32;
-- docs/decisions/0039): while a threshold is set, every reset waits for a second person. It moves no
-- money: its request's amount is 0, its subject the console account, its payload the reason.
alter table approval_requests drop constraint approval_requests_kind_check;
alter table approval_requests add constraint approval_requests_kind_check
  check (kind in ('adjustment', 'refund_override', 'payout_results', 'withdrawal_settings', 'referral_settings', 'second_factor_reset'));
alter table approval_requests drop constraint approval_requests_amount_check;
alter table approval_requests add constraint approval_requests_amount_check
  check (amount > 0 or (amount = 0 and kind in ('withdrawal_settings', 'referral_settings', 'second_factor_reset')));
