#!/usr/bin/env python3
"""Generates the OSM files of the index benchmark from an extract (never committed: /tmp).

  osm-generate.py tiled   EXTRACT OUT COPIES    every element COPIES times (real structure: untagged
                                                nodes, ways, relations), ids shifted by k*10^10 and
                                                positions by k extract-widths east, one valid document
                                                in node-way-relation order, ids ascending
  osm-generate.py country EXTRACT OUT VENUES    the extract's venue nodes with their tags and its
                                                venue ways with their nodes, tiled on a grid over a
                                                country-size area until at least VENUES venue nodes

Elements are copied line by line from the extract as osmium writes it (one element start per
line); only id, ref, lat and lon attributes are rewritten.
"""
import math
import re
import sys

ID = re.compile(r'( (?:id|ref))="(-?\d+)"')
LAT = re.compile(r' lat="(-?[\d.]+)"')
LON = re.compile(r' lon="(-?[\d.]+)"')
VENUE_KEYS = ('k="amenity"', 'k="shop"', 'k="tourism"', 'k="leisure"')


def elements(path):
    """(kind, lines) of every node, way and relation, and the prolog and bounds lines."""
    prolog, result, current = [], [], None
    with open(path, encoding="utf-8") as source:
        for line in source:
            stripped = line.lstrip()
            kind = next((k for k in ("node", "way", "relation") if stripped.startswith("<" + k + " ")), None)
            if kind:
                if current:
                    result.append(current)
                current = (kind, [line])
            elif stripped.startswith("</osm"):
                if current:
                    result.append(current)
                current = None
            elif current:
                current[1].append(line)
            elif not stripped.startswith("<bounds"):
                prolog.append(line)
    return prolog, result


def is_venue(lines):
    return any('k="name"' in l for l in lines) and any(key in l for l in lines for key in VENUE_KEYS)


def bounds(items):
    lats, lons = [], []
    for kind, lines in items:
        if kind == "node":
            lat, lon = LAT.search(lines[0]), LON.search(lines[0])
            if lat and lon:
                lats.append(float(lat.group(1)))
                lons.append(float(lon.group(1)))
    return min(lats), min(lons), max(lats), max(lons)


def rewrite(line, shift, dlat, dlon):
    if shift:
        line = ID.sub(lambda m: f'{m.group(1)}="{int(m.group(2)) + shift}"', line)
    if dlat or dlon:
        line = LAT.sub(lambda m: ' lat="%.7f"' % ((round(float(m.group(1)) * 1e7) + round(dlat * 1e7)) / 1e7), line)
        line = LON.sub(lambda m: ' lon="%.7f"' % ((round(float(m.group(1)) * 1e7) + round(dlon * 1e7)) / 1e7), line)
    return line


def write(out, prolog, parts, tiles, box):
    with open(out, "w", encoding="utf-8", buffering=1 << 22) as target:
        target.write("".join(prolog))
        south = min(t[1] for t in tiles) + box[0]
        west = min(t[2] for t in tiles) + box[1]
        north = max(t[1] for t in tiles) + box[2]
        east = max(t[2] for t in tiles) + box[3]
        target.write(f'  <bounds minlat="{south:.7f}" minlon="{west:.7f}" maxlat="{north:.7f}" maxlon="{east:.7f}"/>\n')
        for part in parts:
            for shift, dlat, dlon in tiles:
                chunk = []
                for kind, lines in part:
                    for line in lines:
                        chunk.append(rewrite(line, shift, dlat, dlon))
                target.write("".join(chunk))
        target.write("</osm>\n")


def main():
    mode, extract, out, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    prolog, items = elements(extract)
    box = bounds(items)
    width = box[3] - box[1] + 0.001
    if mode == "tiled":
        parts = [[e for e in items if e[0] == kind] for kind in ("node", "way", "relation")]
        tiles = [(k * 10_000_000_000, 0.0, k * width) for k in range(count)]
    else:
        venue_ways = [e for e in items if e[0] == "way" and is_venue(e[1])]
        refs = set()
        for _, lines in venue_ways:
            refs.update(int(m.group(1)) for l in lines for m in re.finditer(r' ref="(-?\d+)"', l))
        nodes = [e for e in items if e[0] == "node" and (is_venue(e[1]) or int(ID.search(e[1][0]).group(2)) in refs)]
        venues_per_tile = sum(1 for e in nodes if is_venue(e[1]))
        tiles_needed = math.ceil(count / venues_per_tile)
        side = math.ceil(math.sqrt(tiles_needed))
        # A grid over about 10 degrees of latitude and 20 of longitude (a country the size of
        # Finland or Germany), south-west corner at 50N 5E.
        tiles = []
        for k in range(tiles_needed):
            row, column = divmod(k, side)
            tiles.append((k * 10_000_000_000, 50 + row * 10 / side - box[0], 5 + column * 20 / side - box[1]))
        parts = [nodes, venue_ways]
        print(f"{tiles_needed} tiles of {venues_per_tile} venue nodes and {len(venue_ways)} venue ways", file=sys.stderr)
    write(out, prolog, parts, tiles, box)


if __name__ == "__main__":
    main()
