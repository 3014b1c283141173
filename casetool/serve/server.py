"""The HTTP side of `casetool serve`: pages, Server-Sent Events, and the file watcher.

Routes: `/` the index, `/case/<file name>` a case, `/events` the event stream the pages
listen to (each message is the JSON of `Workspace.stamps()`; a page whose own stamp
changed reloads itself), `/stamps.json` the same as one response (for scripts).

Safety: loopback only unless --host says otherwise; requests must name this server in
their Host header (a web page elsewhere cannot read the casebook through DNS
rebinding); every page is autoescaped and sent with a Content-Security-Policy that
runs only the page's own script (a per-response nonce); only GET and HEAD.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import threading
import time
import traceback
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit

from .pages import Pages, new_nonce
from .workspace import Workspace, is_watched

HEARTBEAT = 15.0    # seconds between keep-alive comments on an idle event stream
RETRY_MS = 500      # how soon a browser reconnects after losing the stream
ANALYSIS_WAIT = 0.5  # seconds a re-check waits for the saved case's explanation before telling the pages
WATCH_STEP_MS = 30  # watchfiles: how long the folder must be quiet before a batch of changes is handled
BACKLOG = 128       # pending connections the kernel queues (the default 5 made a burst of pages wait seconds)
IDLE_TIMEOUT = 30.0  # seconds a connection may sit silent before the server closes it
MAX_STREAMS = 32    # open /events streams; beyond it a page gets the stamps and comes back later
BUSY_RETRY_MS = 5000  # how soon a page turned away from a full event stream reconnects


class Broadcaster:
    """The latest stamps, and a condition the event streams wait on."""

    def __init__(self):
        self.cond = threading.Condition()
        self.seq = 0
        self.data = "{}"
        self.closed = False

    def publish(self, data: dict) -> bool:
        """Send `data` to every open page, unless it is what they already have."""
        text = json.dumps(data, sort_keys=True)
        with self.cond:
            if text == self.data:
                return False
            self.seq += 1
            self.data = text
            self.cond.notify_all()
            return True

    def wait(self, seq: int, timeout: float) -> tuple[int, str]:
        with self.cond:
            self.cond.wait_for(lambda: self.seq != seq or self.closed, timeout)
            return self.seq, self.data

    def close(self) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = BACKLOG

    def __init__(self, address: tuple[str, int], workspace: Workspace, log: Callable[[str], None] | None = None):
        host = address[0]
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__(address, Handler)
        self.workspace = workspace
        self.pages = Pages(workspace)
        self.broadcaster = Broadcaster()
        self.broadcaster.publish(workspace.stamps())
        workspace.on_analysis = lambda: self.broadcaster.publish(workspace.stamps())
        self.log = log or (lambda text: None)
        self.stopping = threading.Event()
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.watching = threading.Event()  # set once the watcher is known to be watching
        self.watcher: threading.Thread | None = None
        self.host = host

    @property
    def port(self) -> int:
        return self.server_address[1]

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/"

    def allowed_host(self, header: str | None) -> bool:
        """The Host header must name this server (any name will do when not on loopback)."""
        if not is_loopback(self.host):
            return True
        if not header:
            return False
        name = urlsplit("//" + header).hostname or ""
        return is_loopback(name)

    # ---- changes -------------------------------------------------------------------
    def changed(self, paths) -> set[str]:
        """Re-validate and re-check what `paths` touch, then tell the pages."""
        start = time.perf_counter()
        names = self.workspace.apply(paths)
        # One reload with everything when the explanation is quick; else two (it follows).
        self.workspace.await_analysis(names, ANALYSIS_WAIT)
        if self.broadcaster.publish(self.workspace.stamps()):
            took = (time.perf_counter() - start) * 1000
            what = ", ".join(sorted(names)) if len(names) <= 3 else f"{len(names)} cases"
            self.log(f"re-checked {what or 'the casebook'} in {took:.0f} ms")
        return names

    def start_watching(self) -> None:
        self.watcher = threading.Thread(target=self._watch, name="casetool-watch", daemon=True)
        self.watcher.start()

    def _watch(self) -> None:
        from watchfiles import watch
        folder = self.workspace.folder
        failed = False
        while not self.stopping.is_set():
            try:
                if failed and folder.is_dir():  # back after a failure: changes may have been missed
                    self.workspace.load_all()
                    self.broadcaster.publish(self.workspace.stamps())
                    self.log(f"watching {folder} again")
                    failed = False
                for changes in watch(folder, recursive=False, step=WATCH_STEP_MS, stop_event=self.stopping,
                                     watch_filter=lambda change, path: is_watched(Path(path)),
                                     raise_interrupt=False, rust_timeout=1000, yield_on_timeout=True):
                    self.watching.set()  # the first yield (a change or a quiet second): it is watching
                    if changes:
                        self.changed({Path(p) for _, p in changes})
                    elif not folder.is_dir():  # moving the folder away tells its watcher nothing
                        raise FileNotFoundError(f"{folder} is not there")
            except Exception as exc:  # noqa: BLE001 - e.g. the folder itself was removed; keep trying
                if not failed:
                    self.log(f"cannot watch {folder} ({exc}); trying again every second")
                    self.workspace.load_all()  # the pages say so
                    self.broadcaster.publish(self.workspace.stamps())
                failed = True
                self.stopping.wait(1.0)

    def stop(self) -> None:
        self.stopping.set()
        self.broadcaster.close()
        self.shutdown()
        self.server_close()
        self.workspace.close()


class Handler(BaseHTTPRequestHandler):
    server: Server
    server_version = "casetool-serve"
    timeout = IDLE_TIMEOUT  # socket timeout: a client that sends nothing does not hold a thread for ever

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the stdlib's name
        pass  # quiet: the terminal shows re-checks, not every request

    def do_HEAD(self) -> None:
        self.do_GET(head=True)

    def do_GET(self, head: bool = False) -> None:
        if not self.server.allowed_host(self.headers.get("Host")):
            return self._send(HTTPStatus.MISDIRECTED_REQUEST, "text/plain", b"this server answers only to its own address\n", head)
        path = urlsplit(self.path).path
        try:
            if path == "/":
                nonce = new_nonce()
                return self._page(200, self.server.pages.index(nonce), nonce, head)
            if path.startswith("/case/") and "/" not in path[len("/case/"):]:
                nonce = new_nonce()
                status, page = self.server.pages.case(unquote(path[len("/case/"):]), nonce)
                return self._page(status, page, nonce, head)
            if path == "/events":
                return self._events()
            if path == "/stamps.json":
                body = json.dumps(self.server.workspace.stamps(), sort_keys=True).encode()
                return self._send(200, "application/json", body, head)
            if path == "/favicon.ico":
                return self._send(HTTPStatus.NO_CONTENT, "text/plain", b"", head)
            return self._send(404, "text/plain; charset=utf-8", b"not found\n", head)
        except (BrokenPipeError, ConnectionResetError):
            return
        except Exception:  # noqa: BLE001 - show the failure, keep serving
            text = traceback.format_exc()
            self.server.log(text)
            body = ("<!doctype html><meta charset=utf-8><title>casetool serve: error</title>"
                    f"<h1>casetool serve failed on this page</h1><pre>{escape(text)}</pre>"
                    "<p>The server is still running; save again or reload.</p>").encode()
            try:
                self._send(500, "text/html; charset=utf-8", body, head)
            except OSError:
                pass

    def _page(self, status: int, html: str, nonce: str, head: bool) -> None:
        csp = (f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
               "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        self._send(status, "text/html; charset=utf-8", html.encode("utf-8"), head, {"Content-Security-Policy": csp})

    def _send(self, status: int, ctype: str, body: bytes, head: bool = False, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _events(self) -> None:
        if not self.server.streams.acquire(blocking=False):
            return self._busy_stream()
        try:
            self._stream()
        finally:
            self.server.streams.release()

    def _event_headers(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Accel-Buffering", "no")
        self.end_headers()

    def _busy_stream(self) -> None:
        """Too many open streams: the current stamps, then the stream ends. A browser's
        EventSource reconnects after `retry` (an error status would make it give up)."""
        self._event_headers()
        _, data = self.server.broadcaster.wait(-1, 0)
        try:
            self.wfile.write(f"retry: {BUSY_RETRY_MS}\ndata: {data}\n\n".encode())
            self.wfile.flush()
        except OSError:
            pass
        self.close_connection = True

    def _stream(self) -> None:
        b = self.server.broadcaster
        self._event_headers()
        seq, data = b.wait(-1, 0)
        try:
            self.wfile.write(f"retry: {RETRY_MS}\ndata: {data}\n\n".encode())
            self.wfile.flush()
            while not b.closed and not self.server.stopping.is_set():
                new_seq, data = b.wait(seq, HEARTBEAT)
                if b.closed:
                    break
                if new_seq != seq:
                    seq = new_seq
                    self.wfile.write(f"data: {data}\n\n".encode())
                else:
                    self.wfile.write(b": keep-alive\n\n")
                self.wfile.flush()
        except OSError:  # the browser went away
            pass
        self.close_connection = True


def serve(folder: Path, host: str = "127.0.0.1", port: int = 8000,
          log: Callable[[str], None] = lambda text: print(text, file=sys.stderr, flush=True),
          ready: Callable[[Server], None] | None = None) -> None:
    """Load and check the folder, then serve it until interrupted."""
    workspace = Workspace(folder)
    server = Server((host, port), workspace, log)  # bind first: a busy port fails at once
    start = time.perf_counter()
    server.start_watching()  # before loading, so no save is missed; the workspace serialises the two
    workspace.load_all()
    server.broadcaster.publish(workspace.stamps())
    log(f"checked {len(workspace.entries)} case files in {time.perf_counter() - start:.1f} s")
    if ready:
        ready(server)
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()
        server.broadcaster.close()
        server.server_close()
