"""`el-grande serve HOST[:PORT]`: a hosted table's seats played from a browser.

The join client (`el-grande join --ask-on-screen`) behind `textual-serve` (an optional extra,
`el-grande[web]`): a person opens the page, the page starts one app process for that tab over
a websocket, and the app asks for the code on its own screen (`app.remote_app.CodeEntry`).
textual-serve has no authentication of its own: the code asked in the page is the access
control, as at a terminal, and the host's lockout for wrong codes counts every tab of one
`serve` as one address. The command that each tab runs carries no code (this process's
`EL_GRANDE_CODE` is dropped before any tab starts), only the table's address.

Binds 127.0.0.1 unless `--bind` says otherwise; beyond this machine, put it behind a TLS
proxy (README: "Play from a browser") and give that proxy's address as `--public-url`.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys

from el_grande.names import printable
from el_grande.text import language, t

__all__ = ["DEFAULT_WEB_PORT", "configure", "run", "tab_command"]

#: The port the page is served on unless told.
DEFAULT_WEB_PORT = 8000
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "address",
        metavar="HOST[:PORT]",
        help="the table's address, as el-grande join takes it (a ws:// or wss:// URL too)",
    )
    p.add_argument("more", nargs="*", default=[], help=argparse.SUPPRESS)
    p.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar="ADDR",
        help="the address the page is served on (default 127.0.0.1: this machine only)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_WEB_PORT,
        metavar="N",
        help=f"the page's port (default {DEFAULT_WEB_PORT})",
    )
    p.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the address browsers open, when a proxy stands in front (https://…: the page's "
        "websocket is then wss://)",
    )
    p.add_argument("--tls", action="store_true", help="the table serves TLS (as for join)")
    p.add_argument(
        "--cafile",
        default=None,
        metavar="FILE",
        help="trust this certificate for the table's TLS (as for join); implies --tls",
    )


def tab_command(args: argparse.Namespace) -> str:
    """The command each browser tab runs: the join client asking its code on screen, in
    this process's language, with the table's address and TLS options (never a code)."""
    words = [sys.executable, "-m", "el_grande", "--lang", language(), "join", "--ask-on-screen"]
    if args.tls:
        words.append("--tls")
    if args.cafile is not None:
        words += ["--cafile", os.path.abspath(args.cafile)]
    words.append(args.address)
    return shlex.join(words)


def _fail(message: str, code: int = EXIT_FAILED) -> int:
    print(message, file=sys.stderr)
    return code


def run(args: argparse.Namespace) -> int:
    from el_grande.net_cli import is_loopback, table_url

    if args.more:
        return _fail(t("wire.code_not_argument"), EXIT_USAGE)
    try:
        table_url(args.address, bool(args.tls or args.cafile))
    except ValueError as exc:
        return _fail(str(exc), EXIT_USAGE)
    if not 0 < args.port < 65536:
        return _fail(t("serve.bad_port"), EXIT_USAGE)
    try:
        from textual_serve.server import Server  # start-up: the optional extra, when it serves
    except ImportError:
        return _fail(t("serve.needs_extra"))
    os.environ.pop("EL_GRANDE_CODE", None)  # each tab asks its own: never this one's
    public = args.public_url
    if not is_loopback(args.bind) and not (public or "").startswith("https://"):
        print(t("serve.no_tls", address=printable(args.bind)))
    server = Server(
        tab_command(args), host=args.bind, port=args.port, title="El Grande", public_url=public
    )
    print(t("serve.open", url=printable(server.public_url)), flush=True)
    server.serve()
    return EXIT_OK
