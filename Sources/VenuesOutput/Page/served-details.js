  var detailsSequence = 0;
  function applySelection() {
    document.querySelectorAll(".venue[data-venue-id], .pin[data-venue-id]").forEach(function (element) {
      element.classList.toggle("selected", element.getAttribute("data-venue-id") === shown.selected);
    });
  }
  function sourceLink(source) {
    var url = source.page && typeof source.page.url === "string" ? webAddress(source.page.url) : null;
    return url ? { title: String(source.page.title || source.provider), url: url } : null;
  }
  function webAddress(text) {
    try {
      var url = new URL(text);
      return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
    } catch (e) { return null; }
  }
  function link(text, url, parent) {
    var anchor = html("a", null, text, parent);
    anchor.href = url;
    anchor.rel = "noopener noreferrer";
    anchor.target = "_blank";
    return anchor;
  }
  function showFavoriteState(favorite) {
    var toggle = $("details-favorite");
    toggle.setAttribute("aria-pressed", String(favorite));
    toggle.textContent = favorite ? "★ Favourite" : "☆ Favourite";
  }
  function closeDetails() {
    detailsSequence++;
    $("details").hidden = true;
    $("details").removeAttribute("data-details-id");
    shown.selected = null;
    applySelection();
    mark("details", "closed");
  }
  function select(id, scrollRow) {
    var venue = venueById(id);
    if (!venue) return;
    shown.selected = id;
    applySelection();
    showDetails(venue);
    if (scrollRow) {
      var row = document.querySelector(".venue.selected");
      if (row && row.offsetParent) row.scrollIntoView({ block: "nearest" });
    }
  }
  function showDetails(venue) {
    var panel = $("details"), body = $("details-body"), sequence = ++detailsSequence;
    clear(body);
    panel.hidden = false;
    panel.setAttribute("data-details-id", venue.id);
    var number = (shown.doc.venues || []).indexOf(venue) + 1;
    $("details-name").textContent = number + ". " + venue.name;
    var facts = html("dl", "details-facts", null, body);
    function fact(term, value) {
      html("dt", null, term, facts);
      var description = html("dd", null, null, facts);
      if (typeof value === "string") description.textContent = value; else if (value) description.appendChild(value);
      return description;
    }
    if (typeof venue.distance === "number") fact("Distance", distanceLabel(venue.distance));
    if (venue.address) fact("Address", venue.address);
    if (venue.phone) {
      var phone = html("a", null, venue.phone);
      phone.href = "tel:" + venue.phone.replace(/[^0-9+]/g, "");
      fact("Phone", phone);
    }
    if (venue.website) {
      var site = webAddress(venue.website);
      fact("Website", site ? link(venue.website, site) : venue.website);
    }
    if (venue.categories && venue.categories.length) {
      fact("Categories", venue.categories.map(categoryName).join(", "));
    }
    if (typeof venue.rating === "number") fact("Rating", String(venue.rating));
    var hours = fact("Opening hours", "…");
    hours.id = "details-hours";
    var sources = fact("Sources", null), list = html("ul", "details-links", null, sources);
    (venue.sources || []).forEach(function (source) {
      var item = html("li", null, null, list), target = sourceLink(source);
      if (target) {
        link(target.title, target.url, item).setAttribute("data-provider", source.provider);
        item.appendChild(document.createTextNode(" (" + source.id + ")"));
      } else {
        item.textContent = source.id;
      }
    });
    showFavoriteState(!!venue.favorite);
    $("details-note").value = venue.note || "";
    mark("details", "open");
    // Into view when it is out of it, except over a phone's map: the map stays where it is.
    var phoneMap = window.matchMedia("(max-width: 700px)").matches &&
      document.querySelector("main.layout").getAttribute("data-view") === "map";
    var top = panel.getBoundingClientRect().top;
    if (!phoneMap && (top < 0 || top > window.innerHeight)) panel.scrollIntoView({ block: "nearest" });
    call("GET", "/v1/venues/" + encodeURIComponent(venue.id)).then(function (detail) {
      if (sequence !== detailsSequence) return;
      hours.textContent = detail && detail.openingHours ? detail.openingHours : "not known";
      if (detail && detail.week && detail.week.length) {
        var state = detail.hours && detail.hours.source ? hoursLabel(detail.hours) + ". " : "";
        html("span", "hours-now", state, hours);
        var week = html("ul", "week", null, hours);
        detail.week.forEach(function (line) { html("li", null, line, week); });
      }
      if (detail && typeof detail.note === "string" && !$("details-note").value) $("details-note").value = detail.note;
      mark("details", "loaded");
    }, function () {
      if (sequence !== detailsSequence) return;
      hours.textContent = "could not be loaded";
      mark("details", "loaded");
    });
  }
  $("details-close").addEventListener("click", function () {
    var id = shown.selected;
    closeDetails();
    var row = id ? document.querySelector(".venue[data-venue-id]") : null;
    document.querySelectorAll(".venue[data-venue-id]").forEach(function (each) {
      if (each.getAttribute("data-venue-id") === id) row = each;
    });
    if (row) row.focus();
  });
  $("details-favorite").addEventListener("click", function () {
    var venue = venueById($("details").getAttribute("data-details-id"));
    if (venue) toggleFavorite(venue, $("details-favorite"));
  });
  $("details-save-note").addEventListener("click", async function () {
    var venue = venueById($("details").getAttribute("data-details-id"));
    if (!venue) return;
    var note = $("details-note").value, button = $("details-save-note");
    button.disabled = true;
    try {
      await call("PUT", favoritePath(venue.id), { note: note });
      venue.favorite = true;
      venue.note = note;
      setFavorite(venue.id, true);
      status("Note kept; " + venue.name + " is one of your favourites.");
      mark("note", "saved");
    } catch (error) {
      status("The note could not be kept. " + error.message, true);
      mark("note", "failed");
    } finally {
      button.disabled = false;
    }
  });
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target.closest || target.closest("button, a, input, textarea, select, label")) return;
    var pin = target.closest(".pin[data-venue-id]");
    if (pin) { select(pin.getAttribute("data-venue-id"), true); return; }
    var row = target.closest(".venue[data-venue-id]");
    if (row) select(row.getAttribute("data-venue-id"), false);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    var target = event.target;
    if (!target.matches || !target.matches(".pin[data-venue-id], .venue[data-venue-id]")) return;
    event.preventDefault();
    select(target.getAttribute("data-venue-id"), target.classList.contains("pin"));
  });

  function setMode(mode) {
    shown.mode = mode;
    $("show-results").setAttribute("aria-pressed", String(mode === "results"));
    $("show-favorites").setAttribute("aria-pressed", String(mode === "favorites"));
  }
  async function showFavorites() {
    var typed = $("token").value.trim();
    if (typed) keepToken(typed);
    if (!token()) { status("Paste your token first: whoever runs this server gives it to you.", true); return; }
    setMode("favorites");
    mark("favorites", "loading");
    status("Loading your favourites…");
    try {
      var doc = await call("GET", "/v1/favorites");
      if (shown.mode !== "favorites") return;
      shown.view = null;
      render(doc);
      var count = (doc.venues || []).length;
      status(count ? "Your " + plural(count, "favourite", "favourites") + ", on the map and in the list."
                   : "You have no favourites yet.");
      mark("favorites", "shown");
    } catch (error) {
      clearResults("Map: your favourites could not be loaded");
      status("Your favourites could not be loaded. " + error.message, true);
      mark("favorites", "failed");
    }
  }
  $("show-favorites").addEventListener("click", showFavorites);
  $("show-results").addEventListener("click", function () {
    setMode("results");
    shown.view = null;
    if (shown.results) {
      render(shown.results);
      status("The last search's results.");
    } else {
      clearResults("Map: no search yet");
      status("Give a centre and search.");
    }
  });
  function showView(view) {
    document.querySelector("main.layout").setAttribute("data-view", view);
    $("tab-list").setAttribute("aria-pressed", String(view === "list"));
    $("tab-map").setAttribute("aria-pressed", String(view === "map"));
    if (view === "map" && shown.doc) drawMap(shown.doc);
  }
  $("tab-list").addEventListener("click", function () { showView("list"); });
  $("tab-map").addEventListener("click", function () { showView("map"); });
