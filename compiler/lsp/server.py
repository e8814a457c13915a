"""`nus lsp`: the language server over stdio (pygls), wiring editor requests to `compiler.lsp.features`."""

from __future__ import annotations

import asyncio
import sys
from dataclasses import replace
from threading import Event
from typing import BinaryIO

from lsprotocol import types as lsp
from pygls.io_ import StdoutWriter, run_async
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import PositionCodec

from compiler import __version__
from compiler.diagnostics import Diagnostic, Span, source_lines
from compiler.lsp import features, framing
from compiler.lsp.features import Offer
from compiler.lsp.framing import Reframed, log_in_one_line

KINDS = {
    Offer.KEYWORD: lsp.CompletionItemKind.Keyword,
    Offer.EVENT: lsp.CompletionItemKind.Event,
    Offer.COUNT: lsp.CompletionItemKind.Variable,
    Offer.EFFECT: lsp.CompletionItemKind.Function,
    Offer.RULE: lsp.CompletionItemKind.Property,
    Offer.PLAYER_COUNT: lsp.CompletionItemKind.Value,
    Offer.GOOD: lsp.CompletionItemKind.Constant,
}
SEVERITIES = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}


class Positions:
    """Spans (a character each) to the client's positions and back: in UTF-16 code units unless the client chose
    another unit at initialisation, counted over the text's lines as the compiler numbers them (at \\n only)."""

    def __init__(self, codec: PositionCodec, text: str) -> None:
        self.codec, self.lines = codec, source_lines(text)

    def position(self, line: int, column: int) -> lsp.Position:
        """1-based line and column to the client's 0-based position; past the line's end a character a column."""
        text = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        before = text[: column - 1]
        return lsp.Position(line=line - 1, character=self.codec.client_num_units(before) + column - 1 - len(before))

    def range(self, span: Span) -> lsp.Range:
        return lsp.Range(start=self.position(span.line, span.column), end=self.position(span.end_line, span.end_column))

    def at(self, position: lsp.Position) -> tuple[int, int]:
        """The client's position as the 0-based line and character (column - 1) the features take."""
        if not 0 <= position.line < len(self.lines):
            return position.line, position.character
        found = self.codec.position_from_client_units(self.lines, lsp.Position(position.line, position.character))
        return found.line, found.character


def editor_diagnostic(diagnostic: Diagnostic, positions: Positions) -> lsp.Diagnostic:
    message = diagnostic.message + (f"\nhelp: {diagnostic.help}" if diagnostic.help else "")
    return lsp.Diagnostic(
        range=positions.range(diagnostic.span),
        message=message,
        severity=SEVERITIES.get(diagnostic.severity, lsp.DiagnosticSeverity.Error),
        code=diagnostic.code,
        source="nus",
    )


class NusServer(LanguageServer):
    """Keeps the last analysis of each open document, so hover and symbols answer without recompiling."""

    def __init__(self) -> None:
        super().__init__("nus", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Full)
        self.analyses: dict[str, features.Analysis] = {}

    def refresh(self, uri: str) -> None:
        document = self.workspace.get_text_document(uri)
        analysis = features.analyse(document.source, filename(uri))
        previous = self.analyses.get(uri)
        if analysis.program is None and previous is not None:  # a syntax error: keep the last parsed program
            analysis = replace(analysis, program=previous.program)
        self.analyses[uri] = analysis
        positions = self.positions(document.source)
        diagnostics = [editor_diagnostic(d, positions) for d in analysis.diagnostics]
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics))

    def positions(self, text: str) -> Positions:
        return Positions(self.workspace.position_codec, text)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
        """pygls' own start_io, reading the messages through compiler/lsp/framing.py: a framing error costs the
        broken message, never the rest of the session, and is logged in one line."""
        log_in_one_line()
        self._stop_event = Event()
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        reader = Reframed(stdin or sys.stdin.buffer)
        try:
            asyncio.run(run_async(self._stop_event, reader, self.protocol, framing.logger, self.report_server_error))
        except BrokenPipeError:
            framing.logger.warning("the editor closed the connection")
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            self.shutdown()


def filename(uri: str) -> str:
    return to_fs_path(uri) or uri


server = NusServer()


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: NusServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: NusServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.refresh(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: NusServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.analyses.pop(params.text_document.uri, None)
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: NusServer, params: lsp.HoverParams) -> lsp.Hover | None:
    analysis = ls.analyses.get(params.text_document.uri)
    text = analysis and features.hover(analysis, *ls.positions(analysis.text).at(params.position))
    if not text:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "("]))
def completion(ls: NusServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    document = ls.workspace.get_text_document(params.text_document.uri)
    found = features.completions(document.source, *ls.positions(document.source).at(params.position))
    items = [
        lsp.CompletionItem(
            label=item.label,
            kind=KINDS[item.kind],
            detail=item.detail,
            insert_text=item.snippet,
            insert_text_format=lsp.InsertTextFormat.Snippet,
        )
        for item in found
    ]
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: NusServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    analysis = ls.analyses.get(params.text_document.uri)
    if analysis is None:
        return None
    positions = ls.positions(analysis.text)
    span = features.definition(analysis, *positions.at(params.position))
    return lsp.Location(uri=params.text_document.uri, range=positions.range(span)) if span else None


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: NusServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    analysis = ls.analyses.get(params.text_document.uri)
    if analysis is None:
        return []
    positions = ls.positions(analysis.text)
    return [
        lsp.DocumentSymbol(
            name=symbol.name,
            detail=symbol.detail,
            kind=lsp.SymbolKind.Class,
            range=positions.range(symbol.span),
            selection_range=positions.range(symbol.name_span),
        )
        for symbol in features.symbols(analysis)
    ]


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: NusServer, params: lsp.DocumentFormattingParams) -> list[lsp.TextEdit]:
    document = ls.workspace.get_text_document(params.text_document.uri)
    text = features.formatted(document.source, filename(params.text_document.uri))
    if text is None or text == document.source:
        return []
    lines = document.source.split("\n")
    whole = lsp.Range(start=lsp.Position(line=0, character=0), end=lsp.Position(line=len(lines), character=0))
    return [lsp.TextEdit(range=whole, new_text=text)]
