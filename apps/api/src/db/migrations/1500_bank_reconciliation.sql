-- Bank reconciliation (modules/reconciliation, README.md there: the states and who moves them).
--
-- A statement the operator imports (CSV or ISO 20022 camt.053) is a record of its own; each of its
-- lines is stored once per bank: `identity` is the bank's reference for the line (AcctSvcrRef, else
-- the EndToEndId) or, when the bank gives none, a hash of the line's fields and its rank among the
-- identical lines of its file. The same or an overlapping file again meets the unique constraint
-- and adds nothing (insert … on conflict do nothing), on two instances at once as well.
create table bank_statements (
  id uuid primary key default gen_random_uuid(),
  bank_name text not null check (length(bank_name) between 1 and 80),
  format text not null check (format in ('csv', 'camt053')),
  file_name text not null check (length(file_name) between 1 and 200),
  currency char(3) not null,
  -- The balance the bank states at the end of the statement (camt.053 CLBD; a CSV's last balance), when given.
  closing_balance bigint,
  closing_on date,
  lines_total integer not null check (lines_total >= 0),
  lines_new integer not null default 0 check (lines_new >= 0),
  imported_by uuid not null references users (id),
  imported_at timestamptz not null,
  -- The order of imports, even within one instant: a later statement's balance is the bank's latest word.
  seq bigint generated always as identity unique
);

create table bank_lines (
  id uuid primary key default gen_random_uuid(),
  bank_name text not null,
  identity text not null check (length(identity) between 1 and 200),
  statement_id uuid not null references bank_statements (id),
  booked_on date not null,
  -- Signed minor units: positive came in, negative went out.
  amount bigint not null check (amount <> 0),
  currency char(3) not null,
  -- The remittance text and the counterparty's name, as the bank wrote them (any script).
  details text not null default '' check (length(details) <= 500),
  counterparty text not null default '' check (length(counterparty) <= 200),
  -- The bank marked it as a reversal (camt.053 RvslInd) or a return of an earlier payment.
  reversal boolean not null default false,
  -- The bank's balance after this line, when the file says it (a CSV's balance column).
  balance_after bigint,
  status text not null check (status in ('matched', 'queued', 'resolved')),
  -- Why it waits for an operator (queued) or why it was matched.
  reason text not null check (reason in ('exact', 'payout', 'partial', 'over_payment', 'late', 'unknown_reference',
                                         'amount_mismatch', 'already_credited', 'order_closed', 'payout_returned',
                                         'unknown_payout', 'payout_mismatch', 'not_applied')),
  resolution text check (resolution in ('linked', 'credited', 'refunded', 'ignored')),
  resolution_note text check (length(resolution_note) <= 500),
  recharge_order_id uuid references recharge_orders (id),
  withdrawal_id uuid references withdrawals (id),
  -- What the matcher offers the operator: [{ kind, id, reference, amount, why }].
  suggestions jsonb not null default '[]'::jsonb,
  created_at timestamptz not null,
  resolved_by uuid references users (id),
  resolved_at timestamptz,
  constraint bank_lines_identity_unique unique (bank_name, identity),
  check ((status = 'resolved') = (resolution is not null)),
  check (status <> 'resolved' or (resolved_by is not null and resolved_at is not null and resolution_note is not null))
);
create index bank_lines_day_idx on bank_lines (booked_on, id);
create index bank_lines_queue_idx on bank_lines (created_at, id) where status = 'queued';
-- One bank line credits a recharge order at most once, and an order is credited by at most one line.
create unique index bank_lines_order_credit_unique on bank_lines (recharge_order_id)
  where recharge_order_id is not null and (reason = 'exact' or resolution = 'credited');

-- The columns of each bank's CSV statements, remembered by bank name for the next import.
create table bank_csv_mappings (
  bank_name text primary key check (length(bank_name) between 1 and 80),
  mapping jsonb not null,
  updated_by uuid not null references users (id),
  updated_at timestamptz not null
);
