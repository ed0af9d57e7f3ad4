/// The map page's script for the file `--format html` writes: hovering or focusing a pin
/// highlights its row and the other way round, and choosing a pin brings its row into view.
/// It reads only `data-venue-id` attributes and changes only classes: it never turns text into
/// markup. Without it the page is complete (CSS still highlights what is under the pointer).
///
/// The page allows it by its hash in its Content-Security-Policy; ``sha256`` must change with
/// it (a test computes it and says the new value).
public enum MapPageScript {
    /// The script, as it goes between `<script>` and `</script>`.
    public static let source = #"""
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
        """#

    /// `sha256-…` of ``source`` (its UTF-8 bytes), as a CSP source expression takes it.
    public static let sha256 = "sha256-THAa9iyx+X+YITA+aIHiyPBue8FU9yt3aWiC5+lyjPk="
}
