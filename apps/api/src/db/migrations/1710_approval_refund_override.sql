-- Two-person approval gates a second action (issue 32; docs/decisions/0033): a refund override
-- whose claw-back would leave an upline in debt over the threshold waits for a second person.
-- The request's amount is that debt; its payload the purchase and the reason.
alter table approval_requests drop constraint approval_requests_kind_check;
alter table approval_requests add constraint approval_requests_kind_check
  check (kind in ('adjustment', 'refund_override'));
