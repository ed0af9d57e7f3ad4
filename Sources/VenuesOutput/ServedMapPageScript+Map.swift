extension ServedMapPageScript {
    /// The map of what is shown (a listing or the favourites): tiles, the search circle, the
    /// centre, the numbered pins (those that would cover each other spread around their place,
    /// with a line to it), the scale bar and the credits, for the view the user moved to or, by
    /// default, the view that fits the listing as ``MapViewport`` does.
    static let mapDrawing = #"""
          // What the page shows: the listing or the favourites, the view the user moved the map
          // to (null: fitted to what is shown), the venue whose details are open.
          var shown = { doc: null, results: null, mode: "results", view: null, viewport: null,
                        selected: null, limit: PAGE_SIZE, sort: "" };

          function spread(placed, distance) {
            var groups = [];
            placed.forEach(function (pin) {
              var group = groups.find(function (members) {
                return members.some(function (other) { return Math.hypot(other.x - pin.x, other.y - pin.y) < distance; });
              });
              if (group) group.push(pin); else groups.push([pin]);
            });
            groups.forEach(function (group) {
              if (group.length < 2) return;
              var cx = 0, cy = 0;
              group.forEach(function (pin) { cx += pin.x; cy += pin.y; });
              cx /= group.length; cy /= group.length;
              var ring = Math.max(distance, group.length * (distance + 2) / (2 * Math.PI));
              group.forEach(function (pin, k) {
                var angle = -Math.PI / 2 + 2 * Math.PI * k / group.length;
                pin.dx = cx + ring * Math.cos(angle) - pin.x;
                pin.dy = cy + ring * Math.sin(angle) - pin.y;
                pin.group = group.length;
              });
            });
          }

          function drawMap(doc) {
            var map = $("map");
            clear(map);
            var venues = doc.venues || [], q = doc.query, favorites = q.kind === "favorites";
            var center = favorites ? null : { latitude: q.latitude, longitude: q.longitude };
            var viewport = shown.view ? makeViewport(shown.view.zoom, shown.view.latitude, shown.view.longitude)
                                      : fitViewport(center, favorites ? 0 : q.radius, venues);
            shown.viewport = viewport;
            map.setAttribute("data-zoom", String(viewport.zoom));
            map.setAttribute("data-center-latitude", String(viewport.latitude));
            map.setAttribute("data-center-longitude", String(viewport.longitude));
            var title = svg("title", { id: "map-title" }, map);
            title.textContent = favorites ? "Map of your " + plural(venues.length, "favourite", "favourites")
              : "Map of " + plural(venues.length, "venue", "venues") + " within " + q.radius + " m of " +
                coordinateLabel(center.latitude, center.longitude);
            var content = svg("g", { id: "map-content" }, map);
            svg("rect", { "class": "paper", x: "-2000", y: "-2000", width: "4640", height: "4640", fill: PAPER }, content);
            var tileGroup = svg("g", { "class": "tiles", "aria-hidden": "true" }, content);
            tiles(viewport).forEach(function (tile) {
              svg("image", { href: tile.url, x: round(tile.left), y: round(tile.top), width: round(tile.size),
                             height: round(tile.size), preserveAspectRatio: "none" }, tileGroup);
            });
            var mpp = metersPerPixel(viewport.latitude, viewport.zoom);
            if (center) {
              var c = viewport.point(center.latitude, center.longitude);
              if (q.radius > 0) {
                svg("circle", { "class": "search-circle", cx: round(c.x), cy: round(c.y), r: round(q.radius / mpp),
                                fill: CIRCLE_COLOR, "fill-opacity": "0.08", stroke: CIRCLE_COLOR, "stroke-width": "2" }, content);
              }
              svg("path", { "class": "center-mark", d: "M" + round(c.x - 9) + " " + round(c.y) + "h18M" + round(c.x) + " " +
                            round(c.y - 9) + "v18", stroke: INK, "stroke-width": "2" }, content);
            }
            // A pin is at least 44 CSS pixels to a finger (46 here): its invisible hit disc grows
            // when the map is drawn smaller than its 640 units.
            var scale = WIDTH / Math.max(1, map.clientWidth || WIDTH);
            var hit = scale > 1.2 ? 23 * scale : 13;
            var placed = venues.map(function (venue, index) {
              var p = viewport.point(venue.latitude, venue.longitude);
              return { venue: venue, number: index + 1, x: p.x, y: p.y, dx: 0, dy: 0, group: 1 };
            });
            spread(placed, Math.max(22, hit));
            // In number order, so that Tab visits them 1, 2, 3…; spread, they no longer cover each other.
            var pins = svg("g", { "class": "pins" }, content);
            for (var i = 0; i < placed.length; i++) {
              var spot = placed[i], venue = spot.venue, number = spot.number;
              var label = number + ". " + venue.name + (venue.favorite ? " ★" : "") +
                (venue.hours && venue.hours.source ? " (" + hoursLabel(venue.hours) + ")" : "");
              var pin = svg("g", { "class": "pin" + (venue.favorite ? " favorite" : "") +
                                   (venue.hours && venue.hours.source ? " " + venue.hours.state : "") +
                                   (venue.id === shown.selected ? " selected" : ""),
                                   "data-venue-id": venue.id, "data-number": String(number),
                                   transform: "translate(" + round(spot.x) + " " + round(spot.y) + ")",
                                   tabindex: "0", role: "button", "aria-label": label + ": details" }, pins);
              svg("title", {}, pin).textContent = label;
              if (spot.group > 1) {
                pin.setAttribute("data-spread", String(spot.group));
                svg("line", { "class": "spread-line", x1: "0", y1: "0", x2: round(spot.dx), y2: round(spot.dy),
                              stroke: INK, "stroke-width": "1.5" }, pin);
                svg("rect", { x: "-2.5", y: "-2.5", width: "5", height: "5", fill: INK }, pin);
              }
              var disc = svg("g", { transform: "translate(" + round(spot.dx) + " " + round(spot.dy) + ")" }, pin);
              svg("circle", { r: "11", fill: venue.favorite ? FAVORITE_COLOR : PIN_COLOR, stroke: "#ffffff",
                              "stroke-width": "2" }, disc);
              svg("text", { y: "4", "text-anchor": "middle", "font-size": number > 99 ? "9" : "11", "font-weight": "700",
                            fill: "#ffffff" }, disc).textContent = String(number);
              svg("circle", { "class": "hit", r: round(hit), fill: "#000000", "fill-opacity": "0" }, disc);
            }
            var bar = scaleBar(mpp, 160), y = HEIGHT - 16;
            var d = "M16 " + round(y - 6) + "V" + round(y) + "H" + round(16 + bar.pixels) + "V" + round(y - 6);
            var scaleGroup = svg("g", { "class": "scale-bar", "data-meters": String(bar.meters),
                                        "data-pixels": round(bar.pixels) }, map);
            svg("path", { d: d, fill: "none", stroke: "#ffffff", "stroke-width": "5", "stroke-linejoin": "round" }, scaleGroup);
            svg("path", { d: d, fill: "none", stroke: INK, "stroke-width": "2" }, scaleGroup);
            svg("text", { x: "16", y: round(y - 10), "font-size": "12", fill: INK, stroke: "#ffffff", "stroke-width": "3",
                          "paint-order": "stroke" }, scaleGroup).textContent = bar.label;
            var lines = [];
            if (doc.attribution && doc.attribution.length) lines.push("Data: " + doc.attribution.join(" · "));
            lines.push("Map tiles: © OpenStreetMap contributors");
            var credits = svg("g", { "class": "map-attribution", "font-size": "11", "text-anchor": "end" }, map);
            lines.reverse().forEach(function (line, index) {
              svg("text", { x: round(WIDTH - 8), y: round(HEIGHT - 8 - index * 14), fill: INK, stroke: "#ffffff",
                            "stroke-width": "3", "paint-order": "stroke" }, credits).textContent = line;
            });
          }

          function drawEmptyMap(text) {
            var map = $("map");
            clear(map);
            shown.viewport = null;
            svg("title", { id: "map-title" }, map).textContent = text;
            svg("rect", { "class": "paper", width: WIDTH, height: HEIGHT, fill: PAPER }, map);
          }

        """#

    /// The map moving: wheel, pinch and buttons zoom (around the pointer, the fingers or the
    /// middle), a drag pans, a click on the map searches there; "Near me" asks the browser
    /// where the user is. During a gesture the drawing moves by an SVG transform; at its end
    /// the map is drawn again for the new view (`data-map-moves` counts the redraws).
    static let mapMotion = #"""
          var moves = 0;
          function mapPoint(event) {
            var map = $("map"), r = map.getBoundingClientRect();
            return { x: (event.clientX - r.left - map.clientLeft) * WIDTH / map.clientWidth,
                     y: (event.clientY - r.top - map.clientTop) * HEIGHT / map.clientHeight };
          }
          function moveTo(zoom, center) {
            shown.view = { zoom: zoom, latitude: center.latitude, longitude: center.longitude };
            drawMap(shown.doc);
            mark("map-moves", ++moves);
          }
          function zoomAround(point, steps) {
            var viewport = shown.viewport;
            if (!viewport || !shown.doc) return;
            var zoom = Math.min(Math.max(viewport.zoom + steps, 0), MAX_ZOOM);
            if (zoom === viewport.zoom) return;
            var place = viewport.place(point), world = project(place.latitude, place.longitude, zoom);
            moveTo(zoom, unproject({ x: world.x - (point.x - WIDTH / 2), y: world.y - (point.y - HEIGHT / 2) }, zoom));
          }
          function panBy(dx, dy) {
            var viewport = shown.viewport;
            if (!viewport || !shown.doc) return;
            moveTo(viewport.zoom, unproject({ x: viewport.center.x - dx, y: viewport.center.y - dy }, viewport.zoom));
          }
          function searchHere(point) {
            if (!shown.viewport) return;
            var place = shown.viewport.place(point);
            $("near").value = place.latitude.toFixed(5) + "," + place.longitude.toFixed(5);
            shown.limit = PAGE_SIZE;
            search();
          }

          var pointers = {}, gesture = null;
          function content() { return $("map-content"); }
          function startGesture(event) {
            if (!shown.doc || event.button > 0) return;
            if (event.target.closest && event.target.closest(".pin")) return;
            pointers[event.pointerId] = mapPoint(event);
            try { $("map").setPointerCapture(event.pointerId); } catch (e) { /* a pointer already gone */ }
            var ids = Object.keys(pointers);
            if (ids.length === 1) {
              gesture = { kind: "press", start: pointers[ids[0]], moved: false, dx: 0, dy: 0 };
            } else if (ids.length === 2) {
              var a = pointers[ids[0]], b = pointers[ids[1]];
              gesture = { kind: "pinch", distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)),
                          middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, scale: 1 };
            }
          }
          function followGesture(event) {
            if (!gesture || !(event.pointerId in pointers)) return;
            pointers[event.pointerId] = mapPoint(event);
            var drawing = content();
            if (!drawing) return;
            if (gesture.kind === "pinch") {
              var ids = Object.keys(pointers);
              if (ids.length < 2) return;
              var a = pointers[ids[0]], b = pointers[ids[1]], m = gesture.middle;
              gesture.scale = Math.hypot(a.x - b.x, a.y - b.y) / gesture.distance;
              drawing.setAttribute("transform", "translate(" + round(m.x) + " " + round(m.y) + ") scale(" +
                gesture.scale.toFixed(4) + ") translate(" + round(-m.x) + " " + round(-m.y) + ")");
              return;
            }
            if (gesture.kind !== "press") return;
            var p = pointers[event.pointerId], dx = p.x - gesture.start.x, dy = p.y - gesture.start.y;
            if (!gesture.moved && Math.hypot(dx, dy) < 6) return;
            gesture.moved = true;
            gesture.dx = dx;
            gesture.dy = dy;
            drawing.setAttribute("transform", "translate(" + round(dx) + " " + round(dy) + ")");
          }
          function endGesture(event) {
            if (!(event.pointerId in pointers)) return;
            delete pointers[event.pointerId];
            var ended = gesture;
            gesture = Object.keys(pointers).length ? { kind: "done" } : null;
            if (!ended || ended.kind === "done") return;
            if (content()) content().removeAttribute("transform");
            if (ended.kind === "pinch") {
              if (ended.scale > 0 && ended.scale !== 1) zoomAround(ended.middle, Math.log2(ended.scale));
            } else if (ended.moved) {
              panBy(ended.dx, ended.dy);
            } else if (event.type === "pointerup") {
              searchHere(ended.start);
            }
          }
          var mapElement = $("map");
          mapElement.addEventListener("pointerdown", startGesture);
          mapElement.addEventListener("pointermove", followGesture);
          mapElement.addEventListener("pointerup", endGesture);
          mapElement.addEventListener("pointercancel", endGesture);
          mapElement.addEventListener("wheel", function (event) {
            if (!shown.doc) return;
            event.preventDefault();
            zoomAround(mapPoint(event), event.deltaY < 0 ? 0.5 : -0.5);
          }, { passive: false });
          $("zoom-in").addEventListener("click", function () { zoomAround({ x: WIDTH / 2, y: HEIGHT / 2 }, 1); });
          $("zoom-out").addEventListener("click", function () { zoomAround({ x: WIDTH / 2, y: HEIGHT / 2 }, -1); });
          $("zoom-fit").addEventListener("click", function () {
            if (!shown.doc) return;
            shown.view = null;
            drawMap(shown.doc);
            mark("map-moves", ++moves);
          });
          $("near-me").addEventListener("click", function () {
            if (!navigator.geolocation) { status("This browser cannot say where you are; type a centre instead.", true); return; }
            status("Asking the browser where you are…");
            navigator.geolocation.getCurrentPosition(function (position) {
              $("near").value = position.coords.latitude.toFixed(5) + "," + position.coords.longitude.toFixed(5);
              shown.limit = PAGE_SIZE;
              search();
            }, function () {
              status("The browser did not say where you are; type a centre instead.", true);
              mark("search", "failed");
            }, { timeout: 15000, maximumAge: 60000 });
          });

        """#
}
