#!/usr/bin/env bash
# The whole `venues` command, as a user runs it (release build). Run from anywhere:
#
#   Benchmarks/cli.sh            # RUNS=10 runs of each command (at least 5)
#   RUNS=20 Benchmarks/cli.sh
#   VENUES=/path/to/venues Benchmarks/cli.sh   # measure another build (no build step)
#   BASELINE=/path/to/old/venues Benchmarks/cli.sh   # and an older build, in the same runs
#
# 1. builds `venues` in release mode (unless VENUES names a binary);
# 2. generates a file ten times the bundled extract in /tmp with Benchmarks/tile-extract.py
#    (never committed);
# 3. for the bundled extract and the ten-times file, in one hyperfine run each:
#    `xmllint --stream --noout FILE` (libxml2's own streaming pass, the floor for this stack)
#    and `venues nearby --providers osm --near 60.1710,24.9414 --radius 500 --limit 5000
#    --format json` with VENUES_OVERPASS_URL=FILE, every venue rendered;
# 4. start-up: `venues --version` and `venues favorites list` (an empty favourites file).
#
# Figures: the median wall time of RUNS runs (after 2 warm-ups), the mean CPU time (user +
# system), and the ratios of venues to xmllint in both. With BASELINE, every venues
# command is also run with that binary, interleaved in the same hyperfine run (before/after
# figures under the same load). The runs use a throw-away
# configuration, data and cache folder, so nothing of the user's is read or written. On a
# shared machine, compare CPU times as well as wall times: other work stretches the latter.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
extract="$root/Config/samples/helsinki-centre.osm"
runs="${RUNS:-10}"
[ "$runs" -ge 5 ] || { echo "RUNS must be at least 5" >&2; exit 64; }
work="${TMPDIR:-/tmp}/venues-cli-bench"
mkdir -p "$work"
big="$work/helsinki-centre-x10.osm"

# hyperfine and xmllint come from Debian packages; install them when missing (as root, or
# with sudo), as scripts/install-deps does for the C libraries.
need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v xmllint >/dev/null || need+=(libxml2-utils)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
    echo "Installing ${need[*]}…" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >&2
fi

if [ -z "${VENUES:-}" ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product venues 2>&1 | grep -E "error|Build" | tail -2)
    VENUES="$(cd "$root" && swift build -c release --static-swift-stdlib --show-bin-path)/venues"
fi
[ -x "$VENUES" ] || { echo "no venues binary at $VENUES" >&2; exit 1; }
[ -z "${BASELINE:-}" ] || [ -x "$BASELINE" ] || { echo "no baseline binary at $BASELINE" >&2; exit 1; }

if [ ! -s "$big" ] || [ "$big" -ot "$extract" ]; then
    python3 "$here/tile-extract.py" "$extract" "$big"
fi
xmllint --stream --noout "$big" # fails loudly if the generated document is not well-formed

# A sandbox: no user configuration, an empty data and cache folder, no keys, no proxy.
sandbox="$work/home"
rm -rf "$sandbox"
mkdir -p "$sandbox"
export HOME="$sandbox" XDG_CONFIG_HOME="$sandbox/config" XDG_DATA_HOME="$sandbox/data" \
    XDG_CACHE_HOME="$sandbox/cache" VENUES_DATA_DIR="$sandbox/data"
unset VENUES_CONFIG FOURSQUARE_API_KEY GOOGLE_PLACES_API_KEY http_proxy https_proxy HTTP_PROXY HTTPS_PROXY

arguments="nearby --providers osm --near 60.1710,24.9414 --radius 500 --limit 5000 --format json"
binaries=("$VENUES")
[ -z "${BASELINE:-}" ] || binaries+=("$BASELINE")
bench() { # name, commands… → $work/NAME.json
    local name="$1"
    shift
    hyperfine --shell=none --warmup 2 --runs "$runs" --style basic --export-json "$work/$name.json" "$@" \
        >"$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; exit 1; }
}

echo "venues: $VENUES ($("$VENUES" --version))${BASELINE:+; baseline: $BASELINE}"
echo "$(xmllint --version 2>&1 | head -1); $runs runs each; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
for file in "$extract" "$big"; do
    name="$(basename "$file" .osm)"
    export VENUES_OVERPASS_URL="$file"
    commands=("xmllint --stream --noout $file")
    for binary in "${binaries[@]}"; do commands+=("$binary $arguments"); done
    bench "$name" "${commands[@]}"
done
unset VENUES_OVERPASS_URL
commands=()
for binary in "${binaries[@]}"; do commands+=("$binary --version" "$binary favorites list"); done
bench startup "${commands[@]}"

python3 - "$work" "${#binaries[@]}" "$extract" "$big" <<'PY'
import json, os, sys
work, builds, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
labels = ["", " (baseline)"]

def results(name):
    return json.load(open(os.path.join(work, name + ".json")))["results"]

def cpu(r):
    return r["user"] + r["system"]

def row(label, r, reference=None):
    ratios = ""
    if reference:
        ratios = f"{r['median'] / reference['median']:.2f} | {cpu(r) / cpu(reference):.2f}"
    else:
        ratios = " | "
    print(f"| {label} | {r['median'] * 1000:.1f} | {cpu(r) * 1000:.1f} | {ratios} |")

print()
print("| command | median wall (ms) | mean CPU (ms) | × xmllint (wall) | × xmllint (CPU) |")
print("| --- | ---: | ---: | ---: | ---: |")
for file in files:
    name = os.path.basename(file)[: -len(".osm")]
    size = os.path.getsize(file) / 1e6
    xmllint, *venues = results(name)
    row(f"`xmllint --stream --noout` {name}.osm ({size:.1f} MB)", xmllint)
    for build, r in enumerate(venues):
        row(f"`venues nearby … --limit 5000 --format json` on {name}.osm{labels[build]}", r, xmllint)
startup = results("startup")
for build in range(builds):
    version, favorites = startup[2 * build : 2 * build + 2]
    row(f"`venues --version`{labels[build]}", version)
    row(f"`venues favorites list`{labels[build]}", favorites)
PY
