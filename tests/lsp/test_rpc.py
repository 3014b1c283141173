"""`casetool lsp` on the raw wire (wire_support.Wire): how it ends, and what it answers
to what a well-behaved client never sends. Every error response names its problem in
`message` and carries no `data` (pygls put a Python traceback there)."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest
from wire_support import Wire, frame

ROOT = Path(__file__).resolve().parents[2]
MINI = ROOT / "tests" / "fixtures" / "mini"


@pytest.fixture
def fresh():
    wire = Wire()
    yield wire
    wire.close()


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("wire") / "mini"
    shutil.copytree(MINI, folder)
    return folder


@pytest.fixture(scope="module")
def wire(book):
    """One initialized server for the module: each test also shows it still answers."""
    server = Wire(book)
    server.initialize()
    yield server
    server.close()


def error_of(response: dict) -> tuple[int, str]:
    assert "result" not in response, response
    assert "data" not in response["error"], response  # a message, no traceback
    return response["error"]["code"], response["error"]["message"]


def hover(wire: Wire, uri: str, line: int, char: int) -> int:
    return wire.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}})


def still_answers(wire: Wire, book: Path) -> None:
    uri = wire.open(book / "001-ok.yaml")
    response = wire.response(hover(wire, uri, 9, 21))  # `suspect.hair` in the first clue
    assert "attribute `hair` of suspect" in response["result"]["contents"]["value"], response


# ---- ending -------------------------------------------------------------------------------
def test_shutdown_then_exit_ends_with_status_0(fresh):
    fresh.initialize()
    assert fresh.call("shutdown") == {"jsonrpc": "2.0", "id": 2, "result": None}
    code, message = error_of(fresh.call("textDocument/hover", {}))  # nothing more is served
    assert code == -32600 and "shutting down" in message
    fresh.notify("exit")
    assert fresh.wait() == 0, fresh.stderr()
    assert "Traceback" not in fresh.stderr()


def test_exit_without_shutdown_ends_with_status_1(fresh):
    fresh.initialize()
    fresh.notify("exit")
    assert fresh.wait() == 1, fresh.stderr()
    assert "Traceback" not in fresh.stderr()


@pytest.mark.parametrize("shut_down, status", [(True, 0), (False, 1)])
def test_the_end_of_input_ends_the_server_as_exit_would(fresh, shut_down, status):
    fresh.initialize()
    if shut_down:
        fresh.call("shutdown")
    fresh.proc.stdin.close()  # the editor went away without `exit`
    assert fresh.wait() == status, fresh.stderr()


def test_a_request_before_initialize_is_refused_with_32002(fresh):
    code, message = error_of(fresh.call("textDocument/hover", {
        "textDocument": {"uri": "file:///x.yaml"}, "position": {"line": 0, "character": 0}}))
    assert code == -32002 and "initialize" in message
    assert "capabilities" in fresh.initialize()["result"]  # initialize still works after it


# ---- malformed requests -----------------------------------------------------------------------
def test_a_body_that_is_not_json_is_a_parse_error(wire, book):
    body = b'{"jsonrpc": "2.0", "id": 1, "method'
    wire.send(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    code, _ = error_of(wire.response(None))
    assert code == -32700
    still_answers(wire, book)


@pytest.mark.parametrize("message, answered_id", [
    ({"jsonrpc": "1.0", "id": 501, "method": "shutdown"}, 501),
    ({"jsonrpc": "2.0", "id": 502, "method": 7}, 502),
    ({"jsonrpc": "2.0", "id": 503, "method": "textDocument/hover", "params": "position 3"}, 503),
    ({"jsonrpc": "2.0", "id": [504], "method": "shutdown"}, None),
    ([{"jsonrpc": "2.0", "id": 505, "method": "shutdown"}], None),
    ({"jsonrpc": "2.0", "id": 506}, 506),
])
def test_a_message_that_is_not_json_rpc_is_an_invalid_request(wire, book, message, answered_id):
    wire.send(message)
    code, _ = error_of(wire.response(answered_id))
    assert code == -32600
    still_answers(wire, book)


@pytest.mark.parametrize("position, said", [
    ({"line": -1, "character": 0}, "Position.line should be in range [0:2147483647], but was -1"),
    ({"line": 2 ** 63, "character": 0}, f"but was {2 ** 63}"),
    ({"line": 0, "character": "a"}, "expected int at params.position.character"),
    ({"line": 0}, "required field missing at params.position.character"),
])
def test_params_of_the_wrong_shape_are_invalid_params(wire, book, position, said):
    uri = wire.open(book / "001-ok.yaml")
    code, message = error_of(wire.call("textDocument/hover", {"textDocument": {"uri": uri}, "position": position}))
    assert code == -32602 and said in message, message
    still_answers(wire, book)


def test_a_notification_of_the_wrong_shape_is_dropped_with_the_reason_on_stderr(wire, book):
    uri = wire.open(book / "001-ok.yaml")
    wire.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": [
        {"range": {"start": {"line": -1, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "x"}]})
    still_answers(wire, book)
    deadline = time.monotonic() + 5  # stderr is read by a thread of its own
    while "textDocument/didChange dropped: invalid params" not in wire.stderr():
        assert time.monotonic() < deadline, wire.stderr()
        time.sleep(0.05)


def test_a_request_on_a_document_never_opened_is_answered_null(wire, book):
    """Not an internal error from pygls reading the URI from disk."""
    for uri in ((book / "nowhere.yaml").as_uri(), "untitled:Untitled-1"):
        for method in ("textDocument/hover", "textDocument/completion", "textDocument/definition"):
            response = wire.call(method, {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
            assert response.get("result", "missing") is None, response


def test_a_change_to_a_document_never_opened_is_dropped_without_an_error_message(wire, book):
    wire.notifications.clear()
    wire.notify("textDocument/didChange", {"textDocument": {"uri": (book / "nowhere.yaml").as_uri(), "version": 2},
                                           "contentChanges": [{"text": "case: 1\n"}]})
    still_answers(wire, book)
    assert [m for m in wire.notifications if m["method"] == "window/showMessage"] == []


def test_a_rename_that_cannot_be_done_is_request_failed_with_the_reason(wire, book):
    uri = wire.open(book / "001-ok.yaml")
    response = wire.call("textDocument/rename", {"textDocument": {"uri": uri},
                                                 "position": {"line": 6, "character": 9}, "newName": "white"})
    assert error_of(response) == (-32803, "this case already has a clue 'white'")


def test_an_internal_error_is_answered_without_its_traceback():
    """In process, with a handler that fails on purpose: the wire offers no request that
    makes the server fail (that would be a bug to fix), so a test's own feature does."""
    from casetool.lsp.server import make_server

    server = make_server()

    @server.feature("casetool/fail")
    def fail(ls, params):
        raise RuntimeError("broken on purpose")

    sent: list[dict] = []

    class Writer:
        def write(self, data: bytes) -> None:
            sent.append(json.loads(data))

        def close(self) -> None:
            pass

    server.protocol.set_writer(Writer(), include_headers=False)
    for message in ({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
                    {"jsonrpc": "2.0", "id": 2, "method": "casetool/fail", "params": {}}):
        server.protocol.receive(json.dumps(message).encode())
    [answer] = [m for m in sent if m.get("id") == 2]
    assert answer["error"] == {"code": -32603, "message": "RuntimeError: broken on purpose"}


# ---- framing --------------------------------------------------------------------------------
@pytest.mark.parametrize("garbage", [b"Content-Length: 40\r\n", b"Content-Length: 40\r\nthis is not a header\r\n"])
def test_a_frame_whose_headers_never_end_does_not_make_the_server_deaf(wire, book, garbage):
    wire.send(garbage)
    still_answers(wire, book)  # the next frame's header starts reading again
    assert error_of(wire.response(None))[0] == -32700  # the broken frame is answered too


def test_a_header_block_that_never_ends_is_answered_and_dropped(wire, book):
    wire.send(b"Content-Length: 40\r\n" + b"x" * 10_000)  # no blank line, no next header
    assert error_of(wire.response(None))[0] == -32700
    still_answers(wire, book)


def test_a_frame_that_promises_more_than_it_sends_is_cut_at_the_next_header(wire, book):
    wire.send(b'Content-Length: 100000\r\n\r\n{"jsonrpc": "2.0", "id": 7')
    still_answers(wire, book)  # answered though the broken frame's 100000 bytes never come
    assert error_of(wire.response(None))[0] == -32700


def test_a_frame_split_across_writes_is_read_whole(wire, book):
    data = frame({"jsonrpc": "2.0", "id": 601, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": wire.open(book / "001-ok.yaml")}, "position": {"line": 9, "character": 21}}})
    for cut in (3, 9, 17, len(data) - 5):  # inside the header's name, its number, the body
        wire.send(data[:cut])
        time.sleep(0.05)  # the server reads the first part on its own
        wire.send(data[cut:])
        assert "attribute `hair`" in wire.response(601)["result"]["contents"]["value"]


# ---- documents ------------------------------------------------------------------------------
def test_a_buffer_over_the_clis_size_limit_is_refused_with_e002(wire, book):
    from casetool.load.loader import MAX_BYTES

    text = (book / "001-ok.yaml").read_text()
    big = text + "# " + "x" * MAX_BYTES + "\n"
    uri = wire.open(book / "big.yaml", big)
    [diag] = wire.diagnostics(uri)
    assert diag["code"] == "E002" and "the limit is 2 MB" in diag["message"]
    assert wire.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"] == []
    wire.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                           "contentChanges": [{"text": text}]})
    assert wire.diagnostics(uri) == []  # the same text under the limit loads
    [case] = wire.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    assert case["name"] == "case 1"
