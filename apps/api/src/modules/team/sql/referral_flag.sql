-- Records a signal (once per member, kind and upline) and opens the member's hold. Returns whether
-- the signal was new.
--
-- A referral hold's states and who moves them (docs/decisions/0014):
--   (none) → open       referral_flag, on the member's first signal;
--   released → open     referral_flag, on a new signal after a release;
--   open → released     referral_hold_decide (an operator), review commissions back to pending;
--   open → voided       referral_hold_decide (an operator), review commissions reversed; final.
-- While a hold is open, no commission of its member is pending: opening it puts the member's
-- pending commissions (from purchases before the hold, not yet released) on review with the ones
-- written from now on (commissions_hold_review), so the operator's decision decides them all.
-- Released commissions (available) stay paid; only a refund takes those back.
--
-- Locks: the member's hold lock exclusively (plan_purchase takes it shared, referral_hold_decide
-- exclusively): a purchase in flight finishes first and its commissions are swept here; one that
-- starts after this call waits and then sees the open hold. Then the hold row, then the member's
-- pending commissions in ascending id (the release job claims pending rows with SKIP LOCKED, and a
-- row it released first is no longer pending here).
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
  perform pg_advisory_xact_lock(727274502, hashtext(p_member::text));
  insert into referral_holds as h (member_id, status, opened_at) values (p_member, 'open', p_at)
    on conflict (member_id) do update set status = 'open', opened_at = excluded.opened_at,
      decided_at = null, decided_by = null, reason = null
     where h.status = 'released';
  if found then
    perform 1 from commissions c
     where c.status = 'pending' and c.purchase_id in (select p.id from purchases p where p.user_id = p_member)
     order by c.id
       for update of c;
    update commissions c set status = 'review'
     where c.status = 'pending' and c.purchase_id in (select p.id from purchases p where p.user_id = p_member);
  end if;
  return true;
end;
$$;
