#!/usr/bin/env bash
# Region indexes benchmark (release mode): the planet is many region files, so how much does it
# cost to answer from many indexes? Run from anywhere:  Benchmarks/regions.sh
#
# 1. builds `venues` in release mode;
# 2. takes the generated country of osm-index.sh ($COUNTRY, default
#    /tmp/venues-index-bench/country.osm, ~4M venues; made with `osm-generate.py country` when
#    missing) and cuts it with osm-split.py into a grid of 4, 16 and 64 region files (each with
#    the <bounds> of its cell and complete ways). The grid's middle lines cross at the border
#    point, the centre of one of the generator's tiles, so a circle there holds venues of four
#    regions in every split; the single region is the country file itself;
# 3. imports each set ($REGIONS, default "1 4 16 64") into a data directory of its own with
#    `venues osm import FILE --name NAME`, one file after another (the wall time of all, MB/s,
#    the largest peak RSS, index bytes per venue); a set's region files are deleted once imported;
# 4. measures as whole processes (`venues` started for each query, the way a user runs it; median
#    of $QUERIES runs, default 15; the sets taken in turn within each run, so that the shared
#    machine's load falls on all alike), all with `--offline` and `--providers osm`:
#    `venues --version` (start-up), `venues osm list`, `nearby` and `search $TERM` (default
#    ravintola) at 2 km around the border point (the corner of four regions) and around an inner
#    point (inside one region of every split);
# 5. prints a table, each set against the single index, and the targets: with 64 indexes the
#    border and inner queries at most 1.2x the single index's median, start-up at most 2 ms more.
# A query that fails (exit status not 0) shows as "exit N"; `--verbose`-level detail (venues
# answered, providers[].source) follows the table. QUERIES_ONLY=1 measures only the queries, on
# the indexes an earlier run left in $WORK. XDG_CACHE_HOME and VENUES_DATA_DIR are directories
# under $WORK (default /tmp/venues-regions-bench, about 1.1 GB of indexes a set, and 2.5 GB of
# region files while a set is imported; never committed): delete it afterwards.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
extract="$root/Config/samples/helsinki-centre.osm"
country="${COUNTRY:-/tmp/venues-index-bench/country.osm}"
work="${WORK:-/tmp/venues-regions-bench}"
queries="${QUERIES:-15}"
regions="${REGIONS:-1 4 16 64}"
term="${TERM_SEARCHED:-ravintola}"
venues_wanted="${VENUES:-4000000}"
mkdir -p "$work"

# shellcheck source=lib/packages.sh
. "$here/lib/packages.sh"
ensure_command /usr/bin/time time

(cd "$root" && swift build -c release --static-swift-stdlib --product venues 2>&1 | grep -E "error|Compiling|Build" | tail -3)
bin="$(cd "$root" && swift build -c release --static-swift-stdlib --show-bin-path)/venues"

[ -s "$country" ] || { mkdir -p "$(dirname "$country")" && python3 "$here/osm-generate.py" country "$extract" "$country" "$venues_wanted"; }

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start; $("$bin" --version), $(cd "$root" && git log -1 --format='%h %cd' --date=iso 2>/dev/null || true)"
python3 - "$bin" "$here/osm-split.py" "$work" "$country" "$queries" "$term" $regions <<'PY'
import json, os, shutil, statistics, subprocess, sys, time

binary, splitter, work, country, queries, term = sys.argv[1:5] + [int(sys.argv[5]), sys.argv[6]]
sets = [int(n) for n in sys.argv[7:]]
cache = os.path.join(work, "cache")

def data_dir(count):
    return os.path.join(work, f"regions-{count}", "data")

def environment(count):
    return dict(os.environ, VENUES_DATA_DIR=data_dir(count), XDG_CACHE_HOME=cache)

def load():
    return open("/proc/loadavg").read().split()[0]

# Where the generator put its tiles (osm-generate.py country: a grid of SIDE columns over 20
# degrees of longitude and 10 of latitude from 50N 5E, as many rows as it needs, the extract's
# south-west corner at each; its centre, where venues are dense, 0.0075 north and 0.0091 east of
# it). SIDE (60 for 4M venues) and the last row come from the file's <bounds>.
import re
head = open(country, "rb").read(4096).decode("utf-8", "replace")
bounds = {k: float(v) for k, v in re.findall(r'(minlat|minlon|maxlat|maxlon)="(-?[\d.]+)"', head)}
side = round(20 / (25 + 0.0182 - bounds["maxlon"]))
last_row = round((bounds["maxlat"] - 0.015 - 50) * side / 10)
def tile_centre(row, column):
    return 50 + row * 10 / side + 0.0075, 5 + column * 20 / side + 0.0091

# The border point: the centre of the tile in the middle row and column of the country. The grid is
# centred on it, so it is the corner of four regions in the splits into 4, 16 and 64.
border = tile_centre(last_row // 2, side // 2)
# The inner point: the tile nearest the middle of the 64-region cell in row 2, column 5 (inside
# one region of every split, more than 2 km from its edges when the tiles are as far apart as
# in the 4M-venue country).
half_lat = max(border[0] - bounds["minlat"], bounds["maxlat"] - border[0])
half_lon = max(border[1] - bounds["minlon"], bounds["maxlon"] - border[1])
cell_lat = border[0] - half_lat + 2.5 * (2 * half_lat / 8)
cell_lon = border[1] - half_lon + 5.5 * (2 * half_lon / 8)
inner = tile_centre(round((cell_lat - 50) * side / 10), round((cell_lon - 5) * side / 20))
point = lambda p: f"{p[0]:.7f},{p[1]:.7f}"

def run(command, env):
    """Wall seconds, exit status and standard output of one process."""
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - start, result.returncode, result.stdout, result.stderr

def timed(command, env):
    """Wall seconds and peak RSS (KiB) of one run that must succeed, through /usr/bin/time."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    return seconds, int(result.stderr.strip().splitlines()[-1]), result.stdout

# Split and import.
imported = {}
summary_file = os.path.join(work, "imports.json")
if os.path.exists(summary_file):
    imported = {int(k): v for k, v in json.load(open(summary_file)).items()}
for count in sets if os.environ.get("QUERIES_ONLY") != "1" else []:
    directory = os.path.join(work, f"regions-{count}")
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(data_dir(count))
    if count == 1:
        files, split_seconds = [country], 0.0
    else:
        pieces = os.path.join(directory, "osm")
        start = time.perf_counter()
        listing = subprocess.run(["python3", splitter, country, pieces, str(count), "--centre", point(border)],
                                 check=True, stdout=subprocess.PIPE, text=True).stdout
        split_seconds = time.perf_counter() - start
        files = [line.split("\t")[0] for line in listing.splitlines()]
        carried = sum(int(line.split("\t")[2].split(", ")[3].split()[0]) for line in listing.splitlines())
        print(f"  split into {count}: {split_seconds:.0f} s, {carried:,} nodes carried across edges (load {load()})", flush=True)
    seconds, peak, venues, input_bytes = 0.0, 0, 0, 0
    for path in files:
        name = os.path.basename(path).replace(".osm", "")
        s, m, out = timed([binary, "osm", "import", path, "--name", name], environment(count))
        seconds += s
        peak = max(peak, m)
        venues += int(out.splitlines()[0].split(" venues")[0].split()[-1].replace(",", ""))
        input_bytes += os.path.getsize(path)
    index_bytes = sum(os.path.getsize(os.path.join(data_dir(count), "osm", f))
                      for f in os.listdir(os.path.join(data_dir(count), "osm")) if f.endswith(".sqlite"))
    if count != 1:
        shutil.rmtree(os.path.join(directory, "osm"))
    imported[count] = dict(seconds=seconds, peak=peak, venues=venues, input=input_bytes, index=index_bytes, files=len(files), split=split_seconds)
    print(f"  imported {count} region(s): {seconds:.1f} s for {input_bytes / 1e6:.0f} MB, {venues:,} venues (load {load()})", flush=True)
    json.dump(imported, open(summary_file, "w"))

# Queries: each set in turn within every run.
print(f"== queries (load {load()}): border point {point(border)}, inner point {point(inner)}, 2 km, median of {queries}")
commands = {
    "--version": ["--version"],
    "osm list": ["osm", "list"],
    "nearby border": ["nearby", "--providers", "osm", "--offline", "--near", point(border), "--radius", "2000", "--format", "json"],
    "nearby inner": ["nearby", "--providers", "osm", "--offline", "--near", point(inner), "--radius", "2000", "--format", "json"],
    "search border": ["search", term, "--providers", "osm", "--offline", "--near", point(border), "--radius", "2000", "--format", "json"],
    "search inner": ["search", term, "--providers", "osm", "--offline", "--near", point(inner), "--radius", "2000", "--format", "json"],
}
seconds = {(n, label): [] for n in sets for label in commands}
failures = {(n, label): set() for n in sets for label in commands}
details = {}
for repetition in range(queries + 1):  # the first, untimed, warms the page cache
    for count in sets:
        for label, arguments in commands.items():
            s, status, out, err = run([binary] + arguments, environment(count))
            if status != 0:
                failures[(count, label)].add(status)
                details[(count, label)] = err.strip().splitlines()[-1] if err.strip() else ""
            elif "--format" in arguments:
                document = json.loads(out)
                provider = document["providers"][0]
                # The source, and whatever else the provider said (coverage, warnings).
                said = {k: v for k, v in provider.items() if k not in ("provider", "status", "count", "milliseconds", "source")}
                details[(count, label)] = f"{len(document['venues'])} venues, source {provider.get('source')}" + \
                    (f", {json.dumps(said, ensure_ascii=False)}" if said else "")
            if repetition:
                seconds[(count, label)].append(s)

def cell(count, label):
    if failures[(count, label)]:
        return "exit " + ",".join(str(s) for s in sorted(failures[(count, label)]))
    return f"{statistics.median(seconds[(count, label)]) * 1000:.1f}"

labels = list(commands)
print()
print("| regions | import s | MB/s | peak RSS MB | index MB | bytes/venue | venues | " + " | ".join(f"{l} ms" for l in labels) + " |")
print("| ---: " * (7 + len(labels)) + "|")
for count in sets:
    i = imported.get(count)
    facts = [f"{i['seconds']:.1f}", f"{i['input'] / 1e6 / i['seconds']:.0f}", f"{i['peak'] / 1024:.0f}",
             f"{i['index'] / 1e6:.0f}", f"{i['index'] / i['venues']:.0f}", f"{i['venues']:,}"] if i else ["?"] * 6
    print(f"| {count} | " + " | ".join(facts) + " | " + " | ".join(cell(count, l) for l in labels) + " |")

if 1 in sets and len(sets) > 1:
    print()
    print("against the single index (median ratio; start-up as the difference):")
    for count in sets[1:]:
        parts = []
        for label in labels:
            if failures[(1, label)] or failures[(count, label)]:
                parts.append(f"{label} –")
                continue
            a, b = statistics.median(seconds[(1, label)]), statistics.median(seconds[(count, label)])
            parts.append(f"{label} {(b - a) * 1000:+.1f} ms" if label in ("--version", "osm list") else f"{label} {b / a:.2f}x")
        print(f"  {count:3d}: " + ", ".join(parts))
    last = sets[-1]
    def verdict(label, limit, difference=False):
        if failures[(1, label)] or failures[(last, label)]:
            return f"{label}: not measured (failed: exit {sorted(failures[(last, label)] or failures[(1, label)])})"
        a, b = statistics.median(seconds[(1, label)]), statistics.median(seconds[(last, label)])
        value = (b - a) * 1000 if difference else b / a
        shown = f"{value:+.1f} ms" if difference else f"{value:.2f}x"
        return f"{label}: {shown} ({'met' if value <= limit else 'NOT met'}, target {'+2 ms' if difference else '1.2x'})"
    print(f"targets with {last} indexes against 1:")
    for label in ("nearby border", "nearby inner", "search border", "search inner"):
        print("  " + verdict(label, 1.2))
    print("  " + verdict("--version", 2.0, difference=True))

print()
print("answers (the last run):")
for count in sets:
    for label in labels[2:]:
        print(f"  {count:3d} {label:14s} {details.get((count, label), '')[:300]}")
print(f"load average at the end: {load()}")
PY
