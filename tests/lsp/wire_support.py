"""`casetool lsp` on the raw wire: a subprocess fed framed JSON-RPC bytes by hand, for the
tests that send what a well-behaved client (lsp_support.Editor) never would."""

from __future__ import annotations

import json
import queue
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from pygls.uris import from_fs_path

TIMEOUT = 20.0
HEADER = re.compile(rb"Content-Length: (\d+)\r\n(?:[^\r\n]+\r\n)*\r\n")


def frame(message: Any) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Wire:
    """One server process; `send` writes bytes or a message, `receive` reads the next message."""

    def __init__(self, root: Path | None = None):
        self.proc = subprocess.Popen([sys.executable, "-m", "casetool", "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.inbox: queue.Queue[dict | None] = queue.Queue()
        self.errors: list[bytes] = []  # stderr, drained so the server never blocks on a full pipe
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()
        self.root = root
        self.next_id = 0
        self.unclaimed: list[dict] = []
        self.notifications: list[dict] = []  # what response() passed over

    def _read(self) -> None:
        assert self.proc.stdout is not None
        data = b""
        while True:
            match = HEADER.search(data)
            if match and len(data) >= match.end() + int(match.group(1)):
                end = match.end() + int(match.group(1))
                self.inbox.put(json.loads(data[match.end():end]))
                data = data[end:]
                continue
            chunk = self.proc.stdout.read1(65536)
            if not chunk:
                self.inbox.put(None)
                return
            data += chunk

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.errors.append(line)

    # ---- sending ------------------------------------------------------------------
    def send(self, message: Any) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(message if isinstance(message, bytes) else frame(message))
        self.proc.stdin.flush()

    def request(self, method: str, params: Any = None) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # ---- receiving ----------------------------------------------------------------
    def receive(self, timeout: float = TIMEOUT) -> dict:
        message = self.inbox.get(timeout=timeout)
        assert message is not None, f"the server closed its output; stderr: {self.stderr()}"
        return message

    def response(self, msg_id: int | None, timeout: float = TIMEOUT) -> dict:
        """The first response to `msg_id` (None: to a message whose id could not be read);
        responses to other ids wait in `unclaimed` for their turn."""
        for message in self.unclaimed:
            if message.get("id") == msg_id:
                self.unclaimed.remove(message)
                return message
        while True:
            message = self.receive(timeout)
            if "method" in message:  # a notification (diagnostics, a message) or a request from the server
                self.notifications.append(message)
                continue
            if message.get("id") == msg_id:
                return message
            self.unclaimed.append(message)

    def call(self, method: str, params: Any = None) -> dict:
        return self.response(self.request(method, params))

    def diagnostics(self, uri: str, timeout: float = TIMEOUT) -> list[dict]:
        while True:
            message = self.receive(timeout)
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                return message["params"]["diagnostics"]
            if "method" not in message:
                self.unclaimed.append(message)

    # ---- a session ------------------------------------------------------------------
    def initialize(self) -> dict:
        root = from_fs_path(str(self.root)) if self.root else None
        result = self.call("initialize", {"processId": None, "rootUri": root, "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, text: str | None = None) -> str:
        uri = from_fs_path(str(path))
        assert uri is not None
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": path.read_text() if text is None else text}})
        return uri

    def wait(self, timeout: float = TIMEOUT) -> int:
        return self.proc.wait(timeout)

    def stderr(self) -> str:
        return b"".join(self.errors).decode(errors="replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
