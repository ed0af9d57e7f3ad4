#!/usr/bin/env bash
# Overture import and query benchmark (release mode). Run from anywhere:  Benchmarks/overture.sh
#
# 1. builds `venues` in release mode;
# 2. generates $PLACES (default 1,000,000) Overture places in the places schema
#    (Benchmarks/overture-generate.py) in $WORK (default /tmp/venues-overture-bench; never committed);
# 3. measures, median of $REPEAT runs (default 3): `jq -c . FILE > /dev/null` (the floor for
#    reading JSON lines) and `venues overture import FILE --output …` (wall time, ratio to jq,
#    peak RSS from /usr/bin/time), the index size per place;
# 4. on that index, as whole processes (`venues` started for each query, median of $QUERIES
#    runs over a set of centres): `nearby --providers overture` at 500 m and `search` at 2 km.
# Targets (issue 29): import <= 2x jq, peak RSS <= 300 MB; nearby and search <= 40 ms.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${WORK:-/tmp/venues-overture-bench}"
places="${PLACES:-1000000}"
repeat="${REPEAT:-3}"
queries="${QUERIES:-15}"
mkdir -p "$work"

command -v jq >/dev/null || { echo "jq missing: apt-get install jq" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 1; }

(cd "$root" && swift build -c release --product venues 2>&1 | grep -E "error|Build" | tail -3)
bin="$(cd "$root" && swift build -c release --show-bin-path)/venues"

file="$work/places-$places.geojsonseq"
[ -s "$file" ] || python3 "$here/overture-generate.py" "$file" "$places"

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
python3 - "$bin" "$work" "$file" "$repeat" "$queries" <<'PY'
import os, random, statistics, subprocess, sys, time

binary, work, source, repeat, queries = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
environment = dict(os.environ, VENUES_DATA_DIR=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"))
index = os.path.join(work, "places.sqlite")

def timed(command, stdout=subprocess.DEVNULL):
    """Wall seconds and peak RSS (KiB) of one run, through /usr/bin/time."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=environment,
                            stdout=stdout, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    return seconds, int(result.stderr.strip().splitlines()[-1])

size = os.path.getsize(source)
print(f"file: {source}, {size / 1e6:.0f} MB")
jq = [timed(["jq", "-c", ".", source]) for _ in range(repeat)]
imports = [timed([binary, "overture", "import", source, "--output", index]) for _ in range(repeat)]
jq_s = statistics.median(s for s, _ in jq)
import_s = statistics.median(s for s, _ in imports)
rss = max(r for _, r in imports) / 1024
print(f"jq -c . FILE > /dev/null: {jq_s:.1f} s ({size / 1e6 / jq_s:.0f} MB/s)")
print(f"venues overture import:   {import_s:.1f} s ({size / 1e6 / import_s:.0f} MB/s), {import_s / jq_s:.2f}x jq, "
      f"peak RSS {rss:.0f} MB; index {os.path.getsize(index) / 1e6:.0f} MB")

rng = random.Random(29)
centres = [(59.9 + 2.8 * rng.random(), 21.2 + 8.6 * rng.random()) for _ in range(queries)]
environment["VENUES_OVERTURE_URL"] = index
def query(arguments):
    runs = []
    for lat, lon in centres:
        seconds, _ = timed([binary] + arguments(lat, lon) + ["--format", "json"])
        runs.append(seconds * 1000)
    return statistics.median(runs)
print(f"nearby --providers overture, 500 m: {query(lambda a, o: ['nearby', '--providers', 'overture', '--near', f'{a},{o}', '--radius', '500']):.0f} ms (median of {queries})")
print(f"search kahvila --providers overture, 2 km: {query(lambda a, o: ['search', 'kahvila', '--providers', 'overture', '--near', f'{a},{o}', '--radius', '2000']):.0f} ms")
print(f"search 'kaleav' (a typo), 2 km: {query(lambda a, o: ['search', 'kaleav', '--providers', 'overture', '--near', f'{a},{o}', '--radius', '2000']):.0f} ms")
PY
