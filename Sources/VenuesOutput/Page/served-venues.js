  function favoritePath(id) { return "/v1/favorites/" + encodeURIComponent(id); }
  function venueById(id) {
    return shown.doc ? (shown.doc.venues || []).find(function (venue) { return venue.id === id; }) : null;
  }
  function setFavorite(id, favorite) {
    document.querySelectorAll("[data-venue-id]").forEach(function (element) {
      if (element.getAttribute("data-venue-id") !== id) return;
      element.classList.toggle("favorite", favorite);
      var circle = element.querySelector("circle");
      if (circle) circle.setAttribute("fill", favorite ? FAVORITE_COLOR : PIN_COLOR);
      var toggle = element.querySelector(".favorite-toggle");
      if (toggle && shown.mode !== "favorites") {
        toggle.setAttribute("aria-pressed", String(favorite));
        toggle.textContent = favorite ? "★ Favourite" : "☆ Favourite";
      }
      var mark = element.querySelector(".favorite-mark");
      if (mark) mark.hidden = !favorite;
    });
    if ($("details").getAttribute("data-details-id") === id) showFavoriteState(favorite);
  }
  async function toggleFavorite(venue, button) {
    var on = shown.mode === "favorites" && button.classList.contains("remove") ? false
      : button.getAttribute("aria-pressed") !== "true";
    button.disabled = true;
    try {
      await call(on ? "PUT" : "DELETE", favoritePath(venue.id), on ? {} : undefined);
      venue.favorite = on;
      setFavorite(venue.id, on);
      status((on ? "Added to" : "Removed from") + " your favourites: " + venue.name);
      if (!on && shown.mode === "favorites") await showFavorites();
    } catch (error) {
      status("The favourite could not be changed. " + error.message, true);
    } finally {
      button.disabled = false;
    }
  }

  function drawList(doc) {
    var listing = $("listing"), favorites = shown.mode === "favorites";
    clear(listing);
    var venues = doc.venues || [];
    if (!venues.length) {
      html("p", "empty", favorites ? "No favourites yet: star a venue in its row or its details."
                                   : "No venues found.", listing);
      return;
    }
    var list = html("ol", "venues", null, listing);
    venues.forEach(function (venue, index) {
      var row = html("li", "venue" + (venue.favorite ? " favorite" : "") +
                     (venue.id === shown.selected ? " selected" : ""), null, list);
      row.setAttribute("data-venue-id", venue.id);
      row.setAttribute("data-number", String(index + 1));
      row.tabIndex = 0;
      row.setAttribute("aria-label", (index + 1) + ". " + venue.name + ": press Enter for details");
      html("span", "number", String(index + 1), row);
      var details = html("div", "details", null, row);
      var title = html("p", "title", null, details);
      html("bdi", "name", venue.name, title);
      title.appendChild(document.createTextNode(" "));
      var star = html("span", "favorite-mark", "★", title);
      star.title = "favourite";
      star.setAttribute("aria-label", "favourite");
      star.hidden = !venue.favorite;
      var facts = html("p", "facts", null, details);
      if (typeof venue.distance === "number") html("span", "distance", distanceLabel(venue.distance), facts);
      if (venue.categories && venue.categories.length) {
        if (facts.childNodes.length) facts.appendChild(document.createTextNode(" · "));
        html("span", "category", categoryName(venue.categories[0]), facts);
      }
      if (venue.hours && venue.hours.source) {
        if (facts.childNodes.length) facts.appendChild(document.createTextNode(" · "));
        html("span", "open-badge " + venue.hours.state, hoursLabel(venue.hours), facts);
      }
      if (venue.address) html("bdi", null, venue.address, html("p", "address", null, details));
      if (venue.note) html("bdi", null, venue.note, html("p", "note", "Note: ", details));
      if (venue.sources && venue.sources.length) {
        var names = [];
        venue.sources.forEach(function (source) {
          var name = providerName(source.provider);
          if (names.indexOf(name) < 0) names.push(name);
        });
        html("p", "sources", "From " + names.join(", "), details);
      }
      var toggle = html("button", "favorite-toggle" + (favorites ? " remove" : ""),
                        favorites ? "Remove" : (venue.favorite ? "★ Favourite" : "☆ Favourite"));
      details.insertBefore(toggle, details.firstChild);
      toggle.type = "button";
      if (favorites) {
        toggle.setAttribute("aria-label", "Remove " + venue.name + " from your favourites");
      } else {
        toggle.setAttribute("aria-pressed", String(!!venue.favorite));
        toggle.setAttribute("aria-label", "Favourite: " + venue.name);
      }
      toggle.addEventListener("click", function () { toggleFavorite(venue, toggle); });
    });
  }

  // `index:helsinki` → local index “helsinki”; `overpass` → Overpass; `file` → local file;
  // several indexes (`index:uusimaa+index:estonia`) → local index “uusimaa”, local index “estonia”.
  function sourceLabel(source) {
    return source.split("+").map(function (part) {
      var colon = part.indexOf(":"), kind = colon < 0 ? part : part.slice(0, colon);
      var name = colon < 0 ? "" : part.slice(colon + 1);
      return (SOURCE_NAMES[kind] || kind) + (name ? " “" + name + "”" : "");
    }).join(", ");
  }
  function drawProviders(doc) {
    var section = $("provider-summary");
    clear(section);
    if (!doc.providers || !doc.providers.length) return;
    html("h2", null, "Providers", section);
    var list = html("ul", null, null, section);
    doc.providers.forEach(function (provider) {
      var ok = provider.status === "ok", line = providerName(provider.provider);
      if (ok) {
        line += ": " + plural(provider.count, "venue", "venues");
        if (provider.source) line += " (" + sourceLabel(provider.source) + ")";
        if (typeof provider.coverage === "number" && provider.coverage < 1) {
          line += ", " + Math.round(provider.coverage * 100) + " % of the circle covered";
        }
      } else {
        line += " " + outcomeWords(provider.error) + ".";
      }
      var item = html("li", "provider " + (ok ? "ok" : "failed"), line, list);
      item.setAttribute("data-provider", provider.provider);
      if (provider.warnings && provider.warnings.length) {
        var warnings = html("ul", null, null, item);
        provider.warnings.forEach(function (warning) { html("li", "warning", warning, warnings); });
      }
    });
  }

  function order(doc) {
    var sort = shown.sort || (doc.query.term ? "relevance" : "distance");
    return SORT_NAMES[sort === "relevance" && !doc.query.term ? "distance" : sort];
  }
  function drawSummary(doc) {
    var q = doc.query, count = (doc.venues || []).length, more = $("more"), heading;
    if (shown.mode === "favorites") {
      heading = "Your " + plural(count, "favourite", "favourites");
      more.hidden = true;
    } else {
      // The server keeps the first `limit` venues and, when it cut the list, says how many
      // it found (`query.found`); a list as long as asked may have been cut too.
      var found = typeof q.found === "number" && q.found > count ? q.found : 0;
      var cut = count > 0 && (found > 0 || count >= shown.limit);
      heading = (found ? "First " + count + " of " + found + " venues found"
                 : cut ? "First " + count + " " + (count === 1 ? "venue" : "venues")
                 : plural(count, "venue", "venues")) +
        (q.term ? " for “" + q.term + "”" : "") + " within " + q.radius + " m of " +
        coordinateLabel(q.latitude, q.longitude) + (cut && !found ? " (there may be more)" : "") + ", " +
        order(doc);
      // A listing filtered on opening hours says what it left out (`hoursFilter`).
      var left = doc.hoursFilter, parts = [];
      if (left && left.closed) parts.push(left.closed + " closed");
      if (left && left.unknown) parts.push(left.unknown + " with unknown hours");
      if (parts.length) heading += "; left out: " + parts.join(", ");
      more.hidden = !cut;
      more.textContent = "Show " + PAGE_SIZE + " more";
    }
    $("summary").textContent = heading;
    document.title = heading + " · Venues";
  }

  function render(doc) {
    shown.doc = doc;
    if (shown.selected && !venueById(shown.selected)) { shown.selected = null; closeDetails(); }
    drawMap(doc);
    drawList(doc);
    drawProviders(doc);
    drawSummary(doc);
    $("attribution").textContent = "Made by venues." +
      (doc.attribution && doc.attribution.length ? " " + doc.attribution.join(" · ") + "." : "");
  }

  function clearResults(text) {
    shown.doc = null;
    shown.selected = null;
    closeDetails();
    clear($("listing"));
    clear($("provider-summary"));
    $("summary").textContent = "";
    $("more").hidden = true;
    drawEmptyMap(text);
  }
