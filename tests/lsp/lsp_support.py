"""A real LSP client (pygls's own LanguageClient) driving `python -m casetool lsp` over
stdio, with a synchronous face for the tests: the client's event loop runs in a thread."""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

TIMEOUT = 30.0


class Editor:
    """One server process and the documents a test opens in it."""

    def __init__(self, root: Path, *args: str):
        self.root = root
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.client = LanguageClient("casetool-tests", "1")
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.changed = threading.Condition()
        self.versions: dict[str, int] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams):
            with self.changed:
                self.published.setdefault(params.uri, []).append(params)
                self.changed.notify_all()

        self.messages: list[str] = []  # window/showMessage: the server reports its own failures here

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams):
            self.messages.append(params.message)

        self._run(self.client.start_io(sys.executable, "-m", "casetool", "lsp", *args))
        self.init = self._run(self.client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), root_uri=from_fs_path(str(root)),
            initialization_options={"timeLimit": 10})))
        self._notify(self.client.initialized, types.InitializedParams())

    # ---- plumbing ---------------------------------------------------------------
    def _run(self, coro, timeout: float = TIMEOUT):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def _notify(self, method, params) -> None:
        async def send():
            method(params)
        self._run(send())

    def close(self) -> None:
        try:
            self._run(self.client.shutdown_async(None), 10)
            self._notify(self.client.exit, None)
            self._run(self.client.stop(), 10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)

    # ---- documents ----------------------------------------------------------------
    def uri(self, path: Path) -> str:
        return from_fs_path(str(path))

    def open(self, path: Path) -> str:
        uri = self.uri(path)
        self.versions[uri] = 1
        self._notify(self.client.text_document_did_open, types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=path.read_text())))
        return uri

    def replace(self, uri: str, text: str) -> int:
        """Send the whole new text (unsaved) and return its version."""
        self.versions[uri] += 1
        self._notify(self.client.text_document_did_change, types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))
        return self.versions[uri]

    def save(self, uri: str, path: Path, text: str) -> None:
        path.write_text(text)
        self._notify(self.client.text_document_did_save, types.DidSaveTextDocumentParams(
            types.TextDocumentIdentifier(uri=uri)))

    def diagnostics(self, uri: str, until=lambda diags: True, timeout: float = TIMEOUT) -> list[types.Diagnostic]:
        """The newest published diagnostics of `uri` for its current version that satisfy `until`."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                latest = (self.published.get(uri) or [None])[-1]
                if latest is not None and latest.version == self.versions[uri] and until(latest.diagnostics):
                    return list(latest.diagnostics)
                left = deadline - time.monotonic()
                assert left > 0, f"no matching diagnostics for {uri}; last: {latest}"
                self.changed.wait(left)

    # ---- requests -----------------------------------------------------------------
    def completion(self, uri: str, line: int, char: int) -> list[str]:
        result = self._run(self.client.text_document_completion_async(types.CompletionParams(
            types.TextDocumentIdentifier(uri), types.Position(line, char))))
        items = result.items if isinstance(result, types.CompletionList) else (result or [])
        return [i.label for i in items]

    def hover(self, uri: str, line: int, char: int) -> str | None:
        result = self._run(self.client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(line, char))))
        return result.contents.value if result else None

    def definition(self, uri: str, line: int, char: int):
        return self._run(self.client.text_document_definition_async(types.DefinitionParams(
            types.TextDocumentIdentifier(uri), types.Position(line, char))))

    def rename(self, uri: str, line: int, char: int, name: str):
        return self._run(self.client.text_document_rename_async(types.RenameParams(
            types.TextDocumentIdentifier(uri), types.Position(line, char), name)))

    def symbols(self, uri: str) -> list[types.DocumentSymbol]:
        return self._run(self.client.text_document_document_symbol_async(types.DocumentSymbolParams(
            types.TextDocumentIdentifier(uri)))) or []

    def code_actions(self, uri: str, diagnostics: list[types.Diagnostic]):
        rng = diagnostics[0].range
        return self._run(self.client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(uri), rng, types.CodeActionContext(diagnostics=diagnostics)))) or []


def position_of(text: str, needle: str, offset: int = 0) -> tuple[int, int]:
    """(line, character) of `needle` in `text`, plus `offset` characters."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return line, index - (text.rfind("\n", 0, index) + 1)
