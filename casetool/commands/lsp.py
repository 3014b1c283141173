"""`casetool lsp`: the Language Server Protocol server, over stdin and stdout (docs/editor.md)."""

from __future__ import annotations

import os
import sys

import click


@click.command("lsp")
@click.option("--time-limit", type=click.FloatRange(min=0.01), default=10.0, show_default=True,
              help="Seconds per check on save; a case not decided in time shows as unknown.")
@click.option("--stdio", is_flag=True, help="Talk over stdin/stdout (the default; accepted because editors pass it).")
def command(time_limit: float, stdio: bool) -> None:
    """Serve editors: diagnostics as you type, the check on save, completion, hover, definition."""
    from ..lsp.server import make_server

    status = make_server(time_limit).start_io()  # 0 after `shutdown`, as the protocol says
    sys.stderr.flush()
    # A solve may still be running in the checker thread; tearing the interpreter down
    # under it aborts in C++. Nothing is left to save once the client has gone (every
    # message was flushed as it was written, and `exit` closed stdout).
    os._exit(status)
