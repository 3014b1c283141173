"""The server: pygls wiring of the features. Buffers are re-analysed on every change
(validate, from the unsaved text) and checked by the solver on save, in the background."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import BinaryIO, cast

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..diagnostics import Pos
from . import actions, completion, hover, navigation
from .cursor import clue_at, cursor_at
from .diagnostics import all_to_lsp
from .documents import Analysis, Settings, analyse
from .outline import outline
from .positions import Lines
from .rpc import CaseProtocol, serve
from .symbols import symbol_at
from .verdict import TIME_LIMIT, Verdicts, failure, verdict_diagnostics


class CaseServer(LanguageServer):
    def __init__(self, time_limit: float = TIME_LIMIT):
        super().__init__("casetool", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=CaseProtocol)
        self.settings = Settings()
        self.analyses: dict[str, Analysis | None] = {}
        self.verdict: dict[str, list[types.Diagnostic]] = {}  # uri -> the check of the saved text, until an edit
        self.verdicts = Verdicts(time_limit)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
        """Serve over stdio (rpc.serve's reader, not pygls's) until `exit` or the end of
        input; the exit status for the process, which the caller ends."""
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        try:
            return asyncio.run(serve(cast(CaseProtocol, self.protocol), stdin or sys.stdin.buffer))
        except BrokenPipeError:  # the editor has gone
            return 1

    # ---- buffers ------------------------------------------------------------------
    def buffer(self, path: Path) -> str | None:
        for uri in self.analyses:
            if _path(uri) == path:
                return self.workspace.get_text_document(uri).source
        return None

    def lines(self, uri: str) -> Lines:
        doc = self.workspace.get_text_document(uri)
        return Lines(doc.source, doc.position_codec)

    def opened(self, uri: str) -> tuple[Analysis, Lines] | None:
        """An open document's analysis and lines; None for one the editor has not opened
        (a request may name any URI: pygls would read it from disk, or fail to)."""
        analysis = self.analyses.get(uri)
        return (analysis, self.lines(uri)) if analysis is not None else None

    def doc_version(self, uri: str) -> int | None:
        return self.workspace.get_text_document(uri).version if uri in self.analyses else None

    def refresh(self, uri: str) -> Analysis:
        doc = self.workspace.get_text_document(uri)
        self.analyses[uri] = None  # registered first, so buffer() sees this document
        analysis = analyse(_path(uri), doc.source, self.buffer, self.settings)
        self.analyses[uri] = analysis
        self.publish(uri)
        return analysis

    def refresh_folder(self, uri: str) -> None:
        """A setting.yaml edit changes what every open case of its folder means."""
        folder = _path(uri).parent
        for other in list(self.analyses):
            if other != uri and _path(other).parent == folder:
                self.refresh(other)

    def publish(self, uri: str) -> None:
        analysis = self.analyses[uri]
        found = analysis.diagnostics if analysis else []
        diags = all_to_lsp(found, self.lines(uri)) + self.verdict.get(uri, [])
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=diags, version=self.doc_version(uri)))

    async def check(self, uri: str) -> None:
        """The solver's verdict on the saved case; dropped if the buffer moved on meanwhile."""
        analysis, version = self.analyses.get(uri), self.doc_version(uri)
        if analysis is None or analysis.case is None:
            self.verdict.pop(uri, None)
            return
        future = self.verdicts.submit(analysis.case, lambda: self.doc_version(uri) == version)
        try:
            result = await asyncio.wrap_future(future)
            diags = None if result is None else verdict_diagnostics(result, self.lines(uri), uri)
        except Exception as exc:  # noqa: BLE001 - a checker bug is shown, the server lives on
            diags = [failure(Pos(analysis.display), self.lines(uri), exc)]
        if diags is None or self.doc_version(uri) != version:
            return  # stale: the newer version's save brings its own verdict
        self.verdict[uri] = diags
        self.publish(uri)


def make_server(time_limit: float = TIME_LIMIT) -> CaseServer:
    server = CaseServer(time_limit)

    @server.feature(types.INITIALIZE)
    def initialize(ls: CaseServer, params: types.InitializeParams):
        options = params.initialization_options or {}
        if isinstance(options, dict) and isinstance(options.get("timeLimit"), (int, float)):
            ls.verdicts.options.time_limit = float(options["timeLimit"])

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: CaseServer, params: types.DidOpenTextDocumentParams):
        ls.refresh(params.text_document.uri)
        ls.refresh_folder(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: CaseServer, params: types.DidChangeTextDocumentParams):
        # The verdict describes the saved text: after an edit it may be wrong, and point at
        # the wrong lines. The next save brings a new one.
        ls.verdict.pop(params.text_document.uri, None)
        analysis = ls.refresh(params.text_document.uri)
        if analysis.kind == "setting":
            ls.refresh_folder(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: CaseServer, params: types.DidSaveTextDocumentParams):
        await ls.check(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: CaseServer, params: types.DidCloseTextDocumentParams):
        uri = params.text_document.uri
        ls.analyses.pop(uri, None)
        ls.verdict.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[".", " ", "(", "[", ","]))
    def complete(ls: CaseServer, params: types.CompletionParams):
        if (found := ls.opened(params.text_document.uri)) is None:
            return None
        analysis, lines = found
        cur = cursor_at(lines, *lines.from_client(params.position))
        info = analysis.setting
        items = completion.complete(info.setting if info else None, cur, lines, _players(analysis))
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    @server.thread()  # a clue's hover runs small solves: off the loop that reads the editor's keys
    def on_hover(ls: CaseServer, params: types.HoverParams):
        if (found := ls.opened(params.text_document.uri)) is None:
            return None
        analysis, lines = found
        if (info := analysis.setting) is None or (setting := info.setting) is None:
            return None
        line, char = lines.from_client(params.position)
        cur = cursor_at(lines, line, char)
        symbol = symbol_at(setting, cur)
        text: str | None
        if symbol is not None:
            loc = navigation.definition(analysis, symbol, lines.codec)
            where = f"*{info.path.name}:{loc.range.start.line + 1}*" if loc else ""
            text = hover.symbol_markdown(setting, symbol, where)
        else:
            index = clue_at(analysis.doc, line)
            if index is None:
                return None
            text = hover.clue_markdown(analysis.case, setting, analysis.doc["clues"][index], setting.templates)
        if text is None:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: CaseServer, params: types.DefinitionParams):
        if (found := ls.opened(params.text_document.uri)) is None:
            return None
        analysis, lines = found
        if analysis.setting is None:
            return None
        symbol = symbol_at(analysis.setting.setting, cursor_at(lines, *lines.from_client(params.position)))
        return navigation.definition(analysis, symbol, lines.codec) if symbol else None

    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare_rename(ls: CaseServer, params: types.PrepareRenameParams):
        if (opened := ls.opened(params.text_document.uri)) is None or opened[0].doc is None:
            return None
        analysis, lines = opened
        found = navigation.clue_id_at(analysis, *lines.from_client(params.position))
        return lines.token_range(found[1]) if found else None

    @server.feature(types.TEXT_DOCUMENT_RENAME)
    def rename(ls: CaseServer, params: types.RenameParams):
        uri = params.text_document.uri
        if (found := ls.opened(uri)) is None or found[0].doc is None:
            return None
        analysis, lines = found
        try:
            return navigation.rename(analysis, lines, *lines.from_client(params.position), params.new_name, uri)
        except ValueError as exc:  # the reason the rename cannot be done, for the editor to show
            raise JsonRpcException(str(exc), code=types.LSPErrorCodes.RequestFailed) from None

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbol(ls: CaseServer, params: types.DocumentSymbolParams):
        found = ls.opened(params.text_document.uri)
        return outline(*found) if found else None

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def code_action(ls: CaseServer, params: types.CodeActionParams):
        uri = params.text_document.uri
        if (found := ls.opened(uri)) is None:
            return None
        return actions.code_actions(uri, found[1], params.context.diagnostics) or None

    return server


def _players(analysis: Analysis) -> list[tuple[str, str]]:
    cards = analysis.doc.get("cards") if isinstance(analysis.doc, dict) else None
    players = cards.get("players") if isinstance(cards, dict) else None
    return [(str(p["id"]), str(p.get("name", p["id"]))) for p in players or [] if isinstance(p, dict) and "id" in p]


def _path(uri: str) -> Path:
    """The file a document URI names (casetool opens only file: URIs)."""
    return Path(to_fs_path(uri) or uri)
