-- How long a payout usually takes once requested, in business days: the one figure the member is
-- told when confirming a withdrawal, set by the operator beside the other withdrawal settings
-- (Payouts → Settings). The default matches what the help pages have said.
alter table withdrawal_settings
  add column payout_business_days integer not null default 2 check (payout_business_days between 1 and 30);
