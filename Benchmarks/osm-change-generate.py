#!/usr/bin/env python3
"""Writes an OsmChange file that changes a share of an OSM XML file's venues (for the update
benchmark; never committed).

  osm-change-generate.py SOURCE.osm OUT.osc OBJECTS SEED

About OBJECTS changed objects, half of them venue nodes (a third renamed, a third moved a few
metres, a sixth deleted, a sixth new venues beside them) and half nodes of venue ways (every node
of the ways chosen moved by the same few metres: the ways move without being in the file, as in
real change files). SOURCE is read as osmium writes it (one element start per line), twice: once
to choose, once to write the chosen elements' new versions.
"""
import random
import re
import sys

ID = re.compile(r' id="(-?\d+)"')
REF = re.compile(r' ref="(-?\d+)"')
LAT = re.compile(r' lat="(-?[\d.]+)"')
LON = re.compile(r' lon="(-?[\d.]+)"')
VERSION = re.compile(r' version="(\d+)"')
VENUE_KEYS = ('k="amenity"', 'k="shop"', 'k="tourism"', 'k="leisure"')


def elements(path):
    """(kind, lines) of every node, way and relation."""
    current = None
    with open(path, encoding="utf-8", buffering=1 << 22) as source:
        for line in source:
            stripped = line.lstrip()
            kind = next((k for k in ("node", "way", "relation") if stripped.startswith("<" + k + " ")), None)
            if kind:
                if current:
                    yield current
                current = (kind, [line])
            elif stripped.startswith("</osm"):
                if current:
                    yield current
                current = None
            elif current:
                current[1].append(line)


def is_venue(lines):
    return any('k="name"' in l for l in lines) and any(key in l for l in lines for key in VENUE_KEYS)


def bumped(line):
    match = VERSION.search(line)
    version = int(match.group(1)) + 1 if match else 2
    if match:
        return VERSION.sub(f' version="{version}"', line, count=1)
    return line.replace(' id="', f' version="{version}" id="', 1)


def moved(line, dlat, dlon):
    line = LAT.sub(lambda m: ' lat="%.7f"' % (float(m.group(1)) + dlat), line, count=1)
    return LON.sub(lambda m: ' lon="%.7f"' % (float(m.group(1)) + dlon), line, count=1)


def main():
    source, out, objects, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    random.seed(seed)
    # First pass: count venue nodes and venue ways, and the nodes of each venue way.
    venue_nodes, venue_ways, refs_per_way = 0, 0, []
    for kind, lines in elements(source):
        if kind == "node" and is_venue(lines):
            venue_nodes += 1
        elif kind == "way" and is_venue(lines):
            venue_ways += 1
            refs_per_way.append(sum(1 for l in lines if " ref=" in l))
    average_refs = max(1.0, sum(refs_per_way) / max(1, len(refs_per_way)))
    node_share = (objects / 2) / max(1, venue_nodes)
    way_share = (objects / 2 / average_refs) / max(1, venue_ways)
    chosen_nodes = {}
    moved_ways = {}
    way_nodes = {}
    index_node = index_way = 0
    # Second pass: choose; remember what the chosen ways' nodes must do.
    for kind, lines in elements(source):
        if kind == "node" and is_venue(lines):
            if random.random() < node_share:
                chosen_nodes[int(ID.search(lines[0]).group(1))] = random.choice(
                    ["rename", "rename", "move", "move", "delete", "create"])
        elif kind == "way" and is_venue(lines) and random.random() < way_share:
            shift = (random.uniform(-0.0003, 0.0003), random.uniform(-0.0003, 0.0003))
            for line in lines:
                match = REF.search(line)
                if match:
                    way_nodes.setdefault(int(match.group(1)), shift)
    next_id = 9_000_000_000_000
    created = deleted = modified = 0
    with open(out, "w", encoding="utf-8") as target:
        target.write("<?xml version='1.0' encoding='UTF-8'?>\n<osmChange version=\"0.6\" generator=\"venues benchmark\">\n")
        for kind, lines in elements(source):
            if kind != "node":
                break
            node = int(ID.search(lines[0]).group(1))
            action = chosen_nodes.get(node)
            shift = way_nodes.get(node)
            if action is None and shift is None:
                continue
            if shift is not None and action in (None, "rename", "create"):
                target.write("<modify>\n" + moved(bumped(lines[0]), *shift) + "".join(lines[1:]) + "</modify>\n")
                modified += 1
            if action == "rename":
                text = [bumped(lines[0])] + [l.replace('k="name" v="', 'k="name" v="Uusi ') for l in lines[1:]]
                target.write("<modify>\n" + "".join(text) + "</modify>\n")
                modified += 1
            elif action == "move" and shift is None:
                target.write("<modify>\n" + moved(bumped(lines[0]), random.uniform(-0.0002, 0.0002),
                                                  random.uniform(-0.0002, 0.0002)) + "".join(lines[1:]) + "</modify>\n")
                modified += 1
            elif action == "delete" and node not in way_nodes:
                target.write("<delete>\n" + bumped(lines[0]).replace(">", "/>", 1) if lines[0].rstrip().endswith(">") and not lines[0].rstrip().endswith("/>") else "<delete>\n" + bumped(lines[0]))
                target.write("</delete>\n")
                deleted += 1
            elif action == "create":
                next_id += 1
                first = ID.sub(f' id="{next_id}"', lines[0], count=1)
                first = moved(VERSION.sub(' version="1"', first, count=1), 0.0001, 0.0001)
                text = [first] + [l.replace('k="name" v="', 'k="name" v="Uusi ') for l in lines[1:]]
                target.write("<create>\n" + "".join(text) + "</create>\n")
                created += 1
        target.write("</osmChange>\n")
    print(f"{modified} modified, {created} created, {deleted} deleted "
          f"({len(way_nodes)} nodes of venue ways)", file=sys.stderr)


if __name__ == "__main__":
    main()
