"""The HTTP server, the event stream and the file watcher, in-process (no browser)."""

import http.client
import json
import socket
import threading
import time

import pytest
from click.testing import CliRunner

from casetool.cli import cli
from casetool.serve.server import Server

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


def test_the_watcher_sees_a_save(server, book):
    server.start_watching()
    events = Events(server)
    first = events.next()
    time.sleep(0.3)  # let the watcher start watching
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
