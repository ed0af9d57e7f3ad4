#!/usr/bin/env bash
# Index update benchmark (release mode). Run from anywhere:  Benchmarks/osm-update.sh
#
# 1. builds `venues` in release mode; uses (or makes, as Benchmarks/osm-index.sh does) the
#    country-size file in $WORK (default /tmp/venues-index-bench; never committed), ~4M venues;
# 2. imports it (the fresh import the update is compared with) and reports how much the update
#    tables add to the index;
# 3. writes two change files of it (Benchmarks/osm-change-generate.py): 1 % of its venues (about
#    40,000 objects, half of them nodes of venue ways) and a day of a city (about 1,000 objects);
# 4. applies each to a fresh copy of the index (flushed to disk first), $REPEAT times (default
#    3): `venues osm update`, wall time and peak RSS, and the ratio to the import;
# 5. whole-process queries on the index (nearby 500 m and search 2 km, $QUERIES runs each,
#    default 15) alone, then while the 1 % update runs (started again and again until the
#    queries are done), and their medians' ratio;
# 6. with OSMIUM=1, `osmium apply-changes` of the 1 % file followed by a re-import, the way to
#    refresh an index without updates.
# Delete $WORK afterwards (about 4 GB).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
extract="$root/Config/samples/helsinki-centre.osm"
work="${WORK:-/tmp/venues-index-bench}"
repeat="${REPEAT:-3}"
queries="${QUERIES:-15}"
mkdir -p "$work"
. "$here/lib/packages.sh"
[ -x /usr/bin/time ] || ensure_command time time
[ "${OSMIUM:-0}" = "1" ] && ensure_command osmium osmium-tool

(cd "$root" && swift build -c release --static-swift-stdlib --product venues 2>&1 | grep -E "error|Build" | tail -3)
bin="$(cd "$root" && swift build -c release --static-swift-stdlib --show-bin-path)/venues"

country="$work/country.osm"
[ -s "$country" ] || python3 "$here/osm-generate.py" country "$extract" "$country" "${VENUES:-4000000}"
[ -s "$work/country-1pct.osc" ] || python3 "$here/osm-change-generate.py" "$country" "$work/country-1pct.osc" 40000 1
[ -s "$work/country-day.osc" ] || python3 "$here/osm-change-generate.py" "$country" "$work/country-day.osc" 1000 2

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
python3 - "$bin" "$work" "$country" "$repeat" "$queries" "${OSMIUM:-0}" <<'PY'
import os, shutil, sqlite3, statistics, subprocess, sys, time

binary, work, country = sys.argv[1:4]
repeat, queries, osmium = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "1"
data = os.path.join(work, "update-data")
indexes = os.path.join(data, "osm")
os.makedirs(indexes, exist_ok=True)
environment = dict(os.environ, VENUES_DATA_DIR=data, XDG_CACHE_HOME=os.path.join(work, "cache"))
pristine = os.path.join(work, "country-pristine.sqlite")
index = os.path.join(indexes, "country.sqlite")

def load():
    return open("/proc/loadavg").read().split()[0]

def timed(command):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    return seconds, int(result.stderr.strip().splitlines()[-1]), result.stdout

def fresh_copy():
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(index + suffix):
            os.remove(index + suffix)
    shutil.copyfile(pristine, index)
    # The copy's 1.2 GB reach the disk before the update starts: an index being updated has been
    # on disk for a while, and the update's own flush (at its checkpoint) would otherwise write
    # the whole copy, timed as the update's.
    os.sync()

# The fresh import.
seconds, peak, out = timed([binary, "osm", "import", country, "--output", pristine])
size = os.path.getsize(pristine)
connection = sqlite3.connect(f"file:{pristine}?mode=ro&immutable=1", uri=True)
pages = dict(connection.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall())
tracking = sum(v for k, v in pages.items() if k.startswith("update_"))
venues = connection.execute("SELECT value FROM meta WHERE key = 'venues'").fetchone()[0]
connection.close()
print(f"== import of {os.path.basename(country)} ({os.path.getsize(country) / 1e6:.0f} MB, {venues:,} venues): "
      f"{seconds:.1f} s, peak RSS {peak / 1024:.0f} MB (load {load()})")
print(f"  index {size / 1e6:.0f} MB; the update tables {tracking / 1e6:.1f} MB = "
      f"{100 * tracking / (size - tracking):.1f} % more than the index without them")
import_seconds = seconds

for label, change in [("1 % of the venues", "country-1pct.osc"), ("a city's day", "country-day.osc")]:
    path = os.path.join(work, change)
    runs = []
    for _ in range(repeat):
        fresh_copy()
        runs.append(timed([binary, "osm", "update", "country", path]))
    s = statistics.median(r[0] for r in runs)
    print(f"== update, {label}: {os.path.basename(path)} ({os.path.getsize(path) / 1e6:.1f} MB)")
    print(f"  venues osm update  median of {repeat}: {s:.2f} s = {100 * s / import_seconds:.1f} % of the import"
          f"  runs {[round(r[0], 2) for r in runs]}  peak RSS {max(r[1] for r in runs) / 1024:.0f} MB  (load {load()})")
    print("  " + runs[-1][2].strip().splitlines()[0])

# Queries alone and during updates.
fresh_copy()
centres = ["50.340833,5.342433", "53.340833,11.675767", "55.507500,8.342433"]
terms = ["ravintola", "Stockmann", "kahvila"]
commands = []
for run in range(queries):
    centre, term = centres[run % len(centres)], terms[run % len(terms)]
    commands.append(("nearby 500 m", [binary, "nearby", "--providers", "osm", "--near", centre, "--radius", "500", "--limit", "50", "--format", "json"]))
    commands.append(("search 2 km", [binary, "search", term, "--providers", "osm", "--near", centre, "--radius", "2000", "--format", "json"]))

def query_medians():
    times = {}
    for label, command in commands:
        times.setdefault(label, []).append(timed(command)[0])
    return {label: statistics.median(values) for label, values in times.items()}

alone = query_medians()
updates = 0
change = os.path.join(work, "country-1pct.osc")
updater = None
def start_update():
    global updater, updates
    updater = subprocess.Popen([binary, "osm", "update", "country", change], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    updates += 1
start_update()
times = {}
for label, command in commands:
    if updater.poll() is not None:
        # Applying the same change again still rewrites every changed row.
        start_update()
    times.setdefault(label, []).append(timed(command)[0])
updater.wait()
during = {label: statistics.median(values) for label, values in times.items()}
print(f"== whole-process queries, median of {queries} (load {load()})")
for label in alone:
    print(f"  {label:13s} alone {alone[label] * 1000:6.1f} ms   during updates {during[label] * 1000:6.1f} ms"
          f"   = {during[label] / alone[label]:.2f} x  ({updates} update(s) ran meanwhile)")

if osmium:
    newer = os.path.join(work, "country-newer.osm")
    s1, _, _ = timed(["osmium", "apply-changes", "--overwrite", country, change, "-o", newer])
    s2, _, _ = timed([binary, "osm", "import", newer, "--output", os.path.join(work, "country-newer.sqlite")])
    print(f"== osmium apply-changes {s1:.1f} s + import {s2:.1f} s = {s1 + s2:.1f} s")
print(f"load average at the end: {load()}")
PY
