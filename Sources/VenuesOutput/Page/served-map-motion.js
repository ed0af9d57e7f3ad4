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
