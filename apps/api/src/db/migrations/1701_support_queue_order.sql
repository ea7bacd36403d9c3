-- The console's support queue reads by when a ticket last changed (modules/support/repository.ts:
-- waiting tickets longest-waiting first, the other views latest first).
drop index support_tickets_queue_idx;
create index support_tickets_queue_idx on support_tickets (status, updated_at, id);
create index support_tickets_updated_idx on support_tickets (updated_at, id);
