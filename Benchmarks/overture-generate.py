#!/usr/bin/env python3
"""Generates N Overture places (GeoJSON text sequence, as `overturemaps download -f geojsonseq`
writes them) in the places schema, for Benchmarks/overture.sh. Usage:

    overture-generate.py OUTPUT.geojsonseq N

Places lie on a jittered grid over southern Finland (59.8-62.8 N, 21-30 E); names, categories,
confidences, brands, addresses, websites, phones, socials, emails, operating statuses and
sources vary as in a real download (about 70 % of the fields present). Deterministic (seed 29).
"""
import json
import random
import sys
import uuid

output, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(29)
words = ["Kahvila", "Ravintola", "Baari", "Pub", "Kauppa", "Leipomo", "Pizzeria", "Sushi", "Deli", "Bistro",
         "Aurora", "Kaleva", "Pohjola", "Tapiola", "Sampo", "Ilmatar", "Kultainen", "Vanha", "Uusi", "Pieni",
         "Koivu", "Mänty", "Järvi", "Meri", "Satama", "Tori", "Kulma", "Puisto", "Ranta", "Kallio"]
categories = ["restaurant", "cafe", "coffee_shop", "bar", "pub", "bakery", "pizza_restaurant", "sushi_restaurant",
              "supermarket", "grocery_store", "clothing_store", "hotel", "museum", "park", "pharmacy", "bank",
              "atms", "gym", "hair_salon", "dentist", "car_dealer", "school", "church_cathedral", "parking"]
brands = [None] * 8 + ["K-Market", "S-Market", "Alepa", "R-Kioski", "Robert's Coffee", "Espresso House"]
datasets = [("meta", "CDLA-Permissive-2.0"), ("Foursquare", "Apache-2.0"), ("Microsoft", "CDLA-Permissive-2.0"),
            ("AllThePlaces", "CC0-1.0")]
statuses = ["open"] * 18 + ["temporarily_closed", "permanently_closed"]

with open(output, "w", encoding="utf-8") as out:
    side = int(count ** 0.5) + 1
    for i in range(count):
        row, column = divmod(i, side)
        lat = 59.8 + 3.0 * (row + rng.random()) / side
        lon = 21.0 + 9.0 * (column + rng.random()) / side
        name = f"{rng.choice(words)} {rng.choice(words)} {i % 997}"
        primary = rng.choice(categories)
        props = {
            "theme": "places", "type": "place", "version": rng.randint(0, 5),
            "sources": [{"property": "", "dataset": d, "license": l, "record_id": uuid.UUID(int=rng.getrandbits(128)).hex[:24],
                         "update_time": "2025-10-01T00:00:00.000Z", "confidence": round(rng.random(), 3)}
                        for d, l in rng.sample(datasets, rng.randint(1, 2))],
            "names": {"primary": name},
            "categories": {"primary": primary},
            "confidence": round(rng.random(), 3),
        }
        if rng.random() < 0.3:
            props["names"]["common"] = {"fi": name, "sv": name.replace("Kahvila", "Kafé")}
        if rng.random() < 0.1:
            props["names"]["rules"] = [{"variant": "alternate", "value": name.split()[0]}]
        if rng.random() < 0.6:
            props["categories"]["alternate"] = rng.sample(categories, 2)
        if rng.random() < 0.7:
            props["addresses"] = [{"freeform": f"{rng.choice(words)}katu {rng.randint(1, 99)}", "locality": "Helsinki",
                                   "postcode": f"00{rng.randint(100, 990)}", "region": "18", "country": "FI"}]
        if rng.random() < 0.5:
            props["websites"] = [f"https://www.example{i}.fi/"]
        if rng.random() < 0.6:
            props["phones"] = [f"+358 9 {rng.randint(100000, 999999)}"]
        if rng.random() < 0.4:
            props["socials"] = [f"https://www.facebook.com/{i}"]
        if rng.random() < 0.2:
            props["emails"] = [f"info@example{i}.fi"]
        brand = rng.choice(brands)
        if brand:
            props["brand"] = {"names": {"primary": brand}, "wikidata": f"Q{rng.randint(1000, 99999)}"}
        props["operating_status"] = rng.choice(statuses)
        feature_id = str(uuid.UUID(int=rng.getrandbits(128)))
        geometry = {"type": "Point", "coordinates": [round(lon, 7), round(lat, 7)]}
        out.write('{"id":' + json.dumps(feature_id) + ',"type":"Feature","geometry":' + json.dumps(geometry, separators=(",", ":"))
                  + ',"properties":' + json.dumps(props, ensure_ascii=False, separators=(",", ":")) + "}\n")
