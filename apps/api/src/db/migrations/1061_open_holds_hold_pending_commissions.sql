-- While a referral hold is open, no commission of its member is pending: referral_flag now puts
-- the member's pending commissions on review when it opens the hold (modules/team/sql/referral_flag.sql),
-- so the operator's decision decides all of them. Commissions left pending under holds opened
-- before this rule go on review now (the team rollups follow through their trigger). Any still
-- pending under a hold voided before it are named by the integrity report (ledger:verify) for an
-- operator to look at.
update commissions c set status = 'review'
  from purchases p, referral_holds h
 where p.id = c.purchase_id and h.member_id = p.user_id and h.status = 'open' and c.status = 'pending';
