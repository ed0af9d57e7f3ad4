#!/usr/bin/env bash
# The whole `venues` command, as a user runs it (release build). Run from anywhere:
#
#   Benchmarks/cli.sh            # RUNS=10 runs of each command (at least 5)
#   RUNS=20 Benchmarks/cli.sh
#   VENUES=/path/to/venues Benchmarks/cli.sh   # measure another build (no build step)
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
# system), and the ratio of the venues median to xmllint's. The runs use a throw-away
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
    (cd "$root" && swift build -c release --product venues 2>&1 | grep -E "error|Build" | tail -2)
    VENUES="$(cd "$root" && swift build -c release --show-bin-path)/venues"
fi
[ -x "$VENUES" ] || { echo "no venues binary at $VENUES" >&2; exit 1; }

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

nearby="$VENUES nearby --providers osm --near 60.1710,24.9414 --radius 500 --limit 5000 --format json"
bench() { # name, commands… → $work/NAME.json
    local name="$1"
    shift
    hyperfine --shell=none --warmup 2 --runs "$runs" --style basic --export-json "$work/$name.json" "$@" \
        >"$work/$name.log" 2>&1 || { cat "$work/$name.log" >&2; exit 1; }
}

echo "venues: $VENUES ($("$VENUES" --version)); $(xmllint --version 2>&1 | head -1); $runs runs each"
for file in "$extract" "$big"; do
    name="$(basename "$file" .osm)"
    export VENUES_OVERPASS_URL="$file"
    bench "$name" "xmllint --stream --noout $file" "$nearby"
done
unset VENUES_OVERPASS_URL
bench startup "$VENUES --version" "$VENUES favorites list"

python3 - "$work" "$extract" "$big" <<'PY'
import json, os, sys
work, files = sys.argv[1], sys.argv[2:]

def results(name):
    return json.load(open(os.path.join(work, name + ".json")))["results"]

def row(label, r, ratio=""):
    cpu = (r["user"] + r["system"]) * 1000
    print(f"| {label} | {r['median'] * 1000:.1f} | {cpu:.1f} | {ratio} |")

print()
print("| command | median wall (ms) | mean CPU (ms) | × xmllint (median) |")
print("| --- | ---: | ---: | ---: |")
for file in files:
    name = os.path.basename(file)[: -len(".osm")]
    size = os.path.getsize(file) / 1e6
    xmllint, venues = results(name)
    row(f"`xmllint --stream --noout` {name}.osm ({size:.1f} MB)", xmllint)
    row(f"`venues nearby … --limit 5000 --format json` on {name}.osm", venues,
        f"{venues['median'] / xmllint['median']:.2f}")
for r, label in zip(results("startup"), ["`venues --version`", "`venues favorites list`"]):
    row(label, r)
PY
