-- Two-person approval gates changes of the money settings (issue 32; docs/decisions/0039): while a
-- threshold is set, every change of the withdrawal settings (limits, fee) or the referral settings
-- (commission rates, cap, holding period, refund window) waits for a second person. A setting has
-- no amount to compare with the threshold: such a request's amount is 0, its payload the settings
-- before and after.
alter table approval_requests drop constraint approval_requests_kind_check;
alter table approval_requests add constraint approval_requests_kind_check
  check (kind in ('adjustment', 'refund_override', 'payout_results', 'withdrawal_settings', 'referral_settings'));
alter table approval_requests drop constraint approval_requests_amount_check;
alter table approval_requests add constraint approval_requests_amount_check
  check (amount > 0 or (amount = 0 and kind in ('withdrawal_settings', 'referral_settings')));
