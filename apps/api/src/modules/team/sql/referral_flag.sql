-- Records a signal (once per member, kind and upline) and opens the member's hold.
--
-- Called by modules/team/repository.ts (the signals seen at registration, sign-in and bank-account changes).
create or replace function referral_flag(p_member uuid, p_kind text, p_related uuid, p_detail jsonb, p_at timestamptz)
returns boolean
language plpgsql as $$
begin
  insert into referral_signals (member_id, kind, related_id, detail, created_at)
    values (p_member, p_kind, p_related, coalesce(p_detail, '{}'), p_at)
    on conflict do nothing;
  if not found then
    return false;
  end if;
  insert into referral_holds as h (member_id, status, opened_at) values (p_member, 'open', p_at)
    on conflict (member_id) do update set status = 'open', opened_at = excluded.opened_at,
      decided_at = null, decided_by = null, reason = null
     where h.status = 'released';
  return true;
end;
$$;
