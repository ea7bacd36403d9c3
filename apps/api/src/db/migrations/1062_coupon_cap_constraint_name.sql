-- The coupon's "uses within the total cap" CHECK had the name PostgreSQL gave it (coupons_check2,
-- from its place among the unnamed checks of 0500). Named for what it guards, so the server can
-- turn it into the 400 on `totalCap` it stands for (modules/plans/coupons.ts) should an edit ever
-- reach it.
alter table coupons rename constraint coupons_check2 to coupons_redeemed_within_total_cap;
