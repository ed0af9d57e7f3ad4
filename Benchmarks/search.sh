#!/usr/bin/env bash
# Forgiving search on the country-size index of the index benchmark (release build):
#
#   1. whole processes (`venues search …`, started for each query as a user runs it), median of
#      $QUERIES runs (default 21) over seven centres inside tiles spread over the country:
#      a term with one typo at 2 km and at 30 km (the widest circle the generated country
#      holds around a tile), and the common word `ravintola` at 30 km with --limit 50;
#   2. `GET /v1/suggest` of `venues serve` under wrk ($THREADS threads, $CONNECTIONS connections,
#      $DURATION s each; default 2, 64, 30): every request another prefix or typo of a real name
#      (a Lua script cycles through 4,096 of them), so no answer is the last one's; twice: around
#      the seven centres (people typing in seven places), and around another centre every time;
#      each after $WARMUP s (default 10) of the same mix, unmeasured.
#
# Needs $WORK/country.sqlite (default /tmp/venues-index-bench), which Benchmarks/osm-index.sh
# makes; when only $WORK/country.osm is there, it is imported first.
#
#   Benchmarks/search.sh
#   QUERIES=15 DURATION=10 Benchmarks/search.sh
#   SUGGEST=0 Benchmarks/search.sh          # the whole-process queries only
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${WORK:-/tmp/venues-index-bench}"
queries="${QUERIES:-21}"
duration="${DURATION:-30}"
warmup="${WARMUP:-10}"
connections="${CONNECTIONS:-64}"
threads="${THREADS:-2}"

if [ -z "${VENUES:-}" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues >&2)
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues-server >&2)
    VENUES="$root/.build/release/venues"
fi
index="$work/country.sqlite"
if [ ! -s "$index" ]; then
    [ -s "$work/country.osm" ] || { echo "search.sh: run Benchmarks/osm-index.sh first (no $index)" >&2; exit 2; }
    "$VENUES" osm import "$work/country.osm" --output "$index"
fi

export VENUES_DATA_DIR="$work/data" XDG_CACHE_HOME="$work/cache" VENUES_OVERPASS_URL="$index"
# Seven centres inside tiles spread over the generated country (as osm-index.sh places them).
centres="$(python3 -c '
side = 60
print(" ".join(f"{50 + r * 10 / side + 0.0075:.6f},{5 + c * 20 / side + 0.0091:.6f}"
               for r, c in [(5, 7), (20, 31), (33, 12), (47, 50), (58, 3), (12, 44), (40, 25)]))')"
python3 - "$VENUES" "$queries" "$centres" <<'PY'
import json, os, statistics, subprocess, sys, time

binary, queries, centres = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()
one_typo = ["Stokcmann", "Kahvlia", "Hesburgr", "ravintloa", "Robert's Cofee", "Sushii"]

def run(label, terms, radius, extra=()):
    seconds, found = [], []
    for n in range(queries):
        command = [binary, "search", terms[n % len(terms)], "--providers", "osm", "--near", centres[n % len(centres)],
                   "--radius", str(radius), "--format", "json", *extra]
        start = time.perf_counter()
        out = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True, text=True).stdout
        seconds.append(time.perf_counter() - start)
        found.append(len(json.loads(out)["venues"]))
    print(f"  {label:34s} median of {queries}: {statistics.median(seconds) * 1000:6.1f} ms"
          f"  (p90 {sorted(seconds)[int(len(seconds) * 0.9)] * 1000:.1f} ms)  venues {min(found)}-{max(found)}")

print(f"== search, whole processes (load {open('/proc/loadavg').read().split()[0]})")
run("one typo, 2 km", one_typo, 2000)
run("one typo, 30 km", one_typo, 30000)
run("ravintola, 30 km, --limit 50", ["ravintola"], 30000, ["--limit", "50"])
run("Stockmann (exact), 30 km", ["Stockmann"], 30000)
PY

[ "${SUGGEST:-1}" = "0" ] && exit 0
# shellcheck source=lib/wrk.sh
. "$here/lib/wrk.sh"
ensure_wrk
serve="$(mktemp -d "${TMPDIR:-/tmp}/venues-suggest-bench.XXXXXX")"
server=""
cleanup() {
    [ -n "$server" ] && kill "$server" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$serve"
}
trap cleanup EXIT
port="$(free_port)"
export XDG_CONFIG_HOME="$serve/config"
mkdir -p "$XDG_CONFIG_HOME/venues"
echo '{"providers": ["osm"]}' >"$XDG_CONFIG_HOME/venues/config.json"
token="$("$VENUES" serve token create bench --database "$serve/server.sqlite" | tail -n 1)"
"$VENUES" serve --port "$port" --database "$serve/server.sqlite" 2>"$serve/serve.log" &
server=$!
wait_listening "$serve/serve.log"
# 4,096 paths: prefixes (3 letters and more) and one-typo forms of names, around the seven centres.
# Two request mixes: the seven centres (people typing in seven places: each circle is asked
# again at every keystroke), and every request around another centre, up to a kilometre from one
# of the seven (no circle asked twice in a row: the R-tree is read every time).
for mix in same-circles new-circles; do
    python3 - "$centres" "$mix" >"$serve/$mix.lua" <<'PY'
import random, sys, urllib.parse
random.seed(2026)
names = ["Stockmann", "Kahvila", "Hesburger", "Ravintola", "Robert's Coffee", "Sushi", "Alepa", "Fazer Cafe",
         "Kappeli", "Apteekki", "Pizzeria", "Hotel Kämp", "Lasipalatsi", "Tavastia", "Ateneum", "Ekberg"]
centres = sys.argv[1].split()
paths = []
while len(paths) < 4096:
    name = random.choice(names)
    if random.random() < 0.7:
        q = name[:random.randint(3, len(name))]
    else:
        i = random.randrange(1, len(name) - 1)
        q = name[:i] + name[i + 1] + name[i] + name[i + 2:]
    near = random.choice(centres)
    if sys.argv[2] == "new-circles":
        lat, lon = map(float, near.split(","))
        near = f"{lat + random.uniform(-0.009, 0.009):.6f},{lon + random.uniform(-0.015, 0.015):.6f}"
    paths.append("/v1/suggest?" + urllib.parse.urlencode({"q": q, "near": near, "radius": 2000}, quote_via=urllib.parse.quote))
print("paths = {" + ",".join('"%s"' % p for p in paths) + "}")
print("counter = 0")
print("request = function() counter = counter + 1; return wrk.format(nil, paths[(counter % #paths) + 1]) end")
PY
    # Unmeasured first: a server that has been up a while (its kept readers open, their words read).
    wrk -t"$threads" -c"$connections" -d"${warmup}s" -H "Authorization: Bearer $token" \
        -s "$serve/$mix.lua" "http://127.0.0.1:$port" >/dev/null
    before="$(cut -d' ' -f1-3 /proc/loadavg)"
    wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H "Authorization: Bearer $token" \
        -s "$serve/$mix.lua" "http://127.0.0.1:$port" >"$serve/wrk.txt"
    after="$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "== GET /v1/suggest under wrk, $mix ($threads threads, $connections connections, ${duration} s; load $before → $after)"
    wrk_figures "$serve/wrk.txt" | awk '{ printf "  %s requests/s, p50 %s, p99 %s, errors %d\n", $1, $2, $3, $4 }'
done
awk '/VmHWM/ { printf "  server peak RSS %d MiB\n", $2 / 1024 }' "/proc/$server/status"
