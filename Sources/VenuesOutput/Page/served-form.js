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
    // Only while the term has the focus: a list left open under a field the user has left
    // would take the clicks meant for what lies beneath it.
    if (!q || !near || !(token() || $("token").value.trim()) || document.activeElement !== $("term")) {
      closeSuggestions();
      return;
    }
    var params = new URLSearchParams();
    params.set("q", q);
    params.set("near", near);
    if (radius) params.set("radius", radius);
    params.set("limit", String(SUGGEST_LIMIT));
    try {
      var doc = await call("GET", "/v1/suggest?" + params.toString().replace(/\+/g, "%20"));
      if (sequence === suggestSequence && document.activeElement === $("term")) {
        offerSuggestions((doc && doc.suggestions) || []);
        noteSuggestionWarnings((doc && doc.warnings) || []);
      }
    } catch (error) {
      if (sequence === suggestSequence) closeSuggestions();
    }
  }
  // Why suggestions may be missing (a remote server forgives typos only within its
  // bound): said once in the status line; when a later answer has no warning and the line
  // still says it, the line says again what it said before.
  var suggestionWarning = "", statusBeforeWarning = null;
  function noteSuggestionWarnings(warnings) {
    var text = warnings.length ? "Suggestions: " + warnings.join(" ") : "";
    if (text === suggestionWarning) return;
    var line = $("status");
    if (!suggestionWarning || line.textContent !== suggestionWarning) {
      statusBeforeWarning = { text: line.textContent, isError: line.classList.contains("error") };
    }
    if (text) status(text);
    else if (line.textContent === suggestionWarning && statusBeforeWarning) {
      status(statusBeforeWarning.text, statusBeforeWarning.isError);
    }
    suggestionWarning = text;
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
    if (venueById(id)) { shown.selected = id; applySelection(); showDetails(venueById(id)); }
    document.querySelectorAll("#listing [data-venue-id]").forEach(function (row) {
      var isChosen = row.getAttribute("data-venue-id") === id;
      row.classList.toggle("chosen", isChosen);
      if (isChosen) { row.focus(); document.documentElement.setAttribute("data-chosen", id); }
    });
  }

  function ticked(name) {
    return Array.prototype.slice.call($("search-form").querySelectorAll("input[name=" + name + "]"));
  }
  function describeChoice(name, summary, none) {
    var chosen = ticked(name).filter(function (box) { return box.checked; });
    $(summary).textContent = chosen.length ? chosen.map(function (box) {
      return box.parentNode.textContent.trim();
    }).join(", ") : none;
  }
  function parameters() {
    var form = $("search-form"), params = new URLSearchParams();
    var term = form.elements.term.value.trim(), near = form.elements.near.value.trim();
    var radius = form.elements.radius.value.trim(), sort = $("sort").value;
    if (term) params.set("term", term);
    if (near) params.set("near", near.replace(/\s+/g, ""));
    if (radius) params.set("radius", radius);
    ticked("category").filter(function (box) { return box.checked; })
      .forEach(function (box) { params.append("category", box.value); });
    var providers = ticked("provider");
    if (providers.length) {
      params.set("providers", providers.filter(function (box) { return box.checked; })
        .map(function (box) { return box.value; }).join(","));
    }
    if (sort) params.set("sort", sort);
    if ($("open-now").checked) params.set("openNow", "true");
    params.set("limit", String(shown.limit));
    return params;
  }

  var searchSequence = 0;
  async function search(event) {
    if (event) event.preventDefault();
    if (event) { chosen = null; suggestSequence++; closeSuggestions(); shown.limit = PAGE_SIZE; }
    var typed = $("token").value.trim();
    if (typed) keepToken(typed);
    if (!token()) { status("Paste your token first: whoever runs this server gives it to you.", true); return; }
    var boxes = ticked("provider");
    if (boxes.length && !boxes.some(function (box) { return box.checked; })) {
      status("Tick at least one provider.", true);
      mark("search", "failed");
      return;
    }
    shown.sort = $("sort").value;
    var params = parameters(), sequence = ++searchSequence;
    // Spaces as %20, not "+": every server reads that the same way.
    var query = params.toString().replace(/\+/g, "%20");
    var path = (params.has("term") ? "/v1/search" : "/v1/nearby") + "?" + query;
    history.replaceState(null, "", "?" + query);
    setMode("results");
    status("Searching…");
    mark("search", "running");
    document.querySelector("main.layout").classList.add("busy");
    try {
      var doc = await call("GET", path);
      if (sequence !== searchSequence) return;
      shown.view = null;
      shown.results = doc;
      render(doc);
      markChosen();
      status("Found " + plural((doc.venues || []).length, "venue", "venues") + ".");
      if (window.matchMedia("(max-width: 700px)").matches) $("search-panel").open = false;
      mark("search", "done");
    } catch (error) {
      if (sequence !== searchSequence) return;
      if (error.status === 401) keepToken("");
      shown.results = null;
      clearResults("Map: the search failed");
      status("The search failed. " + error.message, true);
      mark("search", "failed");
    } finally {
      if (sequence === searchSequence) document.querySelector("main.layout").classList.remove("busy");
    }
  }

  var pendingProviders = null;
  async function loadProviders() {
    var list = $("provider-list");
    try {
      var ready = await call("GET", "/readyz");
      if (!ready || !Array.isArray(ready.providers)) throw new Error("no providers");
      if (ready.names && typeof ready.names === "object") {
        Object.keys(ready.names).forEach(function (id) {
          if (typeof ready.names[id] === "string") PROVIDER_NAMES[id] = ready.names[id];
        });
      }
      clear(list);
      ready.providers.forEach(function (id) {
        var label = html("label", "choice", null, list), box = html("input", null, null, label);
        box.type = "checkbox";
        box.name = "provider";
        box.value = id;
        box.checked = !pendingProviders || pendingProviders.split(",").indexOf(id) >= 0;
        label.appendChild(document.createTextNode(" " + providerName(id)));
      });
      if (!ready.providers.length) html("span", "muted", "none is set up on this server", list);
      mark("providers", "ready");
    } catch (error) {
      list.textContent = "the server's usual ones";
      mark("providers", "unknown");
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
  $("more").addEventListener("click", function () {
    shown.limit += PAGE_SIZE;
    search();
  });
  form.addEventListener("change", function () {
    describeChoice("category", "category-summary", "any");
  });
  keepToken(token());
  var initial = new URLSearchParams(location.search);
  ["term", "near", "radius", "sort"].forEach(function (name) {
    if (initial.has(name)) form.elements[name].value = initial.get(name);
  });
  $("open-now").checked = initial.get("openNow") === "true";
  if (initial.has("limit")) shown.limit = Math.max(1, parseInt(initial.get("limit"), 10) || PAGE_SIZE);
  var categories = initial.getAll("category").join(",").split(",");
  ticked("category").forEach(function (box) { box.checked = categories.indexOf(box.value) >= 0; });
  describeChoice("category", "category-summary", "any");
  pendingProviders = initial.get("providers");
  mark("served-script", "ready");
  loadProviders().then(function () { if (initial.has("near") && token()) search(); });
