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
