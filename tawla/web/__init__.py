"""``tawla serve``: the game in a web browser (the ``web`` extra: aiohttp and textual-serve).

Every browser tab is one tawla process of its own (``tawla --web``: Textual's web driver over
pipes, see :mod:`tawla.ui.web_driver`), started and stopped by :mod:`tawla.web.server`, which also
serves the page (:mod:`tawla.web.page`), its script, textual-serve's client (xterm.js) and the
bundled font. Nothing in here decides a rule: the game is the same program as in a terminal.
"""
