#!/usr/bin/env python3
"""A fake Overpass interpreter for Benchmarks/serve.sh: answers every POST with the same OSM
XML of COUNT cafés around 60.1700,24.9400 (and a lookup of `node(N)` with that node), on
127.0.0.1:PORT. Only the first request of each query reaches it: the server caches the rest.

    serve-fake-overpass.py PORT [COUNT]
"""
import http.server
import re
import sys
import urllib.parse

PORT = int(sys.argv[1])
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 50


def node(index, node_id):
    return (
        f'  <node id="{node_id}" lat="{60.17 + index * 0.0002:.7f}" lon="24.9400000">\n'
        f'    <tag k="amenity" v="cafe"/>\n'
        f'    <tag k="name" v="Kahvila Numero {index + 1}"/>\n'
        f'    <tag k="addr:street" v="Kokeilutie"/>\n'
        f'    <tag k="addr:housenumber" v="{index + 1}"/>\n'
        f'  </node>\n'
    )


HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="Overpass API 0.7.62">\n'
SEARCH = (HEAD + "".join(node(i, 9_100_000 + i) for i in range(COUNT)) + "</osm>\n").encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = urllib.parse.parse_qs(self.rfile.read(length).decode())
        query = form.get("data", [""])[0]
        lookup = re.search(r"\nnode\((\d+)\);", query)
        body = (HEAD + node(0, int(lookup.group(1))) + "</osm>\n").encode() if lookup else SEARCH
        self.send_response(200)
        self.send_header("Content-Type", "application/osm3s+xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
