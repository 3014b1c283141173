"""JSON-RPC as the editor sends it, checked before pygls sees it: every request gets an
answer, a malformed one an error response (pygls drops what it cannot parse unanswered,
so the editor waits for ever on that id).

-32700 a body that is not JSON (or a broken frame), -32600 a message that is not a JSON-RPC
request, notification or response, -32602 params of the wrong shape (a position of -1 or
2**63, a missing field), -32002 a request before `initialize`, -32600 one after `shutdown`
(or a second `initialize`). A notification that cannot be taken is dropped, with a line
on stderr.
Error responses carry a message, never a traceback (it goes to stderr, the editor's log).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
from typing import Any, BinaryIO
from urllib.parse import unquote

from cattrs import ClassValidationError, transform_error
from cattrs.v import format_exception
from lsprotocol import types
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage

from .framing import Frames

logger = logging.getLogger(__name__)

CHUNK = 1 << 16


class CaseProtocol(LanguageServerProtocol):
    """pygls's protocol, fed bodies one at a time by `serve` instead of pygls's reader."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.initialize_seen = False

    def receive(self, body: bytes) -> None:
        """One frame's body: to pygls if this server takes it now, else the error response
        it calls for (a notification that cannot be taken is dropped: it has no id)."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            self.refuse(None, types.ErrorCodes.ParseError, "not a JSON-RPC message: the body is not JSON")
            return
        msg_id = data.get("id") if isinstance(data, dict) and _valid_id(data.get("id")) else None
        if problem := _envelope_problem(data):
            self.refuse(msg_id, types.ErrorCodes.InvalidRequest, problem)
            return
        method, is_request = data.get("method"), "method" in data and "id" in data
        message, refusal = None, self._out_of_turn(method)
        if refusal is None:
            try:
                message = self._structure(data, method, is_request)
            except ClassValidationError as exc:
                refusal = types.ErrorCodes.InvalidParams, _params_problem(exc)
        if message is None:
            if is_request and refusal is not None:
                self.refuse(msg_id, *refusal)
            elif refusal is not None:  # no one to answer: the editor's log of the server says why
                logger.warning("%s dropped: %s", method, refusal[1])
            return
        if method == types.TEXT_DOCUMENT_DID_CHANGE and not self._is_open(message.params.text_document.uri):
            # pygls would fail on it (KeyError) and show the editor "Error in server".
            logger.warning("didChange for a document that is not open, dropped: %s", message.params.text_document.uri)
            return
        self.initialize_seen = self.initialize_seen or method == types.INITIALIZE
        self.handle_message(message)

    def _out_of_turn(self, method: str | None) -> tuple[types.ErrorCodes, str] | None:
        """Why a message cannot be taken at this point of the session, or None."""
        if method is None or method == types.EXIT:
            return None
        if not self.initialize_seen and method != types.INITIALIZE:
            return types.ErrorCodes.ServerNotInitialized, "send `initialize` first"
        if self.initialize_seen and method == types.INITIALIZE:
            return types.ErrorCodes.InvalidRequest, "`initialize` was sent already"
        if self._shutdown:
            return types.ErrorCodes.InvalidRequest, "the server is shutting down"
        return None

    def _is_open(self, uri: str) -> bool:
        return unquote(uri) in self.workspace.text_documents  # keyed as pygls keys them

    def _structure(self, data: dict, method: str | None, is_request: bool) -> Any:
        """pygls's structure_message for a request or notification, without its traceback
        on stderr for every malformed one (a response goes through pygls's own)."""
        if method is None:
            return self.structure_message(data)
        fallback = JsonRPCRequestMessage if is_request else JsonRPCNotification
        return self._converter.structure(data, self.get_message_type(method) or fallback)

    def refuse(self, msg_id: int | str | None, code: types.ErrorCodes, message: str) -> None:
        # A plain dict: lsprotocol's converter would leave out an id of None, and JSON-RPC
        # wants `"id": null` when the request's id could not be read.
        self._send_data({"jsonrpc": "2.0", "id": msg_id, "error": {"code": int(code), "message": message}})

    def _send_response(self, msg_id: Any, result: Any = None, error: types.ResponseError | None = None) -> None:
        # pygls puts the handler's traceback in `data`; the editor shows the message, the
        # traceback is in the server's log already.
        if error is not None and error.data is not None:
            error = types.ResponseError(error.code, error.message)
        super()._send_response(msg_id, result, error)


def _valid_id(value: Any) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


def _envelope_problem(data: Any) -> str | None:
    """Why `data` is not a JSON-RPC 2.0 message, or None."""
    if not isinstance(data, dict):
        return "a message is a JSON object (batches are not part of LSP)"
    if data.get("jsonrpc") != "2.0":
        return 'a message says "jsonrpc": "2.0"'
    if "method" in data:
        if not isinstance(data["method"], str):
            return "a method is a string"
        if data.get("params") is not None and not isinstance(data["params"], (dict, list)):
            return "params are an object or an array"
    elif not ({"result", "error"} & data.keys()):
        return "a message has a method (a request or notification) or a result or error (a response)"
    if "id" in data and not _valid_id(data["id"]) and not (data["id"] is None and "error" in data):
        return "an id is an integer or a string"
    return None


def _params_problem(exc: ClassValidationError) -> str:
    found = transform_error(exc, path="", format_exception=_why)  # paths from the message: .params...
    return "invalid params: " + "; ".join(_camel(f).replace("@ .", "at ") for f in found)


def _why(exc: BaseException, type_: Any) -> str:
    # lsprotocol's range checks (a position of -1 or 2**63) say what they want: keep it;
    # int("a") says it in Python's words, and cattrs's are better.
    if type(exc) is ValueError and type_ not in (int, float, str, bool) and str(exc):
        return str(exc).rstrip(".")
    return format_exception(exc, type_)


def _camel(text: str) -> str:
    """cattrs names the Python attributes (text_document); the editor sent textDocument."""
    return re.sub(r"(?<=[a-z])_([a-z])", lambda m: m.group(1).upper(), text)


async def serve(protocol: CaseProtocol, stdin: BinaryIO) -> int:
    """Read frames until `exit` or the end of input; the exit status the protocol asks for:
    0 after `shutdown`, 1 without it."""
    loop, frames = asyncio.get_running_loop(), Frames()
    chunks: asyncio.Queue[bytes] = asyncio.Queue()
    # A daemon thread, not an executor: a read blocked on the editor's pipe must not hold
    # the process open after `exit`.
    threading.Thread(target=_pump, args=(stdin, loop, chunks), daemon=True, name="casetool-stdin").start()
    while True:
        data = await chunks.get()
        if not data:
            return 0 if protocol._shutdown else 1
        frames.feed(data)
        for body in frames:
            try:
                protocol.receive(body)
            except SystemExit as stop:  # pygls's `exit` handler ends the process so
                return stop.code if isinstance(stop.code, int) else 1


def _pump(stdin: BinaryIO, loop: asyncio.AbstractEventLoop, chunks: asyncio.Queue[bytes]) -> None:
    data = b"-"
    while data:
        try:
            data = stdin.read1(CHUNK)  # type: ignore[attr-defined]  # what has come, up to CHUNK
        except (OSError, ValueError):
            data = b""
        try:
            loop.call_soon_threadsafe(chunks.put_nowait, data)
        except RuntimeError:  # the loop has ended: nobody is listening
            return
