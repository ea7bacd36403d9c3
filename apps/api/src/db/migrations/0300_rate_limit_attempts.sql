-- Attempts that only failures count against (passwords, codes): `pending` holds the attempts of a
-- window still being judged, so a parallel burst cannot be judged more than the limit allows while
-- attempts that succeed never spend it (issue 9, defect 9).
alter table rate_limit_counters add column pending integer not null default 0 check (pending >= 0);
