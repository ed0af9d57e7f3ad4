/// The script of the page `venues serve` serves at `/` (``ServedMapPage``): the highlight of
/// ``MapPageScript``, then a search form that calls the server's JSON API and draws the answer
/// as the file `--format html` shows it — the numbered list and the SVG map in Web Mercator,
/// with the same formulas as ``WebMercator``, ``MapViewport``, ``ScaleBar`` and ``OSMTiles`` —
/// and a favourite toggle per row.
///
/// - The bearer token is pasted once and kept in `sessionStorage` (`venues.token`): gone when
///   the tab closes, never put in a URL.
/// - `GET /v1/nearby` (no term) or `GET /v1/search` with `near`, `radius`, `term`, one
///   `category` per category and `providers` (comma-separated); the form's values are also
///   kept in the page's address (without the token) so that a reload repeats the search.
/// - While the term is typed (150 ms after the last key), `GET /v1/suggest` with `q`, `near`,
///   `radius` and `limit=8`: the venues are offered under the field (a WAI-ARIA combobox:
///   arrows move, Enter or a click opens the choice, Escape closes); an answer to an older
///   keystroke is dropped. Opening a suggestion searches for its name and marks its row.
/// - `PUT /v1/favorites/{id}` (body `{}`) and `DELETE /v1/favorites/{id}`, the id
///   percent-encoded as one path segment (`osm%3Anode%2F42`).
/// - Every text from the server is set with `textContent` or `setAttribute`, never parsed as
///   markup; the page's Content-Security-Policy allows this script by its hash only.
///
/// ``sha256`` must change with the script (a test computes it and says the new value).
public enum ServedMapPageScript {
    /// The script, as it goes between `<script>` and `</script>`.
    public static let source = MapPageScript.source + "\n" + search

    /// `sha256-…` of ``source`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-EkYL44B/T0/EF3dRExcWHC5Sk+Uhctni6HccORiLQKA="

    private static let search = #"""
        (function () {
          var SVG = "http://www.w3.org/2000/svg";
          var WIDTH = 640, HEIGHT = 640, FILL = 0.9, TILE = 256, EARTH = 6378137;
          var MAX_LATITUDE = 85.05112877980659, MAX_ZOOM = 19, SINGLE_PLACE_ZOOM = 17;
          var PIN_COLOR = "#c53030", FAVORITE_COLOR = "#b7791f", CIRCLE_COLOR = "#2b6cb0";
          var INK = "#1a202c", PAPER = "#f4f1ea", TILE_HOST = "https://tile.openstreetmap.org";
          var TOKEN_KEY = "venues.token";

          function $(id) { return document.getElementById(id); }
          function worldSize(zoom) { return TILE * Math.pow(2, zoom); }
          function project(latitude, longitude, zoom) {
            var size = worldSize(zoom);
            var clamped = Math.min(Math.max(latitude, -MAX_LATITUDE), MAX_LATITUDE);
            var sine = Math.sin(clamped * Math.PI / 180);
            return {
              x: (longitude + 180) / 360 * size,
              y: (0.5 - Math.log((1 + sine) / (1 - sine)) / (4 * Math.PI)) * size
            };
          }
          function unproject(point, zoom) {
            var size = worldSize(zoom);
            var n = Math.PI - 2 * Math.PI * point.y / size;
            return { latitude: Math.atan(Math.sinh(n)) * 180 / Math.PI, longitude: point.x / size * 360 - 180 };
          }
          function metersPerPixel(latitude, zoom) {
            return 2 * Math.PI * EARTH * Math.cos(latitude * Math.PI / 180) / worldSize(zoom);
          }
          function makeViewport(zoom, latitude, longitude) {
            var center = project(latitude, longitude, zoom);
            return {
              zoom: zoom, center: center, latitude: latitude,
              origin: { x: center.x - WIDTH / 2, y: center.y - HEIGHT / 2 },
              point: function (lat, lon) {
                var world = project(lat, lon, zoom), size = worldSize(zoom), x = world.x - center.x;
                if (x > size / 2) x -= size; else if (x < -size / 2) x += size;
                return { x: x + WIDTH / 2, y: world.y - (center.y - HEIGHT / 2) };
              }
            };
          }
          function fitViewport(center, radius, places) {
            var anchor = center || places[0] || { latitude: 0, longitude: 0 };
            var base = makeViewport(0, anchor.latitude, anchor.longitude);
            var minX = 0, maxX = 0, minY = 0, maxY = 0, circle = center && radius > 0;
            if (circle) {
              var r = radius / metersPerPixel(anchor.latitude, 0);
              minX = -r; maxX = r; minY = -r; maxY = r;
            }
            places.forEach(function (place) {
              var p = base.point(place.latitude, place.longitude);
              var x = p.x - WIDTH / 2, y = p.y - HEIGHT / 2;
              minX = Math.min(minX, x); maxX = Math.max(maxX, x);
              minY = Math.min(minY, y); maxY = Math.max(maxY, y);
            });
            if (circle) {
              var halfX = Math.max(-minX, maxX), halfY = Math.max(-minY, maxY);
              minX = -halfX; maxX = halfX; minY = -halfY; maxY = halfY;
            }
            var spanX = maxX - minX, spanY = maxY - minY, zoom = SINGLE_PLACE_ZOOM;
            if (spanX > 0 || spanY > 0) {
              zoom = Math.log2(Math.min(spanX > 0 ? WIDTH * FILL / spanX : Infinity,
                                        spanY > 0 ? HEIGHT * FILL / spanY : Infinity));
            }
            zoom = Math.min(Math.max(zoom, 0), MAX_ZOOM);
            var middle = anchor;
            if (!circle) {
              middle = unproject({ x: base.center.x + (minX + maxX) / 2, y: base.center.y + (minY + maxY) / 2 }, 0);
            }
            return makeViewport(zoom, middle.latitude, middle.longitude);
          }
          function scaleBar(metersPerPx, maximumPixels) {
            var limit = metersPerPx * maximumPixels;
            var magnitude = Math.pow(10, Math.floor(Math.log10(Math.max(limit, 1))));
            var step = [5, 2, 1].find(function (s) { return s * magnitude <= limit; }) || 1;
            var meters = Math.max(1, step * magnitude);
            return { meters: meters, pixels: meters / metersPerPx,
                     label: meters >= 1000 ? (meters / 1000) + " km" : meters + " m" };
          }
          function tiles(viewport) {
            var tileZoom = Math.min(Math.max(Math.round(viewport.zoom), 0), MAX_ZOOM);
            var size = TILE * Math.pow(2, viewport.zoom - tileZoom), count = Math.pow(2, tileZoom);
            var o = viewport.origin, list = [];
            var firstRow = Math.max(0, Math.floor(o.y / size));
            var lastRow = Math.min(count - 1, Math.floor((o.y + HEIGHT - 1e-9) / size));
            for (var row = firstRow; row <= lastRow; row++) {
              for (var column = Math.floor(o.x / size); column <= Math.floor((o.x + WIDTH - 1e-9) / size); column++) {
                list.push({ url: TILE_HOST + "/" + tileZoom + "/" + (((column % count) + count) % count) + "/" + row + ".png",
                            left: column * size - o.x, top: row * size - o.y, size: size });
              }
            }
            return list;
          }
          function round(value) { return String(Math.round(value * 100) / 100); }
          function svg(name, attributes, parent) {
            var element = document.createElementNS(SVG, name);
            Object.keys(attributes).forEach(function (key) { element.setAttribute(key, attributes[key]); });
            if (parent) parent.appendChild(element);
            return element;
          }
          function html(name, className, text, parent) {
            var element = document.createElement(name);
            if (className) element.className = className;
            if (text !== undefined && text !== null) element.textContent = text;
            if (parent) parent.appendChild(element);
            return element;
          }
          function distanceLabel(meters) {
            return meters < 1000 ? Math.round(meters) + " m" : (meters / 1000).toFixed(1) + " km";
          }
          function coordinateLabel(latitude, longitude) {
            return latitude.toFixed(5) + ", " + longitude.toFixed(5);
          }
          function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }
          function status(text, isError) {
            var line = $("status");
            line.textContent = text;
            line.classList.toggle("error", !!isError);
          }
          var tokenInMemory = "";
          function token() {
            try { return sessionStorage.getItem(TOKEN_KEY) || tokenInMemory; } catch (e) { return tokenInMemory; }
          }
          function keepToken(value) {
            tokenInMemory = value;
            try {
              if (value) sessionStorage.setItem(TOKEN_KEY, value); else sessionStorage.removeItem(TOKEN_KEY);
            } catch (e) { /* storage refused: the token lives in this page only */ }
            $("token").value = "";
            $("token").placeholder = value ? "kept for this tab" : "paste your token";
          }
          async function call(method, path, body) {
            var headers = { "Accept": "application/json" };
            var bearer = token() || $("token").value.trim();
            if (bearer) headers["Authorization"] = "Bearer " + bearer;
            if (body !== undefined) headers["Content-Type"] = "application/json";
            var response = await fetch(path, {
              method: method, headers: headers, cache: "no-store", credentials: "omit",
              body: body === undefined ? undefined : JSON.stringify(body)
            });
            var text = await response.text(), json = null;
            try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
            if (!response.ok) {
              var message = json && json.error && json.error.message ? json.error.message : text.slice(0, 200);
              var error = new Error(response.status + " " + (json && json.error ? json.error.kind : "") + ": " + message);
              error.status = response.status;
              throw error;
            }
            return json;
          }

          function drawMap(doc) {
            var map = $("map");
            while (map.lastChild) map.removeChild(map.lastChild);
            var center = { latitude: doc.query.latitude, longitude: doc.query.longitude };
            var venues = doc.venues || [];
            var viewport = fitViewport(center, doc.query.radius, venues);
            map.setAttribute("data-zoom", String(viewport.zoom));
            map.setAttribute("data-center-latitude", String(viewport.latitude));
            var title = svg("title", { id: "map-title" }, map);
            title.textContent = "Map of " + plural(venues.length, "venue", "venues") + " within " + doc.query.radius +
              " m of " + coordinateLabel(center.latitude, center.longitude);
            svg("rect", { "class": "paper", width: WIDTH, height: HEIGHT, fill: PAPER }, map);
            var tileGroup = svg("g", { "class": "tiles", "aria-hidden": "true" }, map);
            tiles(viewport).forEach(function (tile) {
              svg("image", { href: tile.url, x: round(tile.left), y: round(tile.top), width: round(tile.size),
                             height: round(tile.size), preserveAspectRatio: "none" }, tileGroup);
            });
            var c = viewport.point(center.latitude, center.longitude);
            var mpp = metersPerPixel(viewport.latitude, viewport.zoom);
            if (doc.query.radius > 0) {
              svg("circle", { "class": "search-circle", cx: round(c.x), cy: round(c.y), r: round(doc.query.radius / mpp),
                              fill: CIRCLE_COLOR, "fill-opacity": "0.08", stroke: CIRCLE_COLOR, "stroke-width": "2" }, map);
            }
            svg("path", { "class": "center-mark", d: "M" + round(c.x - 9) + " " + round(c.y) + "h18M" + round(c.x) + " " +
                          round(c.y - 9) + "v18", stroke: INK, "stroke-width": "2" }, map);
            var pins = svg("g", { "class": "pins" }, map);
            for (var i = venues.length - 1; i >= 0; i--) {
              var venue = venues[i], p = viewport.point(venue.latitude, venue.longitude), number = i + 1;
              var label = number + ". " + venue.name + (venue.favorite ? " ★" : "");
              var pin = svg("g", { "class": "pin" + (venue.favorite ? " favorite" : ""), "data-venue-id": venue.id,
                                   "data-number": String(number), transform: "translate(" + round(p.x) + " " + round(p.y) + ")",
                                   tabindex: "0", role: "img", "aria-label": label }, pins);
              svg("title", {}, pin).textContent = label;
              svg("circle", { r: "11", fill: venue.favorite ? FAVORITE_COLOR : PIN_COLOR, stroke: "#ffffff",
                              "stroke-width": "2" }, pin);
              svg("text", { y: "4", "text-anchor": "middle", "font-size": number > 99 ? "9" : "11", "font-weight": "700",
                            fill: "#ffffff" }, pin).textContent = String(number);
            }
            var bar = scaleBar(mpp, 160), y = HEIGHT - 16;
            var d = "M16 " + round(y - 6) + "V" + round(y) + "H" + round(16 + bar.pixels) + "V" + round(y - 6);
            var scale = svg("g", { "class": "scale-bar", "data-meters": String(bar.meters), "data-pixels": round(bar.pixels) }, map);
            svg("path", { d: d, fill: "none", stroke: "#ffffff", "stroke-width": "5", "stroke-linejoin": "round" }, scale);
            svg("path", { d: d, fill: "none", stroke: INK, "stroke-width": "2" }, scale);
            svg("text", { x: "16", y: round(y - 10), "font-size": "12", fill: INK, stroke: "#ffffff", "stroke-width": "3",
                          "paint-order": "stroke" }, scale).textContent = bar.label;
            var lines = [];
            if (doc.attribution && doc.attribution.length) lines.push("Data: " + doc.attribution.join(" · "));
            lines.push("Map tiles: © OpenStreetMap contributors");
            var credits = svg("g", { "class": "map-attribution", "font-size": "11", "text-anchor": "end" }, map);
            lines.reverse().forEach(function (line, index) {
              svg("text", { x: round(WIDTH - 8), y: round(HEIGHT - 8 - index * 14), fill: INK, stroke: "#ffffff",
                            "stroke-width": "3", "paint-order": "stroke" }, credits).textContent = line;
            });
          }

          function setFavorite(id, favorite) {
            document.querySelectorAll("[data-venue-id]").forEach(function (element) {
              if (element.getAttribute("data-venue-id") !== id) return;
              element.classList.toggle("favorite", favorite);
              var circle = element.querySelector("circle");
              if (circle) circle.setAttribute("fill", favorite ? FAVORITE_COLOR : PIN_COLOR);
              var toggle = element.querySelector(".favorite-toggle");
              if (toggle) {
                toggle.setAttribute("aria-pressed", String(favorite));
                toggle.textContent = favorite ? "★ Favourite" : "☆ Favourite";
              }
              var mark = element.querySelector(".favorite-mark");
              if (mark) mark.hidden = !favorite;
            });
          }

          function drawList(doc) {
            var listing = $("listing");
            while (listing.lastChild) listing.removeChild(listing.lastChild);
            var venues = doc.venues || [];
            if (!venues.length) { html("p", "empty", "No venues found.", listing); return; }
            var list = html("ol", "venues", null, listing);
            venues.forEach(function (venue, index) {
              var row = html("li", "venue" + (venue.favorite ? " favorite" : ""), null, list);
              row.setAttribute("data-venue-id", venue.id);
              row.setAttribute("data-number", String(index + 1));
              row.tabIndex = 0;
              html("span", "number", String(index + 1), row);
              var details = html("div", "details", null, row);
              var title = html("p", "title", null, details);
              html("bdi", "name", venue.name, title);
              title.appendChild(document.createTextNode(" "));
              var mark = html("span", "favorite-mark", "★", title);
              mark.title = "favourite";
              mark.setAttribute("aria-label", "favourite");
              mark.hidden = !venue.favorite;
              var facts = html("p", "facts", null, details);
              if (typeof venue.distance === "number") html("span", "distance", distanceLabel(venue.distance), facts);
              if (venue.categories && venue.categories.length) {
                if (facts.childNodes.length) facts.appendChild(document.createTextNode(" · "));
                html("span", "category", venue.categories[0].replace(/_/g, " "), facts);
              }
              if (venue.address) html("bdi", null, venue.address, html("p", "address", null, details));
              if (venue.sources && venue.sources.length) {
                var sources = html("p", "sources", "Sources: ", details);
                venue.sources.forEach(function (source, i) {
                  if (i) sources.appendChild(document.createTextNode(", "));
                  html("span", "source", source.id, sources).setAttribute("data-provider", source.provider);
                });
              }
              var toggle = html("button", "favorite-toggle", venue.favorite ? "★ Favourite" : "☆ Favourite");
              details.insertBefore(toggle, details.firstChild);
              toggle.type = "button";
              toggle.setAttribute("aria-pressed", String(!!venue.favorite));
              toggle.addEventListener("click", async function () {
                var on = toggle.getAttribute("aria-pressed") !== "true";
                toggle.disabled = true;
                try {
                  await call(on ? "PUT" : "DELETE", "/v1/favorites/" + encodeURIComponent(venue.id), on ? {} : undefined);
                  setFavorite(venue.id, on);
                  status((on ? "Added to" : "Removed from") + " your favourites: " + venue.name);
                } catch (error) {
                  status("Could not change the favourite: " + error.message, true);
                } finally {
                  toggle.disabled = false;
                }
              });
            });
          }

          function drawProviders(doc) {
            var section = $("providers");
            while (section.lastChild) section.removeChild(section.lastChild);
            if (!doc.providers || !doc.providers.length) return;
            html("h2", null, "Providers", section);
            var list = html("ul", null, null, section);
            doc.providers.forEach(function (provider) {
              var ok = provider.status === "ok";
              var line = provider.provider + ": ";
              if (ok) {
                line += plural(provider.count, "venue", "venues") + " in " + provider.milliseconds + " ms";
                if (provider.source) line += " (" + provider.source + ")";
              } else {
                line += "failed, " + (provider.error ? provider.error.kind : "error");
                if (provider.error && provider.error.message) line += ": " + provider.error.message;
              }
              var item = html("li", "provider " + (ok ? "ok" : "failed"), line, list);
              item.setAttribute("data-provider", provider.provider);
              if (provider.warnings && provider.warnings.length) {
                var warnings = html("ul", null, null, item);
                provider.warnings.forEach(function (warning) { html("li", "warning", warning, warnings); });
              }
            });
          }

          function render(doc) {
            drawMap(doc);
            drawList(doc);
            drawProviders(doc);
            var q = doc.query, count = (doc.venues || []).length;
            var heading = plural(count, "venue", "venues") + (q.term ? " for “" + q.term + "”" : "") + " within " +
              q.radius + " m of " + coordinateLabel(q.latitude, q.longitude);
            $("summary").textContent = heading;
            document.title = heading;
            var footer = $("attribution");
            footer.textContent = "Made by venues." +
              (doc.attribution && doc.attribution.length ? " " + doc.attribution.join(" · ") + "." : "");
          }

          var SUGGEST_DELAY = 150, SUGGEST_LIMIT = 8;
          var suggestTimer = null, suggestSequence = 0, offered = [], active = -1, chosen = null;
          function closeSuggestions() {
            var list = $("suggestions"), term = $("term");
            while (list.lastChild) list.removeChild(list.lastChild);
            list.hidden = true;
            offered = [];
            active = -1;
            term.setAttribute("aria-expanded", "false");
            term.removeAttribute("aria-activedescendant");
          }
          function highlightSuggestion(index) {
            var options = $("suggestions").querySelectorAll("[role=option]");
            active = index;
            options.forEach(function (option, i) { option.setAttribute("aria-selected", String(i === index)); });
            if (index >= 0 && options[index]) {
              $("term").setAttribute("aria-activedescendant", options[index].id);
              options[index].scrollIntoView({ block: "nearest" });
            } else {
              $("term").removeAttribute("aria-activedescendant");
            }
          }
          function offerSuggestions(items) {
            closeSuggestions();
            document.documentElement.setAttribute("data-suggestions", String(items.length));
            if (!items.length) return;
            var list = $("suggestions");
            offered = items;
            items.forEach(function (item, index) {
              var option = html("li", "suggestion", null, list);
              option.id = "suggestion-" + index;
              option.setAttribute("role", "option");
              option.setAttribute("aria-selected", "false");
              option.setAttribute("data-venue-id", item.id);
              html("bdi", "name", item.name, option);
              var facts = [item.category ? item.category.replace(/_/g, " ") : null, distanceLabel(item.distance)];
              html("span", "facts", " · " + facts.filter(Boolean).join(" · "), option);
              option.addEventListener("mousedown", function (event) { event.preventDefault(); openSuggestion(index); });
            });
            list.hidden = false;
            $("term").setAttribute("aria-expanded", "true");
          }
          async function suggest() {
            var sequence = ++suggestSequence;
            var q = $("term").value.trim(), near = $("near").value.trim(), radius = $("radius").value.trim();
            if (!q || !near || !(token() || $("token").value.trim())) { closeSuggestions(); return; }
            var params = new URLSearchParams();
            params.set("q", q);
            params.set("near", near);
            if (radius) params.set("radius", radius);
            params.set("limit", String(SUGGEST_LIMIT));
            try {
              var doc = await call("GET", "/v1/suggest?" + params.toString().replace(/\+/g, "%20"));
              if (sequence === suggestSequence) offerSuggestions((doc && doc.suggestions) || []);
            } catch (error) {
              if (sequence === suggestSequence) closeSuggestions();
            }
          }
          function openSuggestion(index) {
            var item = offered[index];
            if (!item) return;
            chosen = item.id;
            $("term").value = item.name;
            suggestSequence++;
            closeSuggestions();
            search();
          }
          function markChosen() {
            if (!chosen) return;
            var id = chosen;
            chosen = null;
            document.querySelectorAll("#listing [data-venue-id]").forEach(function (row) {
              var isChosen = row.getAttribute("data-venue-id") === id;
              row.classList.toggle("chosen", isChosen);
              if (isChosen) { row.focus(); document.documentElement.setAttribute("data-chosen", id); }
            });
          }

          function parameters() {
            var form = $("search-form"), params = new URLSearchParams();
            var term = form.elements.term.value.trim(), near = form.elements.near.value.trim();
            var radius = form.elements.radius.value.trim(), providers = form.elements.providers.value.trim();
            if (term) params.set("term", term);
            if (near) params.set("near", near);
            if (radius) params.set("radius", radius);
            form.elements.categories.value.split(",").map(function (c) { return c.trim(); })
              .filter(Boolean).forEach(function (c) { params.append("category", c); });
            if (providers) params.set("providers", providers);
            return params;
          }

          async function search(event) {
            if (event) event.preventDefault();
            if (event) { chosen = null; suggestSequence++; closeSuggestions(); }
            var typed = $("token").value.trim();
            if (typed) keepToken(typed);
            if (!token()) { status("Paste your token first (venues serve token create NAME).", true); return; }
            var params = parameters();
            // Spaces as %20, not "+": every server reads that the same way.
            var query = params.toString().replace(/\+/g, "%20");
            var path = (params.has("term") ? "/v1/search" : "/v1/nearby") + "?" + query;
            history.replaceState(null, "", "?" + query);
            status("Searching…");
            document.documentElement.setAttribute("data-search", "running");
            try {
              var doc = await call("GET", path);
              render(doc);
              markChosen();
              status("Found " + plural((doc.venues || []).length, "venue", "venues") + ".");
              document.documentElement.setAttribute("data-search", "done");
            } catch (error) {
              if (error.status === 401) keepToken("");
              status("The search failed: " + error.message, true);
              document.documentElement.setAttribute("data-search", "failed");
            }
          }

          var form = $("search-form");
          form.addEventListener("submit", search);
          $("term").addEventListener("input", function () {
            clearTimeout(suggestTimer);
            suggestTimer = setTimeout(suggest, SUGGEST_DELAY);
          });
          $("term").addEventListener("keydown", function (event) {
            if ($("suggestions").hidden || !offered.length) return;
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              var next = event.key === "ArrowDown" ? active + 1 : (active < 0 ? offered.length - 1 : active - 1);
              highlightSuggestion(next >= offered.length ? -1 : next);
            } else if (event.key === "Enter" && active >= 0) {
              event.preventDefault();
              openSuggestion(active);
            } else if (event.key === "Escape") {
              event.preventDefault();
              suggestSequence++;
              closeSuggestions();
            }
          });
          $("term").addEventListener("blur", function () { suggestSequence++; closeSuggestions(); });
          $("forget-token").addEventListener("click", function () {
            keepToken("");
            status("The token is forgotten.");
          });
          keepToken(token());
          var initial = new URLSearchParams(location.search);
          ["term", "near", "radius", "providers"].forEach(function (name) {
            if (initial.has(name)) form.elements[name].value = initial.get(name);
          });
          if (initial.has("category")) form.elements.categories.value = initial.getAll("category").join(",");
          document.documentElement.setAttribute("data-served-script", "ready");
          if (initial.has("near") && token()) search();
        })();
        """#
}
