-- A new member carries their level-2 and level-3 uplines beside referrer_id (level 1), copied
-- from their referrer's row; the chain never changes after registration.
--
-- Fired by the trigger on users below.
create or replace function users_chain_set() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    new.ancestor_2 := null;
    new.ancestor_3 := null;
    if new.referrer_id is not null then
      select u.referrer_id, u.ancestor_2 into new.ancestor_2, new.ancestor_3 from users u where u.id = new.referrer_id;
    end if;
  elsif new.referrer_id is distinct from old.referrer_id or new.ancestor_2 is distinct from old.ancestor_2
        or new.ancestor_3 is distinct from old.ancestor_3 then
    raise exception 'the referral chain never changes after registration' using errcode = 'check_violation';
  end if;
  return new;
end;
$$;
create or replace trigger users_chain_set before insert or update on users for each row execute function users_chain_set();
