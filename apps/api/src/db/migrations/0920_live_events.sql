-- Live updates (issue 14): the database announces what changed on the channel `orchard_events`
-- (LISTEN/NOTIFY), so every app instance can tell its open streams (GET /api/v1/events) at once,
-- whichever instance made the change. A notification is sent when its transaction commits, never
-- for one that rolls back; identical ones in one transaction arrive once. Payloads name who is
-- concerned and what kind of thing changed, never amounts or personal data.

create function live_notify(p_user uuid, p_kind text) returns void language sql as $$
  select pg_notify('orchard_events', json_build_object('user', p_user, 'kind', p_kind)::text);
$$;

-- A member's balance moved (any ledger posting on one of their accounts).
create function live_balance_changed() returns trigger language plpgsql as $$
begin
  if new.owner_id is not null and new.balance is distinct from old.balance then
    perform live_notify(new.owner_id, 'balance');
  end if;
  return null;
end;
$$;
create trigger live_balance_changed after update of balance on ledger_accounts
  for each row execute function live_balance_changed();

-- A recharge order or a withdrawal changed state: its member, and the console's queues.
create function live_order_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notify(new.user_id, case tg_table_name when 'recharge_orders' then 'order' else 'withdrawal' end);
    perform live_notify(null, 'queues');
  end if;
  return null;
end;
$$;
create trigger live_order_changed after insert or update of status on recharge_orders
  for each row execute function live_order_changed();
create trigger live_withdrawal_changed after insert or update of status on withdrawals
  for each row execute function live_order_changed();

-- A referral review opened or was decided: the console's queues.
create function live_hold_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' or new.status is distinct from old.status then
    perform live_notify(null, 'queues');
  end if;
  return null;
end;
$$;
create trigger live_hold_changed after insert or update of status on referral_holds
  for each row execute function live_hold_changed();
