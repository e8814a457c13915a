"""`nus lsp`: the language server over stdio (pygls), wiring editor requests to `compiler.lsp.features`."""

from __future__ import annotations

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from compiler import __version__
from compiler.diagnostics import Diagnostic, Span
from compiler.lsp import features

KINDS = {
    "keyword": lsp.CompletionItemKind.Keyword,
    "event": lsp.CompletionItemKind.Event,
    "count": lsp.CompletionItemKind.Variable,
    "effect": lsp.CompletionItemKind.Function,
    "rule": lsp.CompletionItemKind.Property,
    "player count": lsp.CompletionItemKind.Value,
}
SEVERITIES = {"error": lsp.DiagnosticSeverity.Error, "warning": lsp.DiagnosticSeverity.Warning}


def editor_range(span: Span) -> lsp.Range:
    return lsp.Range(
        start=lsp.Position(line=span.line - 1, character=span.column - 1),
        end=lsp.Position(line=span.end_line - 1, character=span.end_column - 1),
    )


def editor_diagnostic(diagnostic: Diagnostic) -> lsp.Diagnostic:
    message = diagnostic.message + (f"\nhelp: {diagnostic.help}" if diagnostic.help else "")
    return lsp.Diagnostic(
        range=editor_range(diagnostic.span),
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
            analysis = features.Analysis(analysis.text, analysis.diagnostics, previous.program)
        self.analyses[uri] = analysis
        self.text_document_publish_diagnostics(
            lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[editor_diagnostic(d) for d in analysis.diagnostics])
        )


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
    text = analysis and features.hover(analysis, params.position.line, params.position.character)
    if not text:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "("]))
def completion(ls: NusServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    document = ls.workspace.get_text_document(params.text_document.uri)
    found = features.completions(document.source, params.position.line, params.position.character)
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
    span = analysis and features.definition(analysis, params.position.line, params.position.character)
    return lsp.Location(uri=params.text_document.uri, range=editor_range(span)) if span else None


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: NusServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    analysis = ls.analyses.get(params.text_document.uri)
    return [
        lsp.DocumentSymbol(
            name=symbol.name,
            detail=symbol.detail,
            kind=lsp.SymbolKind.Class,
            range=editor_range(symbol.span),
            selection_range=editor_range(symbol.name_span),
        )
        for symbol in (features.symbols(analysis) if analysis else [])
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
