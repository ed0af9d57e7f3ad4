#!/usr/bin/env bash
# The many-seed evaluation of the merge (issue 28): draws SEEDS evaluation sets from
# scripts/make-dedupe-eval.py (seeds FIRST … FIRST+SEEDS-1, default 1 … 20; each hard kind drawn
# many times per seed) and prints, on views of 300 m and 800 m, each seed's precision and
# recall, then per kind the mean and the worst seed. Not a test: it takes a minute or two.
#   Benchmarks/dedupe-seeds.sh [SEEDS] [FIRST]
#   DRAWS=1 Benchmarks/dedupe-seeds.sh     # one draw of each near miss a seed (--draws)
# Data © OpenStreetMap contributors, ODbL 1.0.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-20}
first=${2:-1}
dir=.build/dedupe-seeds${DRAWS:+-draws-$DRAWS}
mkdir -p "$dir"
files=()
for ((seed = first; seed < first + seeds; seed++)); do
    file="$dir/seed-$seed.json"
    if [[ ! -s "$file" || scripts/make-dedupe-eval.py -nt "$file" ]]; then
        python3 scripts/make-dedupe-eval.py --seed "$seed" ${DRAWS:+--draws "$DRAWS"} \
            Config/samples/helsinki-centre.osm >"$file.tmp"
        mv "$file.tmp" "$file"
    fi
    files+=("$file")
done
swift build -c release --product DedupeEvaluation >&2
"$(swift build -c release --show-bin-path)/DedupeEvaluation" --seeds "${files[@]}"
