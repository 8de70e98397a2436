#!/usr/bin/env bash
# Runs the server tests against a private, throw-away PostgreSQL (Debian's postgresql 15 by default).
#   bash server/test/with-postgres.sh            # = npx jest --selectProjects server
#   bash server/test/with-postgres.sh -- auth    # extra jest arguments after --
# PGBIN overrides the binaries' folder, PGPORT the port (54329). initdb refuses root: as root the
# cluster is made and run as the postgres user.
set -euo pipefail
PGBIN="${PGBIN:-/usr/lib/postgresql/15/bin}"
PGPORT="${PGPORT:-54329}"
ROOT="$(mktemp -d /tmp/esop-pg-XXXXXX)"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$ROOT"
cleanup() { as_pg "'$PGBIN/pg_ctl' -D '$ROOT/data' -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$ROOT"; }
trap cleanup EXIT
as_pg "'$PGBIN/initdb' -D '$ROOT/data' --auth=trust --username=postgres --encoding=UTF8 --locale=C.UTF-8" >"$ROOT/initdb.log"
as_pg "'$PGBIN/pg_ctl' -D '$ROOT/data' -l '$ROOT/server.log' -w -o \"-k '$ROOT' -p $PGPORT -c listen_addresses=127.0.0.1\" start" >/dev/null
[ "${1:-}" = "--" ] && shift
DATABASE_URL="postgresql://postgres@127.0.0.1:$PGPORT/postgres" npx jest --selectProjects server "$@"
