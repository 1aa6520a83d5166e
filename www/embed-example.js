// Fit each embedded ClaimLab to its content. An embedded lab posts
// {type: "claimlab:height", height: <pixels>} to its parent page whenever its
// height changes. Act only on messages from one of this page's ClaimLab
// iframes, sent from the origin that iframe shows (the lab may be hosted on
// another origin than this page), in exactly that shape; ignore all others.
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
    var frame = labFor(event.source);
    if (!frame || event.origin !== new URL(frame.src, window.location.href).origin) return;
    var data = event.data;
    if (!data || typeof data !== "object" || Object.keys(data).length !== 2) return;
    if (data.type !== MESSAGE || typeof data.height !== "number") return;
    if (!isFinite(data.height) || data.height <= 0 || data.height > MAX_HEIGHT) return;
    frame.style.height = Math.ceil(data.height) + "px";
    frame.setAttribute("data-fitted", "true");
  });
})();
