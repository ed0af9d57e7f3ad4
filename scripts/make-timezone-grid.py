#!/usr/bin/env python3
"""Compacts the time-zone boundaries shipped by PyPI `timezonefinder` into a quadtree file.

Writes the file `timezones.bin` described below, base64-encoded in a Swift string literal, to
`Sources/VenuesTimeZones/TimeZoneGridData.swift` (read by `TimeZoneLookup`; a `[UInt8]` literal
through SwiftPM's `.embedInCode` took 210 s to compile in a debug build, the string 0.25 s), and
the differential-test fixture `Tests/VenuesTimeZonesTests/Fixtures/timezonefinder-sample.tsv`.
See docs/time-zones.md for the precision, the sizes and the licence.

    pip install timezonefinder==9.0.0 timezonefinder-data==3.2026.3.post1 rasterio shapely
    python3 scripts/make-timezone-grid.py   # about 4 minutes and 6 GB of memory
    python3 scripts/make-timezone-grid.py --binary-output /tmp/timezones.bin --samples 0

How it works:

1. Every zone polygon (timezone-boundary-builder, with the ocean zones `Etc/GMT±N`) is
   rasterised onto a grid of 7.5° / 2^9 = 0.0146484375° cells, each cell taking the zone at its
   centre (GDAL's rule), 24576 x 12288 cells, rows from the south pole.
2. A quadtree over 48 x 24 root cells of 7.5° (the ocean zones' meridians fall on root cell
   edges, so they cost nothing) is built bottom-up: a cell whose samples are all one zone is a
   leaf. Coastal cells of at most 7.5° / 2^COAST_LEVEL (0.117°) whose samples are one land zone
   and ocean zones only become a leaf of that land zone, so sea near a coast answers the land
   zone instead of costing a subdivision of every coastline.
3. The tree is written in preorder as a bit stream (see `encode`).

File layout (integers little-endian, varint = unsigned LEB128):

    "VTZ1"  u8 levels  u8 coast level  u16 root columns  u16 root rows
    varint n, n bytes: data version (UTF-8)
    varint zone count, then per zone: varint n, n bytes of the IANA identifier (UTF-8)
    per root cell, in row-major order (south to north, west to east): varint n, the byte
    length of its tree
    the trees, one after the other

A root cell's tree is a bit stream (most significant bit of each byte first, the last byte
padded with zero-bits) so that a reader decodes only the root cells it needs. In preorder, a
node above the finest level starts with 1 (split: then its children SW, SE, NW, NE) or 0 (leaf:
then a zone code); a node at the finest level is a zone code alone. A zone code is a
move-to-front rank over the zone indices, in order at the start of each root cell: rank r < 4
as r one-bits and a zero-bit, otherwise four one-bits and the zone index in
ceil(log2(zone count)) bits.
"""

import argparse
import math
import struct
import sys
import time
from pathlib import Path

import numpy as np

LEVELS = 9
ROOT_DEGREES = 7.5
COAST_LEVEL = 6
ROOT_COLUMNS = 48
ROOT_ROWS = 24
MIXED = 65535
NO_LAND = 65534
MTF_RANKS = 4


def log(message):
    print(message, file=sys.stderr, flush=True)


def is_ocean(name):
    return name.startswith("Etc/GMT")


def rasterize(finder, cache):
    """The zone index at every cell centre, rows from the south."""
    if cache and Path(cache).exists():
        return np.load(cache)
    from rasterio import features
    from rasterio.transform import from_origin

    size = ROOT_DEGREES / 2**LEVELS
    width, height = ROOT_COLUMNS << LEVELS, ROOT_ROWS << LEVELS

    def shapes():
        for zone in range(finder.nr_of_zones):
            for polygon in finder.get_geometry(tz_id=zone, use_id=True, coords_as_pairs=True):
                yield {"type": "Polygon", "coordinates": [list(ring) for ring in polygon]}, zone

    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # three degenerate slivers of three vertices are skipped
        raster = features.rasterize(
            shapes(),
            out_shape=(height, width),
            transform=from_origin(-180, 90, size, size),
            fill=MIXED,
            dtype="uint16",
        )
    raster = np.ascontiguousarray(np.flipud(raster))
    if (raster == MIXED).any():
        raise SystemExit("some cells have no zone")
    if cache:
        np.save(cache, raster)
    return raster


def build(raster, ocean):
    """Per level (0 = root), each cell's leaf zone, or MIXED where the cell is split."""
    exact = raster
    land = np.where(ocean[raster], NO_LAND, raster).astype(np.uint16)
    leaves = [None] * (LEVELS + 1)
    for level in range(LEVELS, -1, -1):
        leaf = exact.copy()
        if level >= COAST_LEVEL:
            coastal = (exact == MIXED) & (land < NO_LAND)
            leaf[coastal] = land[coastal]
        leaves[level] = leaf
        if level == 0:
            break
        h, w = exact.shape
        quads = exact.reshape(h // 2, 2, w // 2, 2)
        first = quads[:, 0:1, :, 0:1]
        exact = np.where((quads == first).all(axis=(1, 3)), first[:, 0, :, 0], MIXED).astype(np.uint16)
        quads = land.reshape(h // 2, 2, w // 2, 2).astype(np.int32)
        highest = np.where(quads == NO_LAND, -1, quads).max(axis=(1, 3))
        lowest = np.where(quads == NO_LAND, 1 << 20, quads).min(axis=(1, 3))
        land = np.where(highest < 0, NO_LAND, np.where(lowest == highest, highest, MIXED)).astype(np.uint16)
    return leaves


class BitWriter:
    def __init__(self):
        self.bytes = bytearray()
        self.count = 0

    def write(self, value, width):
        for shift in range(width - 1, -1, -1):
            if self.count % 8 == 0:
                self.bytes.append(0)
            if (value >> shift) & 1:
                self.bytes[-1] |= 0x80 >> (self.count % 8)
            self.count += 1


def encode(leaves, zone_count):
    """Each root cell's tree, as bytes."""
    index_width = max(1, math.ceil(math.log2(zone_count)))
    counts = {"split": 0, "leaf": 0}
    bits = None
    recent = None

    def zone_code(zone):
        rank = recent.index(zone)
        if rank < MTF_RANKS:
            bits.write((1 << (rank + 1)) - 2, rank + 1)
        else:
            bits.write((1 << MTF_RANKS) - 1, MTF_RANKS)
            bits.write(zone, index_width)
        recent.pop(rank)
        recent.insert(0, zone)

    def node(level, row, column):
        value = int(leaves[level][row, column])
        if level == LEVELS:
            counts["leaf"] += 1
            zone_code(value)
        elif value != MIXED:
            counts["leaf"] += 1
            bits.write(0, 1)
            zone_code(value)
        else:
            counts["split"] += 1
            bits.write(1, 1)
            for child in range(4):
                node(level + 1, row * 2 + (child >> 1), column * 2 + (child & 1))

    trees = []
    for row in range(ROOT_ROWS):
        for column in range(ROOT_COLUMNS):
            bits = BitWriter()
            recent = list(range(zone_count))
            node(0, row, column)
            trees.append(bytes(bits.bytes))
    return trees, counts


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def string(text):
    data = text.encode("utf-8")
    return varint(len(data)) + data


def grid_file(leaves, names, version):
    trees, counts = encode(leaves, len(names))
    out = bytearray(b"VTZ1")
    out += struct.pack("<BBHH", LEVELS, COAST_LEVEL, ROOT_COLUMNS, ROOT_ROWS)
    out += string(version)
    out += varint(len(names))
    for name in names:
        out += string(name)
    for tree in trees:
        out += varint(len(tree))
    for tree in trees:
        out += tree
    log(f"timezones.bin: {len(out)} bytes, {counts['split']} splits, {counts['leaf']} leaves")
    return bytes(out)


def write_swift(path, grid, version):
    import base64

    text = base64.b64encode(grid).decode("ascii")
    lines = [text[start : start + 100] for start in range(0, len(text), 100)]
    source = (
        "// Generated by scripts/make-timezone-grid.py: do not edit.\n"
        f"// {version}, ODbL 1.0 (see docs/time-zones.md).\n"
        "\n"
        "extension TimeZoneGrid {\n"
        f"    /// `timezones.bin` ({len(grid)} bytes) in base64, 100 characters a line.\n"
        '    static let base64: StaticString = """\n'
        + "".join(f"        {line}\n" for line in lines)
        + '        """\n'
        "}\n"
    )
    Path(path).write_text(source)
    log(f"{path}: {len(source)} bytes")


def write_samples(path, finder, count, seed):
    """Random land points (uniform on the sphere) with timezonefinder's answer and the distance
    in degrees (in the latitude/longitude plane, capped at 1) to the nearest border of the zone
    polygon holding them: with another zone or with the open sea (a polygon's edge on a meridian
    where timezonefinder splits a zone counts too, so the distance errs short)."""
    import shapely
    from shapely.geometry import Point, Polygon

    names = finder.timezone_names
    polygons, zones = [], []
    for zone, name in enumerate(names):
        if is_ocean(name):
            continue
        for polygon in finder.get_geometry(tz_id=zone, use_id=True, coords_as_pairs=True):
            if len(polygon[0]) >= 4:
                polygons.append(Polygon(polygon[0], polygon[1:]))
                zones.append(zone)
    tree = shapely.STRtree(polygons)
    boundaries = {}
    rng = np.random.default_rng(seed)
    rows = []
    while len(rows) < count:
        latitude = round(math.degrees(math.asin(rng.uniform(-1, 1))), 5)
        longitude = round(rng.uniform(-180, 180), 5)
        name = finder.timezone_at_land(lng=longitude, lat=latitude)
        if name is None:
            continue
        point = Point(longitude, latitude)
        distance = 1.0
        for candidate in tree.query(point, predicate="intersects"):
            if names[zones[candidate]] == name:
                if candidate not in boundaries:
                    boundaries[candidate] = polygons[candidate].boundary
                distance = min(distance, boundaries[candidate].distance(point))
        rows.append(f"{latitude:.5f}\t{longitude:.5f}\t{name}\t{math.floor(distance * 10000) / 10000:.4f}")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    header = (
        f"# {count} random land points (seed {seed}) with timezonefinder {finder_version()}'s answer "
        "and the distance in degrees to the nearest border of its zone (capped at 1).\n"
        "# Made by scripts/make-timezone-grid.py.\n"
        "# latitude\tlongitude\tzone\tborder distance\n"
    )
    Path(path).write_text(header + "\n".join(rows) + "\n")
    log(f"{path}: {count} points")


def finder_version():
    from importlib.metadata import version

    return f"{version('timezonefinder')} (data {version('timezonefinder-data')})"


def main():
    root = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", default=root / "Sources/VenuesTimeZones/TimeZoneGridData.swift")
    parser.add_argument("--binary-output", help="also write timezones.bin itself here")
    parser.add_argument(
        "--samples-output", default=root / "Tests/VenuesTimeZonesTests/Fixtures/timezonefinder-sample.tsv"
    )
    parser.add_argument("--samples", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20261128)
    parser.add_argument("--raster-cache", help="an .npy file to keep the raster in between runs")
    args = parser.parse_args()

    from timezonefinder import TimezoneFinder

    finder = TimezoneFinder()
    names = finder.timezone_names
    ocean = np.array([is_ocean(name) for name in names])
    started = time.time()
    raster = rasterize(finder, args.raster_cache)
    log(f"rasterised in {time.time() - started:.0f} s")
    leaves = build(raster, ocean)
    del raster
    log(f"built in {time.time() - started:.0f} s")
    version = f"timezone-boundary-builder {finder.data_version}"
    grid = grid_file(leaves, names, version)
    if args.binary_output:
        Path(args.binary_output).write_bytes(grid)
    write_swift(args.output, grid, version)
    log(f"written in {time.time() - started:.0f} s")
    if args.samples:
        write_samples(args.samples_output, finder, args.samples, args.seed)


if __name__ == "__main__":
    main()
