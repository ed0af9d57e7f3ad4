#!/usr/bin/env bash
# Opening hours, release build:
#
#   1. `venues hours --format json` reading values from standard input: $LINES lines (default
#      1,000,000) of the bundled extract's values, as a country's file repeats them (few
#      distinct values among many), and $DISTINCT distinct generated values (default 100,000),
#      each value parsed once; values a second, median of $RUNS runs (default 3);
#   2. `--open-now` on the country index of Benchmarks/osm-index.sh ($WORK/country.sqlite, when
#      it is there): `nearby` at 2 km and `search ravintola` at 30 km, each with and without the
#      filter, whole processes, median of $QUERIES runs (default 15) of the wall time and of the
#      CPU time (user + system, steadier on a shared machine), the least wall time at each centre
#      (a busy neighbour only ever adds time: the least is the run it disturbed least; the median
#      over the centres of the share the filter adds to it), and the added share of each; the
#      filter also at the wall-clock times of $AT in each venue's zone (default "12:00 18:00
#      22:00"; empty: --open-now only), as the share of places open follows the hour;
#   3. when valgrind is installed (and $INSTRUCTIONS is not 0): the same queries' instructions
#      (valgrind's cachegrind, every thread of the process), which the machine's neighbours do
#      not move: the share the filter adds at each of the first $INSTRUCTION_CENTRES centres
#      (default 3) and its median. A whole process counts: start-up, the search, the output.
#
#   Benchmarks/hours.sh
#   LINES=200000 RUNS=1 Benchmarks/hours.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${WORK:-/tmp/venues-index-bench}"
lines="${LINES:-1000000}"
distinct="${DISTINCT:-100000}"
runs="${RUNS:-3}"
queries="${QUERIES:-15}"

if [ -z "${VENUES:-}" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues >&2)
    VENUES="$root/.build/release/venues"
fi
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

python3 - "$root/Config/samples/helsinki-centre.osm" "$scratch" "$lines" "$distinct" <<'PY'
import random, re, sys
sample, scratch, lines, distinct = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
values = [v.replace("&quot;", '"').replace("&amp;", "&")
          for v in re.findall(r'k="opening_hours" v="([^"]*)"', open(sample, encoding="utf-8").read())]
random.seed(20261128)
with open(f"{scratch}/repeated.txt", "w") as out:
    for _ in range(lines):
        out.write(random.choice(values) + "\n")
days = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
with open(f"{scratch}/distinct.txt", "w") as out:
    seen = set()
    while len(seen) < distinct:
        first = random.randrange(7); last = random.randrange(first, 7)
        open_h = random.randrange(5, 13); open_m = random.choice([0, 15, 30, 45])
        close_h = random.randrange(open_h + 2, 26); close_m = random.choice([0, 15, 30, 45])
        rule = f"{days[first]}-{days[last]} {open_h:02d}:{open_m:02d}-{close_h:02d}:{close_m:02d}"
        if random.random() < 0.5:
            rule += f"; Sa {random.randrange(8, 12):02d}:00-{random.randrange(14, 20):02d}:00"
        if random.random() < 0.3:
            rule += "; PH off"
        if rule not in seen:
            seen.add(rule); out.write(rule + "\n")
    print(f"{lines} lines of {len(set(values))} distinct extract values; {distinct} distinct generated values",
          file=sys.stderr)
PY

python3 - "$VENUES" "$scratch" "$runs" <<'PY'
import statistics, subprocess, sys, time
binary, scratch, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name in ["repeated", "distinct"]:
    path = f"{scratch}/{name}.txt"
    count = sum(1 for _ in open(path, encoding="utf-8"))
    seconds = []
    for _ in range(runs):
        with open(path, "rb") as given:
            start = time.perf_counter()
            subprocess.run([binary, "hours", "--format", "json", "--at", "2026-11-25T16:30+02:00",
                            "--near", "60.17,24.94", "--country", "FI"],
                           stdin=given, stdout=subprocess.DEVNULL, check=True)
            seconds.append(time.perf_counter() - start)
    median = statistics.median(seconds)
    print(f"venues hours, {name:8s}: {count:,} values in {median:.2f} s: {count / median:,.0f} values/s "
          f"(median of {runs})")
PY

index="$work/country.sqlite"
if [ ! -s "$index" ]; then
    echo "(no $index: run Benchmarks/osm-index.sh for the --open-now figures on the country index)" >&2
    exit 0
fi
export VENUES_DATA_DIR="$work/data" XDG_CACHE_HOME="$work/cache" VENUES_OVERPASS_URL="$index"
centres="$(python3 -c '
side = 60
print(" ".join(f"{50 + r * 10 / side + 0.0075:.6f},{5 + c * 20 / side + 0.0091:.6f}"
               for r, c in [(5, 7), (20, 31), (33, 12), (47, 50), (58, 3), (12, 44), (40, 25)]))')"
python3 - "$VENUES" "$queries" "$centres" "${AT-12:00 18:00 22:00}" <<'PY'
import resource, statistics, subprocess, sys, time
binary, queries, centres, at_times = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()
cpu = {}
least = {}
def median(command):
    # Wall time, and CPU time (user + system) beside it: on a shared machine the CPU time of a
    # process is the steadier figure of the two.
    seconds, cpu_seconds = [], []
    for n in range(queries):
        centre = centres[n % len(centres)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([binary, *command, "--providers", "osm", "--near", centre, "--format",
                        "json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        seconds.append(time.perf_counter() - start)
        # The least wall time at each centre: what the run the machine disturbed least took.
        key = (tuple(command), centre)
        least[key] = min(least.get(key, float("inf")), seconds[-1] * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu_seconds.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    cpu.setdefault(tuple(command), []).append(statistics.median(cpu_seconds) * 1000)
    return statistics.median(seconds) * 1000
# The share of places open, and so how many are judged per one shown, follows the hour: besides
# --open-now, the same filter at fixed wall-clock times in each venue's zone ($AT).
moments = [["--open-now"]] + [["--open-at", at] for at in at_times]
for label, command in [("nearby, 2 km", ["nearby", "--radius", "2000"]),
                       ("search ravintola, 30 km", ["search", "ravintola", "--radius", "30000", "--limit", "50"])]:
    # Interleaved: the filter's runs and the plain runs share the machine's moods.
    plain, filtered = [], {tuple(m): [] for m in moments}
    for _ in range(3):
        plain.append(median(command))
        for moment in moments:
            filtered[tuple(moment)].append(median(command + moment))
    a = statistics.median(plain)
    ca = statistics.median(cpu[tuple(command)])
    for moment in moments:
        b = statistics.median(filtered[tuple(moment)])
        cb = statistics.median(cpu[tuple(command + moment)])
        # Centre by centre, the least time with the filter against the least without.
        # (Fewer than seven runs visit fewer centres.)
        shares = [least[(tuple(command + moment), c)] / least[(tuple(command), c)] - 1
                  for c in centres if (tuple(command), c) in least and (tuple(command + moment), c) in least]
        print(f"{label:26s} {a:6.1f} ms, with {' '.join(moment):20s} {b:6.1f} ms: {100 * (b - a) / a:+6.1f} %"
              f"   CPU {ca:6.1f} -> {cb:6.1f} ms: {100 * (cb - ca) / ca:+6.1f} %"
              f"   least, median of the centres: {100 * statistics.median(shares):+6.1f} %")
PY

if [ "${INSTRUCTIONS:-1}" = 0 ] || ! command -v valgrind >/dev/null; then
    exit 0
fi
# Valgrind 3.19 cannot read the DWARF 5 the toolchain writes: a copy without debug information.
objcopy --strip-debug "$VENUES" "$scratch/venues"
python3 - "$scratch/venues" "$centres" "${AT-12:00 18:00 22:00}" "${INSTRUCTION_CENTRES:-3}" <<'PY'
import re, statistics, subprocess, sys
binary, at_times = sys.argv[1], sys.argv[3].split()
centres = sys.argv[2].split()[:int(sys.argv[4])]
def instructions(command, centre):
    run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          binary, *command, "--providers", "osm", "--near", centre, "--format", "json",
                          # Valgrind runs the process some fifty times slower than it runs.
                          "--timeout", "600"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return int(re.search(r"I\s+refs:\s+([\d,]+)", run.stderr).group(1).replace(",", ""))
moments = [["--open-now"]] + [["--open-at", at] for at in at_times]
for label, command in [("nearby, 2 km", ["nearby", "--radius", "2000"]),
                       ("search ravintola, 30 km", ["search", "ravintola", "--radius", "30000", "--limit", "50"])]:
    plain = {c: instructions(command, c) for c in centres}
    for moment in moments:
        shares = [instructions(command + moment, c) / plain[c] - 1 for c in centres]
        print(f"{label:26s} {statistics.median(plain.values()) / 1e6:6.1f} M instructions, with {' '.join(moment):20s}"
              f" {' '.join(f'{100 * s:+5.1f} %' for s in shares)}   median {100 * statistics.median(shares):+5.1f} %")
PY
