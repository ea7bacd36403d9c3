-- One inbox row for a member, once per (member, kind, source row): written by the event source's
-- trigger, so in the very transaction that moved the money (docs/decisions/0034). A second call
-- for the same source (a retried or replayed action) adds nothing. `email_due` is set when the
-- member has an email address and has not turned that kind's email off; the mailer job sends it.
-- The member's open streams hear `inbox` when the transaction commits (live_notify).
--
-- Called by the notify_*_changed trigger functions of this module, and by modules/support for a
-- support reply (with `p_at`, the app clock's time of the reply; the triggers leave it to ledger_now()).
drop function if exists notification_add(uuid, text, text, bigint, text, text);
create or replace function notification_add(
  p_user uuid, p_kind text, p_ref text, p_amount bigint, p_currency text, p_detail text, p_at timestamptz default null
) returns void language plpgsql as $$
declare
  v_email boolean;
begin
  if p_user is null then
    return;
  end if;
  select u.email is not null and u.role = 'member' and not coalesce(p_kind = any(p.email_off), false)
    into v_email
    from users u left join notification_preferences p on p.user_id = u.id
   where u.id = p_user;
  insert into notifications (user_id, kind, ref, amount, currency, detail, created_at, email_due)
    values (p_user, p_kind, p_ref, abs(p_amount), p_currency, left(p_detail, 280), coalesce(p_at, ledger_now()), coalesce(v_email, false))
    on conflict (user_id, kind, ref) do nothing;
  if found then
    perform live_notify(p_user, 'inbox');
  end if;
end;
$$;
