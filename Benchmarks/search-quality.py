#!/usr/bin/env python3
"""How often `venues search` finds a place from what a person types, on the bundled extract.

  Benchmarks/search-quality.py VENUES_BINARY [INDEX]

For random named venues of Config/samples/helsinki-centre.osm (seed 2026), asked 500 m from the
place within 2 km, top 10, by relevance, through the index (imported into a temporary folder
unless INDEX is given): the share found for each kind of term (the name as written; lower case
without accents; the first 4 letters of a long word; one slip in a word of 5+ letters: a swap, a
dropped, doubled or neighbouring key; two slips in a word of 9+ letters; the words in another
order; a three-word name with a word left out), how often an exact unique name is first, and how
often a made-up word (5-10 letters, consonant-vowel) returns anything.
"""
import json, math, os, random, subprocess, sys, tempfile, unicodedata
import xml.etree.ElementTree as ET

here = os.path.dirname(os.path.abspath(__file__))
sample = os.path.join(here, "..", "Config", "samples", "helsinki-centre.osm")
binary = sys.argv[1]
work = tempfile.mkdtemp(prefix="venues-search-quality-")
index = sys.argv[2] if len(sys.argv) > 2 else os.path.join(work, "helsinki.sqlite")
env = dict(os.environ, VENUES_DATA_DIR=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"),
           VENUES_OVERPASS_URL=index)
if len(sys.argv) <= 2:
    subprocess.run([binary, "osm", "import", sample, "--output", index], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

venues = []
for element in ET.parse(sample).getroot():
    tags = {t.get("k"): t.get("v") for t in element.findall("tag")}
    if element.tag == "node" and "name" in tags and any(k in tags for k in ("amenity", "shop", "tourism", "leisure")):
        venues.append((f"osm:node/{element.get('id')}", tags["name"].strip(), float(element.get("lat")), float(element.get("lon"))))

random.seed(2026)
neighbours = dict(zip("qwertyuiopasdfghjklzxcvbnm", ["wa", "qes", "wrd", "etf", "ryg", "tuh", "yij", "uok", "ipl", "o", "qsz",
                  "adw", "sfe", "dgr", "fht", "gjy", "hku", "jli", "k", "xa", "zcs", "xvd", "cbf", "vng", "bmh", "nj"]))

def slip(word):
    letters = [i for i, c in enumerate(word[:-1]) if c.isalpha() and c.isascii()]
    if not letters:
        return None
    i = random.choice(letters)
    kind = random.randrange(4)
    if kind == 0 and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == 1:
        return word[:i] + word[i + 1:]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    keys = neighbours.get(word[i].lower())
    return word[:i] + random.choice(keys) + word[i + 1:] if keys else None

def with_slips(name, slips, shortest):
    words = name.split(" ")
    long = [i for i, w in enumerate(words) if sum(c.isalpha() for c in w) >= shortest]
    if not long:
        return None
    i = random.choice(long)
    word = words[i]
    for _ in range(slips):
        word = slip(word)
        if word is None:
            return None
    words[i] = word
    return " ".join(words)

def plain(text):
    return "".join(c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn")

def away(lat, lon, metres):
    bearing = random.uniform(0, 2 * math.pi)
    return lat + metres * math.cos(bearing) / 111195, lon + metres * math.sin(bearing) / (111195 * math.cos(math.radians(lat)))

def search(term, lat, lon):
    out = subprocess.run([binary, "search", term, "--providers", "osm", "--near", f"{lat:.6f},{lon:.6f}", "--radius", "2000",
                          "--limit", "10", "--format", "json"], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    return [v["id"] for v in json.loads(out.stdout)["venues"]] if out.returncode == 0 else []

kinds = {
    "the name as written": lambda n: n,
    "lower case, no accents": lambda n: plain(n),
    "the first 4 letters of a long word": lambda n: next((w[:4] for w in n.split(" ") if len(w) >= 7), None),
    "the name with one typo": lambda n: with_slips(n, 1, 5),
    "a long word with two typos": lambda n: with_slips(n, 2, 9),
    "the words in another order": lambda n: " ".join(reversed(n.split(" "))) if len(n.split(" ")) == 2 else None,
    "a three-word name with a word left out": lambda n: " ".join(n.split(" ")[0:1] + n.split(" ")[2:]) if len(n.split(" ")) == 3 else None,
}
per_kind = 100
print(f"{len(venues)} named venue nodes; {per_kind} terms a kind, 500 m from the place, 2 km, top 10")
for label, make in kinds.items():
    found = asked = 0
    pool = venues[:]
    random.shuffle(pool)
    for vid, name, lat, lon in pool:
        term = make(name)
        if not term or term.strip() == "":
            continue
        asked += 1
        if vid in search(term, *away(lat, lon, 500)):
            found += 1
        if asked == per_kind:
            break
    print(f"  {label:40s} {found:3d} of {asked:3d} = {100 * found / max(asked, 1):.0f} %")

names = {}
for vid, name, lat, lon in venues:
    names.setdefault(plain(name), []).append((vid, lat, lon))
unique = [(n, v[0]) for n, v in names.items() if len(v) == 1]
random.shuffle(unique)
first = 0
for name, (vid, lat, lon) in unique[:per_kind]:
    ids = search(name, *away(lat, lon, 500))
    first += bool(ids) and ids[0] == vid
print(f"  {'an exact unique name ranked first':40s} {first:3d} of {min(per_kind, len(unique)):3d}")

consonants, vowels = "bdfghjklmnprstvz", "aeiouy"
hits = 0
for _ in range(per_kind):
    word = "".join(random.choice(consonants if i % 2 == 0 else vowels) for i in range(random.randint(5, 10)))
    lat, lon = random.choice(venues)[2:]
    hits += bool(search(word, lat, lon))
print(f"  {'made-up words that returned anything':40s} {hits:3d} of {per_kind}")
