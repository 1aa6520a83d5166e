// The lab's panic screen. A bug in the lab's Rust code stops its wasm with a
// trap (a WebAssembly.RuntimeError; the release build compiles every panic to
// one, see scripts/release-env). This script, loaded before the wasm, turns
// that into a readable message with a way back, instead of a frozen page.
// It only ever adds text nodes: nothing in it is parsed as HTML. Stored drift
// history is not touched.
(function () {
  "use strict";

  function isLabBug(error) {
    if (!error) return false;
    if (typeof WebAssembly !== "undefined" && error instanceof WebAssembly.RuntimeError) return true;
    // A stack overflow inside the wasm surfaces as a RangeError from wasm frames.
    return error instanceof RangeError && /wasm/.test(String(error.stack || ""));
  }

  function element(tag, text) {
    var el = document.createElement(tag);
    if (text) el.textContent = text;
    return el;
  }

  function showPanic(error) {
    if (document.getElementById("panic") || !document.body) return;
    var panel = element("div");
    panel.id = "panic";
    panel.setAttribute("role", "alert");
    panel.appendChild(element("h2", "The lab hit a bug and stopped."));
    var detail = error && error.message ? " (" + error.message + ")" : "";
    panel.appendChild(element("p", "Nothing stored in this browser was changed" + detail + ". Resetting reloads the lab with the default example."));
    var reset = element("a", "Reset the lab");
    reset.id = "reset-lab";
    // The same page without its fragment (the state): an embedded lab stays embedded.
    reset.href = location.pathname + location.search;
    panel.appendChild(reset);
    document.body.insertBefore(panel, document.body.firstChild);
  }

  window.addEventListener("error", function (event) {
    if (isLabBug(event.error)) showPanic(event.error);
  });
  window.addEventListener("unhandledrejection", function (event) {
    if (isLabBug(event.reason)) showPanic(event.reason);
  });
})();
