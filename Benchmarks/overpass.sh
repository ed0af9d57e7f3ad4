#!/usr/bin/env bash
# Overpass provider benchmark (release mode). Run from anywhere:  Benchmarks/overpass.sh
#
# 1. builds OverpassBenchmark (this folder's package) in release mode;
# 2. generates a file ten times the bundled extract in /tmp (never committed) with
#    Benchmarks/tile-extract.py: the extract's nodes, ways and relations repeated with ids
#    shifted by k * 10^10 (k = 0…9), one valid OSM XML document in the usual
#    nodes–ways–relations order;
# 3. for each file: `xmllint --stream --noout` (libxml2's own streaming pass, the floor for
#    this stack), a full parse pass, and the local nearby search (500 m around the centre),
#    each under /usr/bin/time for the peak RSS. Times are the best of REPEAT runs in-process;
#    xmllint's is the best of REPEAT process runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
extract="${1:-$root/Config/samples/helsinki-centre.osm}"
repeat="${REPEAT:-5}"
work="${TMPDIR:-/tmp}/venues-overpass-bench"
mkdir -p "$work"
big="$work/$(basename "$extract" .osm)-x10.osm"

command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install libxml2-utils" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time missing: apt-get install time" >&2; exit 1; }

(cd "$here" && swift build -c release --static-swift-stdlib --product OverpassBenchmark 2>&1 | grep -E "error|Compiling|Build" | tail -3)
bin="$(cd "$here" && swift build -c release --static-swift-stdlib --show-bin-path)/OverpassBenchmark"

if [ ! -s "$big" ] || [ "$big" -ot "$extract" ]; then
    python3 "$here/tile-extract.py" "$extract" "$big"
fi
xmllint --stream --noout "$big"  # fails loudly if the generated document is not well-formed

best_xmllint() {
    local best=999999 t
    for _ in $(seq "$repeat"); do
        /usr/bin/time -f "%e" -o "$work/time.txt" xmllint --stream --noout "$1" >/dev/null 2>&1
        t=$(tail -1 "$work/time.txt")
        best=$(python3 -c "print(min($best, $t))")
    done
    echo "$best"
}

rss() {  # peak RSS in MB of a command
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2/1024}'
}

for file in "$extract" "$big"; do
    mb=$(python3 -c "import os; print(round(os.path.getsize('$file')/1e6, 2))")
    echo "== $(basename "$file")  ($mb MB)"
    x=$(best_xmllint "$file")
    echo "xmllint --stream --noout  best of $repeat: ${x} s  ($(python3 -c "print(round($mb/max($x,0.001),1))") MB/s)  peak RSS $(rss xmllint --stream --noout "$file") MB"
    "$bin" parse "$file" "$repeat"
    echo "  peak RSS (parse, 1 run): $(rss "$bin" parse "$file" 1) MB"
    "$bin" nearby "$file" 60.171634 24.944295 500 "$repeat"
    echo "  peak RSS (nearby, 1 run): $(rss "$bin" nearby "$file" 60.171634 24.944295 500 1) MB"
done
