-- A withdrawal's status changes only along withdrawal_transitions (migration 1070; drawn in
-- apps/api/src/ledger/README.md): a new withdrawal starts 'pending', and any other change of
-- status than the table lists is refused, whoever writes it (a function, a script, a hand in psql).
-- The functions below check the state first under the row lock and answer a clear 4xx; this
-- is the backstop that holds when one of them (or anything else) gets it wrong.
--
-- Fired by the trigger on withdrawals below.
create or replace function withdrawal_transition_check() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' then
      raise exception 'a withdrawal starts pending, not %', new.status using errcode = '23514';
    end if;
  elsif new.status is distinct from old.status
        and not exists (select 1 from withdrawal_transitions t where t.from_status = old.status and t.to_status = new.status) then
    raise exception 'a withdrawal does not go from % to %', old.status, new.status using errcode = '23514';
  end if;
  return new;
end;
$$;

create or replace trigger withdrawal_transition_check before insert or update of status on withdrawals
  for each row execute function withdrawal_transition_check();
