-- Maintenance mode (issue 30): an operator's switch that stops every money movement for an
-- upgrade while reads go on (plugins/maintenance.ts). One row; the deploy's MAINTENANCE_MODE key
-- turns it on too, whatever the row says.
create table maintenance_mode (
  id boolean primary key default true check (id),
  enabled boolean not null default false,
  message text check (message is null or length(message) between 1 and 300),
  changed_by uuid references users (id),
  changed_at timestamptz
);
insert into maintenance_mode (id) values (true);
