#!/usr/bin/env bash
# Local OSM index benchmark (release mode). Run from anywhere:  Benchmarks/osm-index.sh
#
# 1. builds `venues` in release mode;
# 2. generates in $WORK (default /tmp/venues-index-bench; never committed):
#    (a) the bundled extract tiled ten times (every node, way and relation; ids shifted by
#        k*10^10, positions by k extract-widths east), and
#    (b) a country-size file: the extract's venue nodes and venue ways (with their nodes) tiled on a
#        grid over 10 x 20 degrees until at least $VENUES (default 4,000,000) venue nodes (~2.3 GB);
# 3. measures, median of $REPEAT runs (default 5):
#    - `xmllint --stream --noout` on each file, and `venues osm import` of each file (wall time,
#      MB/s, ratio to xmllint, peak RSS from /usr/bin/time), the index size per venue;
#    - on the country index, as whole processes (`venues` started for each query, the way a user
#      runs it; median of $QUERIES runs over a set of centres): `venues --version` (start-up),
#      `nearby --providers osm` at 500 m (top 50) and 50 km, `search TERM` at 2 km and 50 km;
#    - the same nearby and search answered by scanning the country file (`VENUES_OVERPASS_URL` =
#      the .osm), fewer runs ($SCANS, default 3): the scan reads all of it every time.
# QUERIES_ONLY=1 measures only the queries, on the index an earlier run left; SCANS=0 skips the
# scans. Delete $WORK afterwards (about 3 GB).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
extract="$root/Config/samples/helsinki-centre.osm"
work="${WORK:-/tmp/venues-index-bench}"
repeat="${REPEAT:-5}"
queries="${QUERIES:-21}"
scans="${SCANS:-3}"
venues_wanted="${VENUES:-4000000}"
mkdir -p "$work"

command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install libxml2-utils" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 1; }

(cd "$root" && swift build -c release --static-swift-stdlib --product venues 2>&1 | grep -E "error|Compiling|Build" | tail -3)
bin="$(cd "$root" && swift build -c release --static-swift-stdlib --show-bin-path)/venues"

tiled="$work/helsinki-x10.osm"
country="$work/country.osm"
[ -s "$tiled" ] || python3 "$here/osm-generate.py" tiled "$extract" "$tiled" 10
[ -s "$country" ] || python3 "$here/osm-generate.py" country "$extract" "$country" "$venues_wanted"

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
python3 - "$bin" "$work" "$tiled" "$country" "$repeat" "$queries" "$scans" <<'PY'
import json, os, statistics, subprocess, sys, time

binary, work, tiled, country, repeat, queries, scans = sys.argv[1:4] + [sys.argv[4], int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])]
environment = dict(os.environ, VENUES_DATA_DIR=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"))

def timed(command, env=None):
    """Wall seconds and peak RSS (KiB) of one run, through /usr/bin/time."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env or environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    return seconds, int(result.stderr.strip().splitlines()[-1]), result.stdout

def median(values):
    return statistics.median(values)

def load():
    return open("/proc/loadavg").read().split()[0]

# QUERIES_ONLY=1: only the queries, on the country index an earlier run left in $WORK.
for path in () if os.environ.get("QUERIES_ONLY") == "1" else (tiled, country):
    size = os.path.getsize(path) / 1e6
    name = os.path.basename(path)
    index = os.path.join(work, name.replace(".osm", ".sqlite"))
    xml = [timed(["xmllint", "--stream", "--noout", path]) for _ in range(repeat)]
    imports = [timed([binary, "osm", "import", path, "--output", index]) for _ in range(repeat)]
    x = median([s for s, _, _ in xml])
    i = median([s for s, _, _ in imports])
    summary = imports[-1][2].splitlines()
    venues = int(summary[0].split(" venues")[0].split()[-1].replace(",", ""))
    index_bytes = os.path.getsize(index)
    print(f"== {name}: {size:.0f} MB, {venues:,} venues (load {load()})")
    print(f"  xmllint --stream --noout   median of {repeat}: {x:.2f} s ({size / x:.0f} MB/s)  runs {[round(s, 2) for s, _, _ in xml]}  peak RSS {median([m for _, m, _ in xml]) / 1024:.0f} MB")
    print(f"  venues osm import          median of {repeat}: {i:.2f} s ({size / i:.0f} MB/s) = {i / x:.2f} x xmllint  runs {[round(s, 2) for s, _, _ in imports]}  peak RSS {max(m for _, m, _ in imports) / 1024:.0f} MB")
    print(f"  index: {index_bytes / 1e6:.0f} MB, {index_bytes / venues:.0f} bytes per venue")
    print("  " + summary[0])

index = os.path.join(work, "country.sqlite")
indexed = dict(environment, VENUES_OVERPASS_URL=index)
scanned = dict(environment, VENUES_OVERPASS_URL=country)
# Centres inside tiles spread over the country (a tile's Helsinki centre, where venues are dense),
# and the terms: common, rare, short, accented.
side = 60
centres = []
for row, column in [(5, 7), (20, 31), (33, 12), (47, 50), (58, 3), (12, 44), (40, 25)]:
    south = 50 + row * 10 / side
    west = 5 + column * 20 / side
    centres.append(f"{south + 0.0075:.6f},{west + 0.0091:.6f}")
terms = ["ravintola", "Stockmann", "sushi", "ca", "kahvila", "Café"]

def query_runs(arguments, env, runs):
    seconds, peaks, counts = [], [], []
    for run in range(runs):
        centre = centres[run % len(centres)]
        term = terms[run % len(terms)]
        command = [binary] + [a.replace("CENTRE", centre).replace("TERM", term) for a in arguments]
        s, m, out = timed(command, env)
        seconds.append(s)
        peaks.append(m)
        if "--format" in arguments:
            document = json.loads(out)
            counts.append(len(document["venues"]))
            source = document["providers"][0].get("source")
    return median(seconds), max(peaks), counts, source

print(f"== queries, whole processes (load {load()})")
start = [timed([binary, "--version"])[0] for _ in range(queries)]
print(f"  venues --version                       median of {queries}: {median(start) * 1000:.1f} ms")
for label, arguments in [
    ("nearby 500 m, top 50", ["nearby", "--providers", "osm", "--near", "CENTRE", "--radius", "500", "--limit", "50", "--format", "json"]),
    ("nearby 50 km, top 50", ["nearby", "--providers", "osm", "--near", "CENTRE", "--radius", "50000", "--limit", "50", "--format", "json"]),
    ("search TERM 2 km", ["search", "TERM", "--providers", "osm", "--near", "CENTRE", "--radius", "2000", "--format", "json"]),
    ("search TERM 50 km", ["search", "TERM", "--providers", "osm", "--near", "CENTRE", "--radius", "50000", "--format", "json"]),
]:
    s, m, counts, source = query_runs(arguments, indexed, queries)
    print(f"  {label:24s} index  median of {queries}: {s * 1000:6.1f} ms  peak RSS {m / 1024:.0f} MB  venues {min(counts)}-{max(counts)}  source {source}")
for label, arguments in [
    ("nearby 500 m, top 50", ["nearby", "--providers", "osm", "--near", "CENTRE", "--radius", "500", "--limit", "50", "--format", "json", "--timeout", "600"]),
    ("search TERM 2 km", ["search", "TERM", "--providers", "osm", "--near", "CENTRE", "--radius", "2000", "--format", "json", "--timeout", "600"]),
] if scans > 0 else []:
    s, m, counts, source = query_runs(arguments, scanned, scans)
    print(f"  {label:24s} scan   median of {scans}: {s:6.2f} s   peak RSS {m / 1024:.0f} MB  venues {min(counts)}-{max(counts)}  source {source}")
print(f"load average at the end: {load()}")
PY
