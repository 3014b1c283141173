"""The HTTP server, the event stream and the file watcher, in-process (no browser)."""

import http.client
import json
import socket
import threading
import time

import pytest
from casetool.cli import cli
from casetool.serve import server as server_module
from casetool.serve.server import Server
from click.testing import CliRunner
from serve_helpers import without_clue


@pytest.fixture
def server(ws):
    srv = Server(("127.0.0.1", 0), ws)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.stop()
    thread.join(5)


def get(srv, path, host=None, method="GET"):
    conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    conn.request(method, path, headers={"Host": host} if host else {})
    resp = conn.getresponse()
    body = resp.read().decode()
    conn.close()
    return resp, body


class Events:
    """A reader of /events: each message's data as a dict."""

    def __init__(self, srv):
        self.conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        self.conn.request("GET", "/events")
        self.resp = self.conn.getresponse()
        assert self.resp.status == 200 and self.resp.getheader("Content-Type").startswith("text/event-stream")

    def next(self) -> dict:
        while True:
            line = self.resp.fp.readline().decode()
            assert line, "the event stream closed"
            if line.startswith("data: "):
                return json.loads(line[len("data: "):])

    def close(self):
        self.conn.close()


def test_pages_and_headers(server):
    resp, body = get(server, "/")
    assert resp.status == 200 and "001-ok.yaml" in body
    csp = resp.getheader("Content-Security-Policy")
    assert "default-src 'none'" in csp and "script-src 'nonce-" in csp
    nonce = csp.split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in body
    resp, body = get(server, "/case/003-contradiction.yaml")
    assert resp.status == 200 and 'data-status="contradiction"' in body
    assert get(server, "/case/nope.yaml")[0].status == 404
    assert get(server, "/case/../setting.yaml")[0].status == 404
    assert get(server, "/etc/passwd")[0].status == 404
    assert get(server, "/", method="HEAD")[0].status == 200
    assert get(server, "/", method="POST")[0].status == 501
    stamps = json.loads(get(server, "/stamps.json")[1])
    assert set(stamps["cases"]) == {"001-ok.yaml", "002-ambiguous.yaml", "003-contradiction.yaml", "004-wrong.yaml"}


def test_only_requests_for_this_server_are_answered(server):
    assert get(server, "/", host="evil.example:80")[0].status == 421
    assert get(server, "/", host=f"localhost:{server.port}")[0].status == 200
    assert get(server, "/", host=f"127.0.0.1:{server.port}")[0].status == 200


def test_a_failing_page_is_an_error_page_and_the_server_goes_on(server, monkeypatch):
    def broken(nonce=""):
        raise RuntimeError("<b>template</b> exploded")
    monkeypatch.setattr(server.pages, "index", broken)
    resp, body = get(server, "/")
    assert resp.status == 500 and "&lt;b&gt;template&lt;/b&gt; exploded" in body
    monkeypatch.undo()
    assert get(server, "/")[0].status == 200


def test_a_change_is_pushed_to_the_event_stream(server, book):
    events = Events(server)
    first = events.next()
    path = book / "001-ok.yaml"
    path.write_text(without_clue(path.read_text(), "boddy"))
    server.changed({path})
    second = events.next()
    events.close()
    assert second["cases"]["001-ok.yaml"] != first["cases"]["001-ok.yaml"]
    assert second["cases"]["002-ambiguous.yaml"] == first["cases"]["002-ambiguous.yaml"]
    assert 'data-status="ambiguous"' in get(server, "/case/001-ok.yaml")[1]


@pytest.mark.slow
def test_the_watcher_sees_a_save(server, book):
    server.start_watching()
    events = Events(server)
    first = events.next()
    assert server.watching.wait(30), "the watcher did not start"
    path = book / "002-ambiguous.yaml"
    path.write_text(path.read_text().replace("title: The Missing Umbrella", "title: The Missing Brolly"))
    start = time.monotonic()
    second = events.next()
    took = time.monotonic() - start
    events.close()
    assert second["cases"]["002-ambiguous.yaml"] != first["cases"]["002-ambiguous.yaml"]
    assert took < 5
    assert "The Missing Brolly" in get(server, "/")[1]


def test_cli_help_and_bad_arguments(tmp_path):
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0 and "--port" in result.output and "--host" in result.output
    assert CliRunner().invoke(cli, ["serve", str(tmp_path / "nope")]).exit_code == 2


def test_cli_busy_port_is_a_clear_error(book):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", str(book), "--port", str(port)])
    assert result.exit_code == 2 and "cannot listen on 127.0.0.1" in result.output


def test_a_burst_of_event_streams_is_served_at_once_and_capped(server, monkeypatch):
    """More pages than streams allowed: each gets the stamps at once; the extra ones are
    told to come back later and closed, so they hold no thread."""
    monkeypatch.setattr(server, "streams", threading.BoundedSemaphore(4), raising=False)
    assert server.request_queue_size >= 128
    results, lock = [], threading.Lock()

    def page():
        start = time.monotonic()
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        sock.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        reply = b""
        while b"data: " not in reply or not reply.endswith(b"\n\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            reply += chunk
        with lock:
            results.append((sock, reply, time.monotonic() - start))

    clients = [threading.Thread(target=page) for _ in range(40)]
    for c in clients:
        c.start()
    for c in clients:
        c.join(30)
    try:
        assert len(results) == 40 and all(b"data: {" in r for _, r, _ in results)
        assert max(t for _, _, t in results) < 10
        busy = [(s, r) for s, r, _ in results if f"retry: {server_module.BUSY_RETRY_MS}".encode() in r]
        assert len(busy) == 36  # four streams stay open
        for sock, _ in busy:  # the server closed the turned-away streams
            sock.settimeout(10)
            while sock.recv(65536):
                pass
    finally:
        for sock, _, _ in results:
            sock.close()


def test_an_idle_connection_is_closed(server, monkeypatch):
    assert 0 < (server_module.Handler.timeout or 0) <= 60  # by default, not only in this test
    monkeypatch.setattr(server_module.Handler, "timeout", 0.5)
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        start = time.monotonic()
        assert sock.recv(1024) == b""  # closed by the server, having sent nothing
        assert time.monotonic() - start < 5


def test_open_starts_the_browser_on_the_served_url(book, tmp_path):
    """`serve --open` with a real webbrowser.open: $BROWSER names a command that writes
    down the URL it is given, as a browser would be given it."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.request
    opened = tmp_path / "opened.txt"
    recorder = tmp_path / "browser.py"
    recorder.write_text(f"import sys\nopen({str(opened)!r}, 'w').write(sys.argv[1])\n")
    env = {**os.environ, "BROWSER": f"{sys.executable} {recorder} %s"}
    proc = subprocess.Popen([sys.executable, "-m", "casetool", "serve", str(book), "--port", "0", "--open"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        first = proc.stdout.readline()
        deadline = time.monotonic() + 30
        while not opened.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        url = opened.read_text()
        assert url.startswith("http://127.0.0.1:") and f"at {url} " in first
        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and "casetool" in page.read().decode().lower()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:   # a loaded machine: never leave the server running into the next test
            proc.kill()
            proc.wait()
        proc.stdout.close()
