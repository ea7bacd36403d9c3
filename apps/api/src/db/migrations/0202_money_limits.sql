-- Money limits (issue 9): a balance could grow past 2^53 by repeated credits, and then every
-- answer that carried it as a JSON number failed. These are the hard ceilings; the server's
-- settings AMOUNT_MAX_MINOR and BALANCE_MAX_MINOR default to the same numbers and may only lower
-- them (packages/shared/src/money.ts: AMOUNT_MAX_MINOR_CEILING, BALANCE_MAX_MINOR_CEILING; a test
-- keeps the three in step). Both stay far enough below 2^53 (9007199254740992) that a balance plus
-- one movement is still exact in JavaScript. Sums over many accounts may pass 2^53 and are read
-- as text (ledger/integrity-report.ts).

-- A member balance holds at most 10^15 minor units. Checked on existing rows: a database where a
-- balance is already above it stops here; bring it down with a debit adjustment written by hand
-- (a ledger transaction, see ledger/README.md) and start again.
alter table ledger_accounts add constraint ledger_accounts_member_balance_max
  check (balance is null or balance <= 1000000000000000);

-- One entry moves at most 10^12 minor units, and a running balance stays within the balance
-- ceiling. Entries are immutable history, so existing rows cannot be corrected: NOT VALID checks
-- every new row and leaves old ones as they are (ledger:verify still reports their sums exactly).
alter table ledger_entries add constraint ledger_entries_amount_max
  check (amount between -1000000000000 and 1000000000000) not valid;
alter table ledger_entries add constraint ledger_entries_balance_after_max
  check (balance_after is null or balance_after <= 1000000000000000) not valid;

-- Recharge amounts are movements too: an order or a channel limit above the ceiling could never be credited.
alter table recharge_orders add constraint recharge_orders_amount_max
  check (amount <= 1000000000000) not valid;
alter table payment_channels add constraint payment_channels_amount_max
  check (max_amount <= 1000000000000) not valid;
