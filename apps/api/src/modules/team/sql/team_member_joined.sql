-- A new member counts once in each of their (up to three) uplines' level totals (team_level_totals.members).
--
-- Fired by the trigger on users below.
create or replace function team_member_joined() returns trigger language plpgsql as $$
begin
  insert into team_level_totals as t (user_id, level, members)
    select a.id, a.level, 1
      from (values (1, new.referrer_id), (2, new.ancestor_2), (3, new.ancestor_3)) as a(level, id)
     where a.id is not null
     order by a.level
  on conflict (user_id, level) do update set members = t.members + 1;
  return null;
end;
$$;
create or replace trigger team_member_joined after insert on users for each row execute function team_member_joined();
