-- A money object's status changes only along state_transitions (migration 1110; drawn in
-- apps/api/src/ledger/README.md): a new row starts in a state listed with no `from_state`, and any
-- other change of status than the table lists is refused, whoever writes it (a function, a script,
-- a hand in psql). The services and money functions check the state first under the row lock and
-- answer a clear 4xx; this is the backstop that holds when one of them (or anything else) gets it
-- wrong. An update that leaves the status as it is passes (it changes other columns).
--
-- One function for every object: the trigger names the object (TG_ARGV[0]); the table's column is
-- `status`. The refusal is SQLSTATE 23514 with the constraint name `state_transitions`, so a
-- caller (and the states test) tells it from a table's own CHECKs.
--
-- Bound below to recharge_orders, purchases, commissions, referral_holds, withdrawals and
-- approval_requests (migration 1600). On
-- commissions it fires after commissions_hold_review (triggers of one kind fire in name order), so
-- it sees the state a new commission is written in.
create or replace function state_transition_check() returns trigger language plpgsql as $$
declare
  v_object text := tg_argv[0];
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from state_transitions t
                    where t.object = v_object and t.from_state is null and t.to_state = new.status) then
      raise exception 'a new % does not start %', replace(v_object, '_', ' '), new.status
        using errcode = '23514', constraint = 'state_transitions';
    end if;
  elsif new.status is distinct from old.status
        and not exists (select 1 from state_transitions t
                         where t.object = v_object and t.from_state = old.status and t.to_state = new.status) then
    raise exception 'a % does not go from % to %', replace(v_object, '_', ' '), old.status, new.status
      using errcode = '23514', constraint = 'state_transitions';
  end if;
  return new;
end;
$$;

create or replace trigger recharge_orders_state_check before insert or update of status on recharge_orders
  for each row execute function state_transition_check('recharge_order');
create or replace trigger purchases_state_check before insert or update of status on purchases
  for each row execute function state_transition_check('purchase');
create or replace trigger commissions_state_check before insert or update of status on commissions
  for each row execute function state_transition_check('commission');
create or replace trigger referral_holds_state_check before insert or update of status on referral_holds
  for each row execute function state_transition_check('referral_hold');
create or replace trigger withdrawals_state_check before insert or update of status on withdrawals
  for each row execute function state_transition_check('withdrawal');
create or replace trigger approval_requests_state_check before insert or update of status on approval_requests
  for each row execute function state_transition_check('approval_request');
