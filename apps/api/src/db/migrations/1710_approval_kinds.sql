-- Two-person approval gates more actions (issue 32; docs/decisions/0033), each its own kind:
-- refund_override: a refund override whose claw-back would leave uplines a debt over the threshold
--   (amount: that debt; payload: the purchase, its plan's name, the reason);
-- payout_results: applying a bank result file whose withdrawals to settle add up to more than the
--   threshold (amount: that total; payload: the file as sent, and how many rows it would settle).
alter table approval_requests drop constraint approval_requests_kind_check;
alter table approval_requests add constraint approval_requests_kind_check
  check (kind in ('adjustment', 'refund_override', 'payout_results'));
