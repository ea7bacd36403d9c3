#!/usr/bin/env bash
# A real PostgreSQL primary and hot standby on this machine, for the read replica's suite
# (apps/api/test/read-replica.test.ts, docs/decisions/0040). Two throwaway clusters under
# $REPLICA_DIR: the primary (wal_level=replica, a replication line in pg_hba.conf) and a standby
# made from it by pg_basebackup -R, streaming from it. Fast and unsafe on purpose (fsync off):
# tests only. Every command is idempotent; `start` removes what an earlier run left behind and
# cleans up after itself when a step fails. Run as root (CI), the clusters belong to `postgres`.
#
#   scripts/replica/standby.sh start           both clusters, the standby streaming; prints the two URLs
#   scripts/replica/standby.sh stop            both stopped and removed
#   scripts/replica/standby.sh standby-stop    the standby stopped (fast), its data kept
#   scripts/replica/standby.sh standby-start   the standby started again, streaming
#   scripts/replica/standby.sh bin             the PostgreSQL binaries' folder, or exit 1 when there is none
#
# Environment: REPLICA_PRIMARY_PORT (5442), REPLICA_STANDBY_PORT (5443), REPLICA_DIR
# (/tmp/orchard-replica-<primary port>), PG_BIN (found from pg_config or /usr/lib/postgresql/*/bin).
set -Eeuo pipefail

PRIMARY_PORT="${REPLICA_PRIMARY_PORT:-5442}"
STANDBY_PORT="${REPLICA_STANDBY_PORT:-5443}"
DIR="${REPLICA_DIR:-/tmp/orchard-replica-$PRIMARY_PORT}"

find_bin() {
  if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then echo "$PG_BIN"; return 0; fi
  if command -v pg_config >/dev/null 2>&1; then
    local bin; bin="$(pg_config --bindir)"
    if [ -x "$bin/initdb" ] && [ -x "$bin/pg_basebackup" ]; then echo "$bin"; return 0; fi
  fi
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -n "$found" ] && [ -x "$found/initdb" ] && [ -x "$found/pg_basebackup" ]; then echo "$found"; return 0; fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_basebackup >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

# PostgreSQL refuses to run as root: as root, every server command runs as `postgres`.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop_cluster() {
  local data="$1"
  if [ -f "$data/postmaster.pid" ]; then as_owner "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true; fi
}

cleanup() {
  stop_cluster "$DIR/standby"
  stop_cluster "$DIR/primary"
  rm -rf "$DIR"
}

wait_streaming() {
  for _ in $(seq 1 100); do
    local count
    count="$(as_owner "$BIN/psql" -h "$DIR" -p "$PRIMARY_PORT" -U postgres -d postgres -qAt -c "select count(*) from pg_stat_replication where state = 'streaming'" 2>/dev/null || echo 0)"
    if [ "$count" -ge 1 ]; then return 0; fi
    sleep 0.1
  done
  echo "the standby did not start streaming; see $DIR/*.log" >&2
  return 1
}

start_standby() {
  as_owner "$BIN/pg_ctl" -D "$DIR/standby" -l "$DIR/standby.log" -w -t 30 start >/dev/null
  wait_streaming
}

start() {
  cleanup
  mkdir -p "$DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
  trap 'echo "replica clusters failed to start; cleaning up" >&2; cat "$DIR"/*.log >&2 2>/dev/null || true; cleanup' ERR
  as_owner "$BIN/initdb" -D "$DIR/primary" -U postgres --auth=trust --no-sync -E UTF8 --locale=C >/dev/null
  cat >>"$DIR/primary/postgresql.conf" <<CONF
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$DIR'
wal_level = replica
max_wal_senders = 4
fsync = off
full_page_writes = off
shared_buffers = 16MB
max_connections = 60
CONF
  echo "host replication postgres 127.0.0.1/32 trust" >>"$DIR/primary/pg_hba.conf"
  as_owner "$BIN/pg_ctl" -D "$DIR/primary" -l "$DIR/primary.log" -w -t 30 start >/dev/null
  as_owner "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/standby" -R -X stream -c fast
  printf 'port = %s\nhot_standby = on\n' "$STANDBY_PORT" >>"$DIR/standby/postgresql.conf"
  start_standby
  trap - ERR
  echo "primary=postgres://postgres@127.0.0.1:$PRIMARY_PORT"
  echo "standby=postgres://postgres@127.0.0.1:$STANDBY_PORT"
}

BIN="$(find_bin)" || { echo "no PostgreSQL binaries (initdb, pg_basebackup) on this machine" >&2; exit 1; }

case "${1:-}" in
  start) start ;;
  stop) cleanup ;;
  standby-stop) stop_cluster "$DIR/standby" ;;
  standby-start) start_standby ;;
  bin) echo "$BIN" ;;
  *) echo "usage: $0 start | stop | standby-stop | standby-start | bin" >&2; exit 2 ;;
esac
