#!/bin/bash
# Runs a command beside a PostgreSQL server of its own: a new cluster (initdb) in a temporary
# folder, run by an unprivileged user, on a free loopback port with its socket in that folder,
# torn down when the command ends however it ends (failure, signal, or this script killed).
#
#   with_postgres.sh [--durable] COMMAND [ARG...]
#
# The command sees:
#   LB_TEST_PG_URI   postgresql:// address of the database "lb" (superuser "lb", no password)
#   LB_TEST_PG_HOST  the socket folder (also the temporary folder: mount points go under it)
#   LB_TEST_PG_PORT  the port
#   LB_TEST_PG_CTL   a command: `stop` (fast shutdown) or `start` the server again
#   LB_TEST_PG_USER  the system user the server runs as (tablespace folders must be its own)
# Without --durable the server skips fsync (the tests kill clients, never the machine);
# with it every commit is flushed, as in production (the benchmarks).
set -euo pipefail

durable=0
if [ "${1-}" = --durable ]; then durable=1; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--durable] COMMAND [ARG...]" >&2; exit 2; }

bindir=$(pg_config --bindir 2>/dev/null || true)
if [ ! -x "$bindir/initdb" ]; then
  bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
fi
[ -x "$bindir/initdb" ] || { echo "$0: no PostgreSQL server (initdb) found; install postgresql" >&2; exit 1; }

# initdb refuses root: as root the server runs as the Debian package's user, or nobody
runas=
if [ "$(id -u)" = 0 ]; then
  user=nobody
  id -u postgres >/dev/null 2>&1 && user=postgres
  runas="runuser -u $user --"
else
  user=$(id -un)
fi
as_user() { $runas "$@"; }

dir=$(mktemp -d /tmp/lb-pg-XXXXXX)
chmod 755 "$dir"
chown "$user" "$dir"
data=$dir/data

teardown() {
  as_user "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true
  # a test's tmpfs under the folder (full disk, read-only file system)
  awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r | while read -r m; do
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done
  rm -rf "$dir"
}

# A watchdog that tears down after this script however it ends, even by kill -9.
( trap '' INT TERM HUP
  while kill -0 $$ 2>/dev/null; do sleep 1; done
  teardown ) </dev/null >/dev/null 2>&1 &
watchdog=$!
trap 'kill -9 $watchdog 2>/dev/null || true; teardown' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
trap 'exit 129' HUP

as_user "$bindir/initdb" -D "$data" -U lb -A trust --no-sync -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }

fsync=off
[ $durable = 1 ] && fsync=on
started=0
for _ in 1 2 3 4 5 6 7 8; do
  port=$((20000 + RANDOM % 40000))
  # taken when something answers there
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
  opts="-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=40"
  cat >"$dir/ctl" <<EOF
#!/bin/bash
# stop | start: the test server at $dir
case "\${1-}" in
  stop)  exec $runas "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null ;;
  start) exec $runas "$bindir/pg_ctl" -D "$data" -l "$dir/server.log" -w -o "$opts" start >/dev/null ;;
  *) echo "usage: \$0 stop|start" >&2; exit 2 ;;
esac
EOF
  chmod 755 "$dir/ctl"
  if "$dir/ctl" start; then started=1; break; fi
done
[ $started = 1 ] || { echo "$0: the PostgreSQL server did not start:" >&2; tail -20 "$dir/server.log" >&2; exit 1; }

"$bindir/psql" -q -X -v ON_ERROR_STOP=1 "postgresql://lb@/postgres?host=$dir&port=$port" \
  -c "CREATE DATABASE lb" >/dev/null

export LB_TEST_PG_URI="postgresql://lb@/lb?host=$dir&port=$port"
export LB_TEST_PG_HOST=$dir LB_TEST_PG_PORT=$port LB_TEST_PG_CTL=$dir/ctl LB_TEST_PG_USER=$user
rc=0
"$@" || rc=$?
if [ $rc != 0 ] && [ -s "$dir/server.log" ]; then
  echo "--- the PostgreSQL server's log (last lines) ---" >&2
  tail -15 "$dir/server.log" >&2
fi
exit $rc
