-- A commission from a member under an open hold is written "on review" instead of pending. Its
-- amount sits in the upline's commission-pending account all the same; the release job, which
-- takes pending rows only, passes it over; only referral_hold_decide moves it on (released:
-- back to pending; voided: reversed). The hold it reads cannot change under it: plan_purchase, the
-- only writer of commissions, holds the buyer's hold lock (shared) until it commits, and
-- referral_flag and referral_hold_decide take that lock exclusively.
--
-- Fired by the trigger on commissions below.
create or replace function commissions_hold_review() returns trigger language plpgsql as $$
begin
  if new.status = 'pending' and exists (
    select 1 from purchases p join referral_holds h on h.member_id = p.user_id and h.status = 'open'
     where p.id = new.purchase_id
  ) then
    new.status := 'review';
  end if;
  return new;
end;
$$;
create or replace trigger commissions_hold_review before insert on commissions for each row execute function commissions_hold_review();
