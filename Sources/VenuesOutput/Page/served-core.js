  var SVG = "http://www.w3.org/2000/svg";
  var WIDTH = 640, HEIGHT = 640, FILL = 0.9, TILE = 256, EARTH = 6378137;
  var MAX_LATITUDE = 85.05112877980659, MAX_ZOOM = 19, SINGLE_PLACE_ZOOM = 17;
  var PIN_COLOR = "#c53030", FAVORITE_COLOR = "#b7791f", CIRCLE_COLOR = "#2b6cb0";
  var INK = "#1a202c", PAPER = "#f4f1ea", TILE_HOST = "https://tile.openstreetmap.org";
  var TOKEN_KEY = "venues.token", PAGE_SIZE = 50;
  // Each provider's name, as the server's /readyz gives it (its descriptor's): until then, its id.
  var PROVIDER_NAMES = Object.create(null);
  var SOURCE_NAMES = { index: "local index", file: "local file", overpass: "Overpass" };
  var SORT_NAMES = { distance: "nearest first", name: "by name", rating: "best rated first",
                     relevance: "best match first" };

  function $(id) { return document.getElementById(id); }
  function mark(name, value) { document.documentElement.setAttribute("data-" + name, String(value)); }
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
    var longitude = point.x / size * 360 - 180;
    longitude = ((longitude + 540) % 360) - 180;
    return { latitude: Math.atan(Math.sinh(n)) * 180 / Math.PI, longitude: longitude };
  }
  function metersPerPixel(latitude, zoom) {
    return 2 * Math.PI * EARTH * Math.cos(latitude * Math.PI / 180) / worldSize(zoom);
  }
  function makeViewport(zoom, latitude, longitude) {
    var center = project(latitude, longitude, zoom);
    return {
      zoom: zoom, center: center, latitude: latitude, longitude: longitude,
      origin: { x: center.x - WIDTH / 2, y: center.y - HEIGHT / 2 },
      point: function (lat, lon) {
        var world = project(lat, lon, zoom), size = worldSize(zoom), x = world.x - center.x;
        if (x > size / 2) x -= size; else if (x < -size / 2) x += size;
        return { x: x + WIDTH / 2, y: world.y - (center.y - HEIGHT / 2) };
      },
      place: function (point) {
        return unproject({ x: center.x + point.x - WIDTH / 2, y: center.y + point.y - HEIGHT / 2 }, zoom);
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
  function clear(element) { while (element.lastChild) element.removeChild(element.lastChild); }
  function distanceLabel(meters) {
    return meters < 1000 ? Math.round(meters) + " m" : (meters / 1000).toFixed(1) + " km";
  }
  // A venue's hours in a few words, in its own time: "open until 21:00", "opens 09:00", "hours unknown".
  function hoursLabel(hours) {
    var at = typeof hours.nextChange === "string" ? hours.nextChange.substr(11, 5) : null;
    if (hours.state === "open") return at && hours.nextState === "closed" ? "open until " + at : "open";
    if (hours.state === "closed") return at && hours.nextState === "open" ? "closed, opens " + at : "closed";
    return "hours unknown";
  }
  function coordinateLabel(latitude, longitude) {
    return latitude.toFixed(5) + ", " + longitude.toFixed(5);
  }
  function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }
  function providerName(id) { return PROVIDER_NAMES[id] || id; }
  function categoryName(category) { return String(category).replace(/_/g, " "); }
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
    document.documentElement.classList.toggle("token-kept", !!value);
  }

  // What went wrong, in a person's words: never a status code, an error kind or the
  // server's configuration.
  function outcomeWords(error) {
    var kind = error ? error.kind : "", message = error ? error.message || "" : "";
    if (kind === "timedOut" || /within the timeout|timed out/.test(message)) return "took too long";
    if (kind === "rateLimited" || /rate limited/.test(message)) return "asked us to wait a little";
    if (kind === "unreachable" || /cannot connect/.test(message)) return "could not be reached";
    if (kind === "misconfigured" || kind === "unauthorized" || kind === "unsupported" ||
        /not available on this server|not known to this server/.test(message)) {
      return "is not available on this server";
    }
    return "did not answer";
  }
  function noAnswerWords(message) {
    var prefix = "no provider answered: ";
    if (message.indexOf(prefix) !== 0) return "";
    return message.slice(prefix.length).split("; ").map(function (part) {
      var colon = part.indexOf(": ");
      if (colon < 0) return "";
      return " " + providerName(part.slice(0, colon)) + " " +
        outcomeWords({ kind: "", message: part.slice(colon + 2) }) + ".";
    }).join("");
  }
  function plainMessage(code, error) {
    var kind = error ? error.kind : "", message = error && error.message ? error.message : "";
    if (code === 401) return "The server did not take the token. Paste a new one.";
    if (code === 400) return "The server could not use the search: " + message + ".";
    if (code === 404) return "The server does not know that venue.";
    if (code === 429) return "The providers asked us to wait a little. Try again in a minute.";
    if (kind === "noProviderAnswered") return "No provider could answer." + noAnswerWords(message);
    if (kind === "storeUnavailable") return "Your favourites cannot be reached just now. Try again later.";
    if (kind === "providerUnavailable") return "The venue's provider did not answer. Try again later.";
    return "Something went wrong on the server. Try again later.";
  }
  async function call(method, path, body) {
    var headers = { "Accept": "application/json" };
    var bearer = token() || $("token").value.trim();
    if (bearer) headers["Authorization"] = "Bearer " + bearer;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    var response;
    try {
      response = await fetch(path, {
        method: method, headers: headers, cache: "no-store", credentials: "omit",
        body: body === undefined ? undefined : JSON.stringify(body)
      });
    } catch (e) {
      var offline = new Error("The server could not be reached. Check the connection and try again.");
      offline.status = 0;
      throw offline;
    }
    var text = await response.text(), json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
    if (!response.ok) {
      var error = new Error(plainMessage(response.status, json && json.error ? json.error : null));
      error.status = response.status;
      throw error;
    }
    return json;
  }
