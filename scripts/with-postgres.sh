#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: a temporary cluster on a free
# loopback port, with PORTFOLIO_TEST_DATABASE_URL pointing at it; the cluster is
# stopped and deleted afterwards, whatever the command did. Installs Debian's
# postgresql package when no server binaries are found.
#
#   scripts/with-postgres.sh go test -race work
set -euo pipefail

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

bin=$(pg_bin)
if [ -z "$bin" ]; then
	echo "with-postgres: installing PostgreSQL (Debian's postgresql package)" >&2
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
	bin=$(pg_bin)
fi

dir=$(mktemp -d /tmp/portfolio-pg.XXXXXX)
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user
# the package created.
as_owner=()
if [ "$(id -u)" = 0 ]; then
	chown postgres: "$dir"
	as_owner=(runuser -u postgres --)
fi
stop() {
	"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
	rm -rf "$dir"
}
trap stop EXIT

# Durability is pointless for a database that is deleted in a minute; these settings
# make the suites' many small transactions fast.
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U portfolio -A trust -E UTF8 --locale=C --no-sync >/dev/null
for attempt in 1 2 3 4 5; do
	port=$((20000 + RANDOM % 20000))
	if "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
		-o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null; then
		break
	fi
	if [ "$attempt" = 5 ]; then
		echo "with-postgres: PostgreSQL did not start:" >&2
		cat "$dir/server.log" >&2
		exit 1
	fi
done
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

export PORTFOLIO_TEST_DATABASE_URL="postgres://portfolio@127.0.0.1:$port/postgres?sslmode=disable"
"$@"
