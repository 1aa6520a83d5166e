// Fit each embedded ClaimLab to its content. An embedded lab posts
// {type: "claimlab:height", height: <pixels>} to its parent page whenever its
// height changes. Act only on messages that come from this page's own origin,
// from one of its ClaimLab iframes, in exactly that shape; ignore all others.
(function () {
  "use strict";
  var MESSAGE = "claimlab:height";
  var MAX_HEIGHT = 20000;

  function labFor(source) {
    var frames = document.querySelectorAll("iframe.claimlab");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === source) return frames[i];
    }
    return null;
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== window.location.origin) return;
    var frame = labFor(event.source);
    if (!frame) return;
    var data = event.data;
    if (!data || typeof data !== "object" || Object.keys(data).length !== 2) return;
    if (data.type !== MESSAGE || typeof data.height !== "number") return;
    if (!isFinite(data.height) || data.height <= 0 || data.height > MAX_HEIGHT) return;
    frame.style.height = Math.ceil(data.height) + "px";
    frame.setAttribute("data-fitted", "true");
  });
})();
