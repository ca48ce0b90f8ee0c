#!/usr/bin/env bash
# Ensures a throwaway PostgreSQL server is running for the tests and prints its connection URL.
#
#   scripts/test-postgres.sh          start it if needed, print the URL on stdout
#   scripts/test-postgres.sh stop     stop it (the data directory is kept for the next start)
#
# For local tests only: it listens on 127.0.0.1 and trusts every local connection.
# Uses Debian's postgresql binaries (/usr/lib/postgresql/<version>/bin, the newest version found).
# Postgres refuses to run as root, so as root initdb and pg_ctl run as the `postgres` OS user.
# Everything but the URL goes to stderr, so `export TEST_DATABASE_URL=$(scripts/test-postgres.sh)` works.
set -euo pipefail

DATA_DIR="${TEST_PG_DATA_DIR:-/tmp/garage-test-pg}"
PORT="${TEST_PG_PORT:-54329}"
HOST=127.0.0.1
URL="postgres://postgres@${HOST}:${PORT}/postgres"

log() { echo "test-postgres: $*" >&2; }

find_bin_dir() {
  if [[ -n "${PG_BIN_DIR:-}" ]]; then
    echo "$PG_BIN_DIR"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -z "$dir" || ! -x "$dir/pg_ctl" ]]; then
    log "no PostgreSQL binaries in /usr/lib/postgresql/*/bin (install Debian's postgresql package)"
    exit 1
  fi
  echo "$dir"
}

BIN_DIR=$(find_bin_dir)

# Runs a PostgreSQL binary as the `postgres` OS user when we are root.
as_pg() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

is_running() {
  [[ -f "$DATA_DIR/PG_VERSION" ]] && as_pg "$BIN_DIR/pg_ctl" -D "$DATA_DIR" status >/dev/null 2>&1
}

wait_ready() {
  for _ in $(seq 1 60); do
    if "$BIN_DIR/pg_isready" -q -h "$HOST" -p "$PORT" -U postgres; then
      return 0
    fi
    sleep 0.5
  done
  log "the server did not accept connections on ${HOST}:${PORT} within 30 s (see $DATA_DIR/server.log)"
  exit 1
}

start() {
  if is_running; then
    wait_ready
    echo "$URL"
    return
  fi
  # A cluster left by another major version cannot start: it is throwaway, so make a new one.
  local major
  major=$("$BIN_DIR/postgres" --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')
  if [[ -f "$DATA_DIR/PG_VERSION" && "$(cat "$DATA_DIR/PG_VERSION")" != "$major" ]]; then
    log "replacing the PostgreSQL $(cat "$DATA_DIR/PG_VERSION") cluster in $DATA_DIR with a $major one"
    rm -rf "$DATA_DIR"
  fi
  if [[ ! -f "$DATA_DIR/PG_VERSION" ]]; then
    log "creating a cluster in $DATA_DIR"
    mkdir -p "$DATA_DIR"
    if [[ $(id -u) -eq 0 ]]; then
      chown postgres: "$DATA_DIR"
    fi
    chmod 0700 "$DATA_DIR"
    as_pg "$BIN_DIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >&2
  fi
  log "starting PostgreSQL on ${HOST}:${PORT}"
  # The socket directory is the data directory, so nothing is needed in /var/run/postgresql.
  as_pg "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -l "$DATA_DIR/server.log" -w -t 30 \
    -o "-c listen_addresses=${HOST} -p ${PORT} -k ${DATA_DIR} -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >&2
  wait_ready
  echo "$URL"
}

stop() {
  if is_running; then
    as_pg "$BIN_DIR/pg_ctl" -D "$DATA_DIR" -m fast -w stop >&2
  else
    log "not running"
  fi
}

case "${1:-start}" in
  start) start ;;
  stop) stop ;;
  url) echo "$URL" ;;
  *)
    log "usage: $0 [start|stop|url]"
    exit 2
    ;;
esac
