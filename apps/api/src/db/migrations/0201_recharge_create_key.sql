-- Business-level idempotency for creating a recharge order (0200 promised it, never added it):
-- the member's Idempotency-Key is kept on the order, so a create retried with the same key returns
-- this order even after the HTTP idempotency record (24 h) has expired.
alter table recharge_orders add column create_key text check (length(create_key) between 1 and 200);
alter table recharge_orders add constraint recharge_orders_user_create_key_unique unique (user_id, create_key);

-- A gateway payment that arrived for an order already credited (a second, different payment):
-- the order stays credited and waits in the review list until an operator resolves it.
alter table recharge_orders add column flagged_at timestamptz;
create index recharge_orders_flagged_idx on recharge_orders (flagged_at) where flagged_at is not null;
