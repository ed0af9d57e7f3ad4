#!/usr/bin/env python3
"""Writes an OSM XML file ten times (or N times) the size of an extract, for benchmarks.

    Benchmarks/tile-extract.py SOURCE.osm DEST.osm [COPIES]

The extract's nodes, ways and relations are repeated with ids (and references) shifted by
k * 10^10 (k = 0 … COPIES-1): one valid OSM XML document in the usual nodes–ways–relations
order, ids ascending within each copy. Positions are not moved, so a search around the
extract's centre finds every copy. The output is never committed (benchmarks write it to /tmp).
"""
import re
import sys

src, dst = sys.argv[1], sys.argv[2]
copies = int(sys.argv[3]) if len(sys.argv) > 3 else 10
lines = open(src, encoding="utf-8").read().split("\n")
start = next(i for i, l in enumerate(lines) if l.lstrip().startswith(("<node", "<way", "<relation")))
end = max(i for i, l in enumerate(lines) if l.strip() == "</osm>")
body = lines[start:end]


def section(prefix):
    out, inside = [], False
    for l in body:
        s = l.lstrip()
        if s.startswith(("<node", "<way", "<relation")):
            inside = s.startswith(prefix)
        if inside:
            out.append(l)
    return out


sections = [section("<node"), section("<way"), section("<relation")]
ids = re.compile(r'( (?:id|ref))="(\d+)"')
with open(dst, "w", encoding="utf-8") as f:
    f.write("\n".join(lines[:start]) + "\n")
    for part in sections:
        for k in range(copies):
            shift = k * 10_000_000_000
            f.write("\n".join(ids.sub(lambda m: f'{m.group(1)}="{int(m.group(2)) + shift}"', l) for l in part) + "\n")
    f.write("</osm>\n")
