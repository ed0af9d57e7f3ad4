#!/usr/bin/env bash
# PBF import benchmark (release mode). Run from anywhere:  Benchmarks/pbf.sh [FILE.osm...]
#
# 1. builds `venues` and `PBFBenchmark` in release mode;
# 2. takes the index benchmark's generated files (Benchmarks/osm-index.sh writes them to $WORK,
#    default /tmp/venues-index-bench: helsinki-x10.osm, the extract tiled ten times, and
#    country.osm, over 4 million venue nodes), or the .osm files given, and converts each to PBF
#    beside it with `osmium cat FILE.osm -o FILE.osm.pbf` (osmium-tool, installed when missing;
#    for this benchmark only: no test runs osmium, they read the files it wrote in Fuzz/Corpus);
# 3. measures for each file, median of $REPEAT runs (default 5), wall time, CPU time (user +
#    system) and peak RSS from /usr/bin/time:
#    - `venues osm import FILE.osm` and `venues osm import FILE.osm.pbf` (the import from XML and
#      from PBF, each to its own --output);
#    - `osmium cat FILE.osm.pbf -o /dev/null -f opl` (libosmium's own read, the anchor);
#    - `PBFBenchmark read FILE.osm.pbf 1` (the PBF reader alone: every element with its tags and
#      references handed to a visitor that counts them);
#    and checks that both imports hold the same venue rows (sqlite3, when installed).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${WORK:-/tmp/venues-index-bench}"
repeat="${REPEAT:-5}"

command -v osmium >/dev/null || { echo "osmium missing: apt-get install osmium-tool" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 1; }

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=("$work/helsinki-x10.osm" "$work/country.osm")
    for file in "${files[@]}"; do
        [ -s "$file" ] || { echo "$file missing: run Benchmarks/osm-index.sh first (it generates it)" >&2; exit 1; }
    done
fi

(cd "$root" && swift build -c release --static-swift-stdlib --product venues 2>&1 | grep -E "error|Build" | tail -2)
(cd "$root" && swift build -c release --static-swift-stdlib --product PBFBenchmark 2>&1 | grep -E "error|Build" | tail -2)
bin="$(cd "$root" && swift build -c release --static-swift-stdlib --show-bin-path)"

# shellcheck source=lib/packages.sh
. "$here/lib/packages.sh"
ensure_command osmium osmium-tool
for file in "${files[@]}"; do
    pbf="${file%.osm}.osm.pbf"
    if [ ! -s "$pbf" ] || [ "$pbf" -ot "$file" ]; then
        echo "converting $(basename "$file") with osmium…" >&2
        osmium cat "$file" -o "$pbf" --overwrite
    fi
done

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
python3 - "$bin" "$work" "$repeat" "${files[@]}" <<'PY'
import os, statistics, subprocess, sys, tempfile

binary_dir, work, repeat, files = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
venues = os.path.join(binary_dir, "venues")
reader = os.path.join(binary_dir, "PBFBenchmark")
scratch = tempfile.mkdtemp(prefix="venues-pbf-bench-")
environment = dict(os.environ, VENUES_DATA_DIR=os.path.join(scratch, "data"), XDG_CACHE_HOME=os.path.join(scratch, "cache"))

def run(command):
    """Wall, CPU (user + system) seconds and peak RSS (KiB) of one run, from /usr/bin/time."""
    result = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M"] + command, env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    wall, user, system, rss = result.stderr.strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(rss), result.stdout

def measure(label, command):
    runs = [run(command) for _ in range(repeat)]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    rss = max(r[2] for r in runs) / 1024
    print(f"  {label:34s} median of {repeat}: {wall:7.2f} s wall, {cpu:7.2f} s CPU, peak RSS {rss:5.0f} MB   runs {[round(r[0], 2) for r in runs]}")
    return wall, cpu, runs[-1][3]

def rows(index):
    query = ("SELECT element, quote(latitude), quote(longitude), quote(min_latitude), quote(max_latitude), "
             "quote(min_longitude), quote(max_longitude), categories, search, hex(tags) FROM venue ORDER BY element")
    result = subprocess.run(["sqlite3", index, query], stdout=subprocess.PIPE, text=True)
    keys = subprocess.run(["sqlite3", index, "SELECT id, key FROM tag_key ORDER BY id"], stdout=subprocess.PIPE, text=True)
    return hash(result.stdout), hash(keys.stdout), result.stdout.count("\n")

for xml in files:
    pbf = xml[: -len(".osm")] + ".osm.pbf"
    print(f"== {os.path.basename(xml)}: XML {os.path.getsize(xml) / 1e6:.0f} MB, PBF {os.path.getsize(pbf) / 1e6:.1f} MB (load {open('/proc/loadavg').read().split()[0]})")
    from_xml = os.path.join(scratch, "from-xml.sqlite")
    from_pbf = os.path.join(scratch, "from-pbf.sqlite")
    x_wall, x_cpu, x_out = measure("venues osm import FILE.osm", [venues, "osm", "import", xml, "--output", from_xml])
    p_wall, p_cpu, p_out = measure("venues osm import FILE.osm.pbf", [venues, "osm", "import", pbf, "--output", from_pbf])
    o_wall, o_cpu, _ = measure("osmium cat FILE.osm.pbf -f opl", ["osmium", "cat", pbf, "-o", "/dev/null", "-f", "opl", "--overwrite"])
    r_wall, r_cpu, r_out = measure("PBFBenchmark read (reader alone)", [reader, "read", pbf, "1"])
    print("  " + x_out.splitlines()[0])
    print("  " + p_out.splitlines()[0])
    print(f"  import from PBF: {x_wall / p_wall:.2f}x faster than from XML (CPU {x_cpu / p_cpu:.2f}x); "
          f"{p_wall / o_wall:.2f}x osmium's read (CPU {p_cpu / o_cpu:.2f}x); reader alone {r_wall / o_wall:.2f}x osmium (CPU {r_cpu / o_cpu:.2f}x)")
    if subprocess.run(["sh", "-c", "command -v sqlite3"], stdout=subprocess.DEVNULL).returncode == 0:
        a, b = rows(from_xml), rows(from_pbf)
        print(f"  same venue rows and tag keys in both indexes: {a == b} ({a[2]:,} rows)")
print(f"load average at the end: {open('/proc/loadavg').read().split()[0]}")
subprocess.run(["rm", "-rf", scratch])
PY
