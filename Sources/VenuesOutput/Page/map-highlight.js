"use strict";
(function () {
  var marked = [];
  function owner(node) {
    return node && node.closest ? node.closest("[data-venue-id]") : null;
  }
  function unmark() {
    for (var i = 0; i < marked.length; i++) marked[i].classList.remove("highlighted");
    marked = [];
  }
  function mark(id) {
    unmark();
    var all = document.querySelectorAll("[data-venue-id]");
    for (var i = 0; i < all.length; i++) {
      if (all[i].getAttribute("data-venue-id") === id) {
        all[i].classList.add("highlighted");
        marked.push(all[i]);
      }
    }
  }
  function follow(event) {
    var element = owner(event.target);
    if (element) mark(element.getAttribute("data-venue-id")); else unmark();
  }
  document.addEventListener("mouseover", follow);
  document.addEventListener("focusin", follow);
  document.addEventListener("focusout", function (event) {
    if (!owner(event.relatedTarget)) unmark();
  });
  document.addEventListener("click", function (event) {
    var pin = event.target.closest ? event.target.closest(".pin") : null;
    if (!pin) return;
    var id = pin.getAttribute("data-venue-id");
    var rows = document.querySelectorAll(".venue[data-venue-id]");
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].getAttribute("data-venue-id") === id) {
        rows[i].scrollIntoView({ block: "nearest" });
        break;
      }
    }
  });
  document.documentElement.setAttribute("data-map-script", "ready");
})();
