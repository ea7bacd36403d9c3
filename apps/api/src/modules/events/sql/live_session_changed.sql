-- Each instance may answer reads from a copy of a session for up to READ_CACHE_MS
-- (docs/decisions/0018). Whatever ends a session or changes who its member is — signing out,
-- revocation, freezing, a new role, a new password — is announced on `orchard_events` as kind
-- `session`, so every instance drops its copies for that member at once (the streams ignore it).
--
-- Fired by the triggers on sessions and users below.
create or replace function live_session_changed() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'sessions' then
    if new.revoked_at is distinct from old.revoked_at then
      perform live_notify(new.user_id, 'session');
    end if;
  elsif new.status is distinct from old.status or new.role is distinct from old.role or new.password_hash is distinct from old.password_hash then
    perform live_notify(new.id, 'session');
  end if;
  return null;
end;
$$;
create or replace trigger live_session_revoked after update of revoked_at on sessions
  for each row execute function live_session_changed();
create or replace trigger live_member_changed after update of status, role, password_hash on users
  for each row execute function live_session_changed();
