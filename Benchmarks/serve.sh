#!/usr/bin/env bash
# `venues serve` under load (release build), with wrk, as DURATION seconds with CONNECTIONS
# connections against:
#
#   1. a cached GET /v1/nearby (50 OpenStreetMap venues, from a fake Overpass on loopback
#      that is asked once: every later request is a cache hit), and
#   2. GET /v1/favorites (10 favourites),
#
# with the SQLite store (a file in a temporary folder) and, when PostgreSQL can be started
# (scripts/postgres-test-server), with the PostgreSQL store, then with two server processes on
# that one PostgreSQL (store `postgres×2`: wrk split between them, half the connections each,
# one thread each; requests/s summed, p50 and p99 the worse of the two, peak RSS the larger).
# The cache is filled and the favourites written through the first; the second reads them
# from PostgreSQL. Printed per run: requests/s, p50
# and p99 latency, errors (non-2xx answers and socket errors; must be 0), the server's peak
# RSS during the run, and the load average before and after (the machine is shared: read
# the figures with it).
#
#   Benchmarks/serve.sh
#   DURATION=10 CONNECTIONS=32 Benchmarks/serve.sh
#   WARMUP=5 Benchmarks/serve.sh                   # seconds of unmeasured load before each run (2)
#   VENUES=/path/to/venues Benchmarks/serve.sh     # another build (no build step; venues-server beside it)
#   STORES=sqlite Benchmarks/serve.sh              # only SQLite
#   STORES=postgres-pair Benchmarks/serve.sh       # only the two processes on one PostgreSQL
#   KEEP_WORK=1 Benchmarks/serve.sh                # keep the wrk outputs and server logs
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
duration="${DURATION:-30}"
warmup="${WARMUP:-2}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"
stores="${STORES:-sqlite postgres postgres-pair}"

# shellcheck source=lib/wrk.sh
. "$here/lib/wrk.sh"
ensure_wrk
if [ -z "${VENUES:-}" ]; then
    # `venues serve` runs the venues-server program beside venues: build both.
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues >&2)
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues-server >&2)
    VENUES="$root/.build/release/venues"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/venues-serve-bench.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    if [ -n "${KEEP_WORK:-}" ]; then echo "serve.sh: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

overpass_port="$(free_port)"
python3 "$here/serve-fake-overpass.py" "$overpass_port" 50 &
pids+=($!)

export HOME="$work/home" XDG_CONFIG_HOME="$work/home/config" XDG_DATA_HOME="$work/home/data"
export XDG_CACHE_HOME="$work/home/cache" VENUES_DATA_DIR="$work/home/data/venues"
export VENUES_OVERPASS_URL="http://127.0.0.1:$overpass_port/api/interpreter"
unset FOURSQUARE_API_KEY GOOGLE_PLACES_API_KEY VENUES_CONFIG VENUES_DATABASE_URL
mkdir -p "$XDG_CONFIG_HOME/venues"
echo '{"providers": ["osm"], "timeout": 60, "overpass": {"useIndexes": false}}' >"$XDG_CONFIG_HOME/venues/config.json"

near="60.1700,24.9400"
printf '%-9s %-14s %10s %9s %9s %7s %9s  %s\n' store endpoint "requests/s" p50 p99 errors "peak RSS" "load average (before → after)"

# Fills the cache with the listing the runs ask for and writes the client's 10 favourites,
# through the server at $1 with the Authorization header $2.
prime() {
    curl -sf -o /dev/null -H "$2" "$1/v1/nearby?near=$near&radius=1000"
    for node in $(seq 9100000 9100009); do
        curl -sf -o /dev/null -X PUT -H "$2" "$1/v1/favorites/osm:node/$node"
    done
}

run_store() {
    local store="$1" database="$2"
    local port
    port="$(free_port)"
    local token
    token="$("$VENUES" serve token create "bench-$store" --database "$database" | tail -n 1)"
    "$VENUES" serve --port "$port" --database "$database" 2>"$work/serve-$store.log" &
    local server=$!
    pids+=($server)
    wait_listening "$work/serve-$store.log"
    local auth="Authorization: Bearer $token"
    local base="http://127.0.0.1:$port"
    prime "$base" "$auth"
    for endpoint in nearby favorites; do
        local url="$base/v1/nearby?near=$near&radius=1000"
        [ "$endpoint" = favorites ] && url="$base/v1/favorites"
        echo 5 >"/proc/$server/clear_refs" 2>/dev/null || true # reset the peak RSS
        local before after
        before="$(cut -d' ' -f1-3 /proc/loadavg)"
        # Unmeasured first: a server that has been up a while.
        wrk -t"$threads" -c"$connections" -d"${warmup}s" -H "$auth" "$url" >/dev/null
        wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H "$auth" "$url" >"$work/wrk-$store-$endpoint.txt"
        after="$(cut -d' ' -f1-3 /proc/loadavg)"
        local rss
        rss="$(awk '/VmHWM/ { printf "%d MiB", $2 / 1024 }' "/proc/$server/status")"
        printf '%-9s %-14s %s %9s  %s → %s\n' "$store" "/v1/$endpoint" "$(wrk_figures "$work/wrk-$store-$endpoint.txt")" \
            "$rss" "$before" "$after"
    done
    kill -TERM "$server"
    wait "$server" || true
}

# Two `venues serve` processes on one database: the figures of both wrk runs, combined.
run_pair() {
    local database="$1"
    local token ports=() servers=()
    token="$("$VENUES" serve token create "bench-pair" --database "$database" | tail -n 1)"
    for side in a b; do
        local port
        port="$(free_port)"
        "$VENUES" serve --port "$port" --database "$database" 2>"$work/serve-pair-$side.log" &
        servers+=($!)
        pids+=($!)
        ports+=("$port")
    done
    wait_listening "$work/serve-pair-a.log"
    wait_listening "$work/serve-pair-b.log"
    local auth="Authorization: Bearer $token"
    prime "http://127.0.0.1:${ports[0]}" "$auth"
    for endpoint in nearby favorites; do
        local path="/v1/nearby?near=$near&radius=1000"
        [ "$endpoint" = favorites ] && path="/v1/favorites"
        local server
        for server in "${servers[@]}"; do echo 5 >"/proc/$server/clear_refs" 2>/dev/null || true; done
        local before after
        before="$(cut -d' ' -f1-3 /proc/loadavg)"
        local warming=()
        for port in "${ports[@]}"; do
            wrk -t1 -c$((connections / 2)) -d"${warmup}s" -H "$auth" "http://127.0.0.1:$port$path" >/dev/null &
            warming+=($!)
        done
        wait "${warming[@]}"
        wrk -t1 -c$((connections / 2)) -d"${duration}s" --latency -H "$auth" "http://127.0.0.1:${ports[0]}$path" \
            >"$work/wrk-pair-a-$endpoint.txt" &
        local first=$!
        wrk -t1 -c$((connections / 2)) -d"${duration}s" --latency -H "$auth" "http://127.0.0.1:${ports[1]}$path" \
            >"$work/wrk-pair-b-$endpoint.txt"
        wait "$first"
        after="$(cut -d' ' -f1-3 /proc/loadavg)"
        local rss=0
        for server in "${servers[@]}"; do
            local one
            one="$(awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$server/status")"
            [ "$one" -gt "$rss" ] && rss="$one"
        done
        printf '%-9s %-14s %s %9s  %s → %s\n' "postgres×2" "/v1/$endpoint" \
            "$(combined_figures "$work/wrk-pair-a-$endpoint.txt" "$work/wrk-pair-b-$endpoint.txt")" \
            "$rss MiB" "$before" "$after"
    done
    for server in "${servers[@]}"; do kill -TERM "$server"; done
    for server in "${servers[@]}"; do wait "$server" || true; done
}

# Two wrk runs' figures as one row: requests/s summed, the worse p50 and p99, errors summed.
combined_figures() {
    local a b
    a="$(wrk_figures "$1")"
    b="$(wrk_figures "$2")"
    python3 - "$a" "$b" <<'PY'
import sys
def ms(text):
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float(text)
rows = [line.split() for line in sys.argv[1:]]
rps = sum(float(row[0]) for row in rows)
p50 = max(ms(row[1]) for row in rows)
p99 = max(ms(row[2]) for row in rows)
errors = sum(int(row[3]) for row in rows)
print(f"{rps:10.2f} {p50:7.2f}ms {p99:7.2f}ms {errors:7d}", end="")
PY
}

for store in $stores; do
    case "$store" in
    sqlite)
        run_store sqlite "$work/server.sqlite"
        ;;
    postgres)
        if [ -x "$root/scripts/postgres-test-server" ]; then
            export -f run_store prime wrk_figures free_port wait_listening
            export VENUES work near threads connections duration warmup
            "$root/scripts/postgres-test-server" run bash -c 'pids=(); run_store postgres "$VENUES_TEST_POSTGRES_URL"' \
                || echo "postgres  (PostgreSQL could not be started: skipped)"
        else
            echo "postgres  (scripts/postgres-test-server is missing: skipped)"
        fi
        ;;
    postgres-pair)
        if [ -x "$root/scripts/postgres-test-server" ]; then
            export -f run_pair prime combined_figures wrk_figures free_port wait_listening
            export VENUES work near threads connections duration warmup
            "$root/scripts/postgres-test-server" run bash -c 'pids=(); run_pair "$VENUES_TEST_POSTGRES_URL"' \
                || echo "postgres×2 (PostgreSQL could not be started: skipped)"
        else
            echo "postgres×2 (scripts/postgres-test-server is missing: skipped)"
        fi
        ;;
    esac
done
