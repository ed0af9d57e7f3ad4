#!/usr/bin/env python3
"""Cuts an OSM XML file into regions by a grid of bounding boxes (for Benchmarks/regions.sh;
the region files go to /tmp, never committed).

  osm-split.py INPUT OUTDIR COUNT [--centre LAT,LON] [--prefix NAME]

COUNT is a square (1, 4, 16, 64, ...): a grid of sqrt(COUNT) x sqrt(COUNT) equal cells over the
file's <bounds> (else the rectangle around its nodes). With --centre the grid is widened, never
narrowed, so that its middle lines pass through that point: with an even side the point is a
corner of four regions in every split of 4, 16, 64 ... cells. Writes OUTDIR/NAME-ROW-COL.osm
(NAME defaults to the input's name without .osm), row 0 in the south, column 0 in the west, each
a valid document in node-way-relation order with a <bounds> element of its cell, and prints one
line per region: the file, its bounds, its elements and the nodes it carries from other cells.

What goes where, so that every region holds complete ways:
- a node goes to the cell it lies in (points outside the grid to the nearest cell);
- a way goes to the cell of its first node; a relation to the cell of its first member node,
  else of its first member way (else the first cell);
- a node also goes to every other cell whose ways or relations name it (as a way's node or a
  relation's member), so a way near an edge carries its nodes across it. A relation's member
  ways are not carried: each stays in its own cell (the generated country has no relations).

Two streaming passes, elements cut at their start lines as osmium writes them (one element start
per line; the same assumption as osm-generate.py), nodes first and sorted by id. The first pass
keeps every node's id and position (16 bytes a node; then its cell, 2 bytes), each way's id and
cell, and the carried nodes; the second copies the elements' bytes unchanged into the region
files. On the 4M-venue country (2.5 GB, 6.8M nodes) a split into 64 takes about 150 s and
250 MB.
"""
import argparse
import array
import bisect
import math
import os
import re
import sys

START = re.compile(rb"^[ \t]*<(node|way|relation)[ \t/>]", re.M)
END = re.compile(rb"^[ \t]*</osm>", re.M)
BOUNDS = re.compile(rb"^[ \t]*<bounds [^\n]*\n", re.M)
ID = re.compile(rb' id="(-?\d+)"')
LAT = re.compile(rb' lat="(-?[\d.]+)"')
LON = re.compile(rb' lon="(-?[\d.]+)"')
ATTRIBUTE = re.compile(rb' (minlat|minlon|maxlat|maxlon)="(-?[\d.]+)"')
ND = re.compile(rb'<nd ref="(-?\d+)"')
MEMBER = re.compile(rb'<member type="(node|way|relation)" ref="(-?\d+)"')
BLOCK = 1 << 25


def elements(path):
    """('prolog', bytes) once, then (kind, bytes) of every node, way and relation in file order."""
    with open(path, "rb") as source:
        pending = b""
        prolog_done = False
        while True:
            block = source.read(BLOCK)
            data = pending + block
            starts = [(m.start(), m.group(1)) for m in START.finditer(data)]
            if not prolog_done:
                if not starts and block:
                    pending = data
                    continue
                end = starts[0][0] if starts else len(data)
                yield "prolog", data[:end]
                prolog_done = True
            if not block:
                # The last element runs to </osm>.
                for (begin, kind), (after, _) in zip(starts, starts[1:] + [(None, None)]):
                    text = data[begin:after] if after is not None else data[begin:]
                    if after is None:
                        close = END.search(text)
                        text = text[: close.start()] if close else text
                    yield kind.decode(), text
                return
            # Keep the last start (its element may go on in the next block).
            for (begin, kind), (after, _) in zip(starts, starts[1:]):
                yield kind.decode(), data[begin:after]
            pending = data[starts[-1][0]:] if starts else data


def parse_bounds(prolog):
    found = BOUNDS.search(prolog)
    if not found:
        return None
    values = {k.decode(): float(v) for k, v in ATTRIBUTE.findall(found.group(0))}
    if len(values) != 4:
        return None
    return values["minlat"], values["minlon"], values["maxlat"], values["maxlon"]


class Grid:
    def __init__(self, box, side, centre):
        south, west, north, east = box
        if centre:
            lat, lon = centre
            half_lat = max(lat - south, north - lat)
            half_lon = max(lon - west, east - lon)
            south, north, west, east = lat - half_lat, lat + half_lat, lon - half_lon, lon + half_lon
        self.south, self.west, self.north, self.east, self.side = south, west, north, east, side
        self.height = (north - south) / side or 1e-9
        self.width = (east - west) / side or 1e-9

    def cell(self, lat, lon):
        row = min(self.side - 1, max(0, int((lat - self.south) / self.height)))
        column = min(self.side - 1, max(0, int((lon - self.west) / self.width)))
        return row * self.side + column

    def bounds(self, cell):
        row, column = divmod(cell, self.side)
        return (self.south + row * self.height, self.west + column * self.width,
                self.south + (row + 1) * self.height, self.west + (column + 1) * self.width)


def plan(path, count, centre):
    """The first pass: the grid, every node's cell, every way's and relation's cell, and the
    carried nodes (node index -> the other cells whose ways or relations need it)."""
    side = math.isqrt(count)
    if side * side != count:
        sys.exit(f"COUNT must be a square (1, 4, 16, 64, ...), not {count}")
    ids, lats, lons = array.array("q"), array.array("i"), array.array("i")
    bounds = grid = node_cells = None
    way_ids, way_cells, relation_cells = array.array("q"), array.array("H"), array.array("H")
    carried = {}

    def index_of(identifier):
        at = bisect.bisect_left(ids, identifier)
        return at if at < len(ids) and ids[at] == identifier else None

    def place_nodes():
        # The nodes come first (node-way-relation order): their cells are known once all are read.
        nonlocal grid, node_cells, lats, lons
        if not ids:
            sys.exit(f"{path}: no nodes")
        box = bounds or (min(lats) / 1e7, min(lons) / 1e7, max(lats) / 1e7, max(lons) / 1e7)
        grid = Grid(box, side, centre)
        node_cells = array.array("H", (grid.cell(lat / 1e7, lon / 1e7) for lat, lon in zip(lats, lons)))
        lats = lons = None

    def carry(nodes, cell):
        for i in nodes:
            if node_cells[i] != cell:
                carried.setdefault(i, set()).add(cell)

    last = None
    for kind, text in elements(path):
        if kind == "prolog":
            bounds = parse_bounds(text)
        elif kind == "node":
            if grid is not None:
                sys.exit(f"{path}: a node after a way or relation: the file must be in node-way-relation order (osmium sort)")
            line = text[: text.find(b"\n")] if b"\n" in text else text
            identifier = int(ID.search(line).group(1))
            if last is not None and identifier <= last:
                sys.exit(f"{path}: node {identifier} after {last}: the nodes must be sorted by id (osmium sort)")
            last = identifier
            lat, lon = LAT.search(line), LON.search(line)
            if not (lat and lon):
                sys.exit(f"{path}: node {identifier} has no position")
            ids.append(identifier)
            lats.append(round(float(lat.group(1)) * 1e7))
            lons.append(round(float(lon.group(1)) * 1e7))
        elif kind == "way":
            if grid is None:
                place_nodes()
            nodes = [i for i in (index_of(int(r)) for r in ND.findall(text)) if i is not None]
            cell = node_cells[nodes[0]] if nodes else 0
            way_ids.append(int(ID.search(text).group(1)))
            way_cells.append(cell)
            carry(nodes, cell)
        else:
            if grid is None:
                place_nodes()
            cell, nodes = None, []
            for member_kind, ref in MEMBER.findall(text):
                ref = int(ref)
                if member_kind == b"node":
                    i = index_of(ref)
                    if i is not None:
                        nodes.append(i)
                        cell = node_cells[i] if cell is None else cell
                elif member_kind == b"way" and cell is None:
                    at = bisect.bisect_left(way_ids, ref)
                    if at < len(way_ids) and way_ids[at] == ref:
                        cell = way_cells[at]
            cell = 0 if cell is None else cell
            relation_cells.append(cell)
            carry(nodes, cell)
    if grid is None:
        place_nodes()
    return grid, node_cells, way_cells, relation_cells, carried


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("outdir")
    parser.add_argument("count", type=int)
    parser.add_argument("--centre", help="LAT,LON the grid's middle lines pass through")
    parser.add_argument("--prefix")
    arguments = parser.parse_args()
    centre = tuple(float(v) for v in arguments.centre.split(",")) if arguments.centre else None
    prefix = arguments.prefix or os.path.basename(arguments.input).split(".osm")[0]
    grid, node_cells, way_cells, relation_cells, carried = plan(arguments.input, arguments.count, centre)

    os.makedirs(arguments.outdir, exist_ok=True)
    cells = range(arguments.count)
    digits = len(str(grid.side - 1))
    names = [os.path.join(arguments.outdir, f"{prefix}-{r:0{digits}d}-{c:0{digits}d}.osm")
             for r, c in (divmod(cell, grid.side) for cell in cells)]
    outputs = [open(name, "wb", buffering=1 << 20) for name in names]
    counts = [[0, 0, 0, 0] for _ in cells]  # nodes, ways, relations, carried nodes
    node = way = relation = 0
    for kind, text in elements(arguments.input):
        if kind == "prolog":
            prolog = BOUNDS.sub(b"", text)
            for cell, output in enumerate(outputs):
                south, west, north, east = grid.bounds(cell)
                # The <bounds> line goes right after the <osm ...> line.
                head, _, rest = prolog.partition(b"<osm")
                line_end = rest.find(b">") + 1
                output.write(head + b"<osm" + rest[:line_end] + b"\n")
                output.write(f'  <bounds minlat="{south:.7f}" minlon="{west:.7f}" maxlat="{north:.7f}" maxlon="{east:.7f}"/>\n'.encode())
                tail = rest[line_end:].lstrip(b"\r\n")
                if tail.strip():
                    output.write(tail)
            continue
        if kind == "node":
            cell = node_cells[node]
            outputs[cell].write(text)
            counts[cell][0] += 1
            for other in carried.get(node, ()):
                outputs[other].write(text)
                counts[other][3] += 1
            node += 1
        elif kind == "way":
            cell = way_cells[way]
            outputs[cell].write(text)
            counts[cell][1] += 1
            way += 1
        else:
            cell = relation_cells[relation]
            outputs[cell].write(text)
            counts[cell][2] += 1
            relation += 1
    for cell, output in enumerate(outputs):
        output.write(b"</osm>\n")
        output.close()
        south, west, north, east = grid.bounds(cell)
        n, w, r, c = counts[cell]
        print(f"{names[cell]}\t{south:.7f},{west:.7f},{north:.7f},{east:.7f}\t{n} nodes, {w} ways, {r} relations, {c} carried nodes")


if __name__ == "__main__":
    main()
