"""`casetool serve CASEBOOK_DIR`: a live preview that re-checks each case as it is saved."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .edge import ExitCode, Stop


@click.command("serve")
@click.argument("casebook_dir", type=click.Path(path_type=Path, file_okay=False, exists=True))
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port; the URL is printed).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but loopback shows your cases to the network.")
@click.option("-o", "--open", "open_browser", is_flag=True,
              help="Open the preview in the web browser once the cases are checked ($BROWSER, else the system's).")
def command(casebook_dir: Path, port: int, host: str, open_browser: bool) -> None:
    """Serve a casebook folder as HTML; re-check and reload the page on every save."""
    from ..serve.server import is_loopback, serve

    if not is_loopback(host):
        click.echo(f"casetool serve: warning: listening on {host}: anyone who can reach this machine "
                   "can read the casebook", err=True)

    def ready(server) -> None:
        click.echo(f"Serving {casebook_dir} at {server.url} (Ctrl-C to stop)")
        if open_browser:
            _open(server.url)

    try:
        serve(casebook_dir, host, port, log=lambda text: click.echo(text, err=True), ready=ready)
    except OSError as exc:
        raise Stop(ExitCode.INPUT, f"casetool serve: cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    click.echo("casetool serve: stopped", err=True)
    sys.stdout.flush()
    sys.stderr.flush()
    # A solve may still be running in a background thread; tearing the interpreter down
    # under it aborts in C++ ("terminate called..."). Nothing is left to save: leave now.
    os._exit(ExitCode.OK)


def _open(url: str) -> None:
    """The browser, in a thread of its own: a text browser run in this terminal may not
    return until it is closed, and the server must answer it meanwhile."""
    import threading
    import webbrowser

    def run() -> None:
        if not webbrowser.open(url):
            click.echo(f"casetool serve: no web browser to open; visit {url}", err=True)
    threading.Thread(target=run, name="open-browser", daemon=True).start()
