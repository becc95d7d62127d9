// tawla serve: the page's own script (no inline script: the content security policy forbids it).
// textual.js (textual-serve's client) connects every ".textual-terminal" on window.onload; here
// that waits until the bundled font is loaded (xterm.js measures its cell from the font), the
// websocket's address is made absolute on this page's own origin, and the terminal takes the
// keyboard focus so that the first key works.
(function () {
  "use strict";
  const start = window.onload;
  window.onload = null;
  window.addEventListener("load", async function () {
    try {
      await Promise.all([
        document.fonts.load('16px "Roboto Mono"', "طاولة ●"),
        document.fonts.load('bold 16px "Roboto Mono"', "طاولة ●"),
      ]);
    } catch (error) {
      console.log("tawla: font", error);
    }
    document.querySelectorAll(".textual-terminal").forEach(function (element) {
      const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      element.dataset.sessionWebsocketUrl = scheme + window.location.host + element.dataset.sessionWebsocketUrl;
    });
    if (start) start.call(window);
    const focus = function () {
      const area = document.querySelector(".xterm-helper-textarea");
      if (area) area.focus(); else window.setTimeout(focus, 50);
    };
    focus();
    document.body.dataset.fonts = String(document.fonts.check('16px "Roboto Mono"', "ط"));
  });
})();
