-- Live updates (issue 14): the database announces what changed on the channel `orchard_events`
-- (LISTEN/NOTIFY), so every app instance can tell its open streams (GET /api/v1/events) at once,
-- whichever instance made the change. A notification is sent when its transaction commits, never
-- for one that rolls back; identical ones in one transaction arrive once. Payloads name who is
-- concerned and what kind of thing changed, never amounts or personal data.
--
-- Called by the live_*_changed trigger functions (modules/events/hub.ts listens).
create or replace function live_notify(p_user uuid, p_kind text) returns void language sql as $$
  select pg_notify('orchard_events', json_build_object('user', p_user, 'kind', p_kind)::text);
$$;
