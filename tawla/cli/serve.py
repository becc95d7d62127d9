"""``tawla serve``: the game in a web browser (:mod:`tawla.web`), from the optional ``web`` extra.
Prints one address with a random token, and opens nothing by itself."""

from __future__ import annotations

import argparse
import asyncio
import sys

from tawla.cli.input import fail, tr


def run_serve(args: argparse.Namespace, lang: str) -> int:
    """Serve until Ctrl+C or SIGTERM. Exit status: 0; 2 for a port that cannot be used; 1
    without the web extra (the input was fine)."""
    try:
        from tawla.web.server import Server, serve
    except ImportError:
        sys.stderr.write(tr(lang, "cli_serve.no_extra") + "\n")
        return 1
    server = Server(host=args.host, port=args.port, sessions=args.sessions, lang=lang)
    server.said = lambda key, params: print(tr(lang, key, **params), flush=True)

    def ready(url: str) -> None:
        print(tr(lang, "cli_serve.url", url=url), flush=True)
        if server.host not in ("127.0.0.1", "localhost", "::1"):
            print(tr(lang, "cli_serve.beyond", host=server.host), flush=True)
        print(tr(lang, "cli_serve.stop"), flush=True)

    try:
        asyncio.run(serve(server, ready))
    except OSError as error:
        return fail(lang, tr(lang, "cli_serve.cannot_listen", host=args.host, port=args.port, problem=error.strerror))
    except KeyboardInterrupt:
        pass
    return 0
