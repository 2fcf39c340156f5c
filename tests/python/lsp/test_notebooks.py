"""Notebook documents (LSP 3.17, issue 11 item 4): a notebook's Python code cells are analysed
in order as one text, and its diagnostics go back to the cells, at the cells' own lines."""

from __future__ import annotations

import random
from typing import Optional

import pytest

from lsp_server_client import Server

NB = "file:///nb/book.ipynb"
IMPORT = "from tvm_tirx.script import tirx as T\n"
BAD = "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = nothing\n"
CAPABILITIES = {"notebookDocument": {"synchronization": {"dynamicRegistration": False}}}


def cell(n: int) -> str:
    return f"vscode-notebook-cell:/nb/book.ipynb#W{n}sZmlsZQ%3D%3D"


def name_error(line: int) -> dict:
    return {"range": {"start": {"line": line, "character": 11},
                      "end": {"line": line, "character": 18}},
            "severity": 1, "source": "tvm-lsp", "code": "name-error",
            "message": "name 'nothing' is not defined"}


@pytest.fixture
def server():
    process = Server()
    reply = process.initialize(CAPABILITIES)
    assert reply["result"]["capabilities"]["notebookDocumentSync"] == {"notebookSelector": [
        {"notebook": {"notebookType": "jupyter-notebook"}, "cells": [{"language": "python"}]}],
        "save": True}
    yield process
    process.close()


def open_notebook(server: Server) -> None:
    server.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": NB, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [{"kind": 2, "document": cell(0)},
                                       {"kind": 1, "document": cell(1)},
                                       {"kind": 2, "document": cell(2)}]},
        "cellTextDocuments": [
            {"uri": cell(0), "languageId": "python", "version": 1, "text": IMPORT},
            {"uri": cell(1), "languageId": "markdown", "version": 1, "text": "# Title\n\ntext"},
            {"uri": cell(2), "languageId": "python", "version": 1, "text": BAD}]})


def cell_diagnostics(server: Server) -> dict:
    """The next diagnostics of both code cells, by cell."""
    first = server.diagnostics(cell(0))
    second = server.diagnostics(cell(2))
    return {cell(0): first["diagnostics"], cell(2): second["diagnostics"]}


def test_code_cells_are_analysed_in_order_and_diagnostics_go_to_their_cell(server) -> None:
    open_notebook(server)
    assert cell_diagnostics(server) == {cell(0): [], cell(2): [name_error(2)]}
    # The notebook's own URI never gets diagnostics, and the markdown cell is not analysed.
    assert not [m for m in server.received if m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] in (NB, cell(1))]


def test_cell_edits_and_new_cells_are_followed(server) -> None:
    open_notebook(server)
    cell_diagnostics(server)
    # A new code cell of two lines before the bad one: its error stays at line 2 of its cell.
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 2},
        "change": {"cells": {"structure": {
            "array": {"start": 2, "deleteCount": 0, "cells": [{"kind": 2, "document": cell(3)}]},
            "didOpen": [{"uri": cell(3), "languageId": "python", "version": 1,
                         "text": "x = 1\ny = 2\n"}]}}}})
    assert server.diagnostics(cell(2))["diagnostics"] == [name_error(2)]
    # An incremental edit inside the cell fixes it.
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 3},
        "change": {"cells": {"textContent": [{
            "document": {"uri": cell(2), "version": 2},
            "changes": [{"range": {"start": {"line": 2, "character": 11},
                                   "end": {"line": 2, "character": 18}}, "text": "1"}]}]}}})
    assert server.diagnostics(cell(2))["diagnostics"] == []
    # A whole-text change of the cell brings it back.
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 4},
        "change": {"cells": {"textContent": [{
            "document": {"uri": cell(2), "version": 3},
            "changes": [{"text": BAD}]}]}}})
    assert server.diagnostics(cell(2))["diagnostics"] == [name_error(2)]
    # Closing the notebook clears its cells.
    server.notify("notebookDocument/didClose", {"notebookDocument": {"uri": NB},
                                                "cellTextDocuments": []})
    assert server.diagnostics(cell(2))["diagnostics"] == []


def test_a_deleted_cell_loses_its_diagnostics(server) -> None:
    open_notebook(server)
    cell_diagnostics(server)
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 2},
        "change": {"cells": {"structure": {"array": {"start": 2, "deleteCount": 1},
                                           "didClose": [{"uri": cell(2)}]}}}})
    # The remaining cells first, then the deleted one, cleared.
    assert server.diagnostics(cell(0))["diagnostics"] == []
    assert server.diagnostics(cell(2)) == {"uri": cell(2), "diagnostics": []}


def test_a_malformed_change_is_logged_and_changes_nothing(server) -> None:
    open_notebook(server)
    cell_diagnostics(server)
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 2},
        "change": {"cells": {"structure": {"array": {"start": 5, "deleteCount": 1}}}}})
    message = server.next_message(lambda m: m.get("method") == "window/logMessage"
                                  and "notebookDocument/didChange" in m["params"]["message"])
    assert message["params"]["message"] == (
        'the notification "notebookDocument/didChange" was ignored: '
        "params.change.cells.structure.array: cells 5 to 6 are not in the notebook")
    # Still served: an edit after it is analysed against the unchanged cells.
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 3},
        "change": {"cells": {"textContent": [{
            "document": {"uri": cell(2), "version": 2},
            "changes": [{"text": BAD.replace("nothing", "2")}]}]}}})
    assert server.diagnostics(cell(2))["diagnostics"] == []


def test_without_the_client_capability_no_notebook_sync_is_declared() -> None:
    process = Server()
    try:
        assert "notebookDocumentSync" not in process.initialize({})["result"]["capabilities"]
    finally:
        process.close()


# -- Every feature on a cell (the mapping of lsp/server/notebook_map.h) --------------------------
#
# Three Python cells: the import and a module-level symbol after multi-byte text (cell 1), the
# function using it (cell 2), a second function using it (cell 3). Each cell's positions are its
# own: line 0 is the cell's first line, in the negotiated encoding.

PRELUDE = 'from tvm_tirx.script import tirx as T\ns = "é😀"; n = T.dynamic("n")\n'
F = ("@T.function\n"
     "def f(A: T.Tensor((n,), T.int32)):\n"
     "    for i in range(n):\n"
     "        x = A[i] + 1\n"
     "        A[i] = x\n")
G = '@T.function\ndef g(B: T.Tensor((n,), "int32")):\n    B[0] = 1'  # no final line break
FEATURES = {"notebookDocument": {"synchronization": {}},
            "textDocument": {"rename": {"prepareSupport": True}}}


def span(line: int, start: int, end_line: int, end: int) -> dict:
    return {"start": {"line": line, "character": start},
            "end": {"line": end_line, "character": end}}


def start_notebook(capabilities: dict = FEATURES, cells=(PRELUDE, F, G),
                   clean: Optional[bool] = True) -> Server:
    """A server with the notebook open, once each cell's diagnostics came (empty if `clean`;
    at once if None, for a client that pulls)."""
    process = Server()
    process.initialize(capabilities)
    process.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": NB, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [{"kind": 2, "document": cell(k)}
                                       for k in range(len(cells))]},
        "cellTextDocuments": [{"uri": cell(k), "languageId": "python", "version": 10 + k,
                               "text": text} for k, text in enumerate(cells)]})
    if clean is None:
        return process  # diagnostics are pulled
    for k in range(len(cells)):
        diagnostics = process.diagnostics(cell(k))["diagnostics"]
        assert not clean or diagnostics == []
    return process


@pytest.fixture(scope="module")
def book():
    process = start_notebook()
    yield process
    process.close()


def result(server: Server, method: str, params: dict):
    reply = server.call(method, params)
    assert "error" not in reply, reply
    return reply["result"]


def error(server: Server, method: str, params: dict) -> dict:
    reply = server.call(method, params)
    assert "result" not in reply, reply
    return reply["error"]


def at(k: int, line: int, character: int, **extra) -> dict:
    return {"textDocument": {"uri": cell(k)}, "position": {"line": line, "character": character},
            **extra}


def whole(k: int) -> dict:
    return {"textDocument": {"uri": cell(k)}}


def test_hover_on_a_cell_is_at_the_cells_positions(book) -> None:
    hover = result(book, "textDocument/hover", at(1, 3, 8))  # x
    assert hover == {"contents": {"kind": "markdown", "value": (
        "```python\nx\n```\n\nsymbol: `T.int32`\n\nvariable `x`, defined on line 4")},
        "range": span(3, 8, 3, 9)}
    # A symbol defined in another cell: no line (the cell's lines would not say which cell).
    hover = result(book, "textDocument/hover", at(1, 2, 19))  # n, from cell 1
    assert hover["contents"]["value"].endswith("`ir.Var`: `T.int32`\n\nsymbol `n`")
    assert hover["range"] == span(2, 19, 2, 20)


def test_definition_of_a_symbol_of_an_earlier_cell_is_in_that_cell(book) -> None:
    # `n` is defined in cell 1 after `s = "é😀"; `: UTF-16 column 11 (byte 14).
    expected = [{"uri": cell(0), "range": span(1, 11, 1, 12)}]
    assert result(book, "textDocument/definition", at(1, 2, 19)) == expected
    assert result(book, "textDocument/declaration", at(2, 1, 19)) == expected
    # Within the cell: the loop variable.
    assert result(book, "textDocument/definition", at(1, 3, 14)) == [
        {"uri": cell(1), "range": span(2, 8, 2, 9)}]


def test_references_span_cells_and_highlights_stay_in_the_cell(book) -> None:
    uses = [{"uri": cell(1), "range": span(1, 19, 1, 20)},
            {"uri": cell(1), "range": span(2, 19, 2, 20)},
            {"uri": cell(2), "range": span(1, 19, 1, 20)}]
    # With the declaration: the module-level `n = T.dynamic("n")` of cell 1 too.
    assert result(book, "textDocument/references",
                  at(1, 2, 19, context={"includeDeclaration": True})) == [
        {"uri": cell(0), "range": span(1, 11, 1, 12)}] + uses
    assert result(book, "textDocument/references",
                  at(1, 2, 19, context={"includeDeclaration": False})) == uses
    assert result(book, "textDocument/documentHighlight", at(2, 1, 19)) == [
        {"range": span(1, 19, 1, 20), "kind": 2}]
    assert result(book, "textDocument/documentHighlight", at(1, 3, 8)) == [
        {"range": span(3, 8, 3, 9), "kind": 3}, {"range": span(4, 15, 4, 16), "kind": 2}]


def test_a_rename_edits_every_cell_it_touches(book) -> None:
    assert result(book, "textDocument/prepareRename", at(1, 2, 19)) == {
        "range": span(2, 19, 2, 20), "placeholder": "n"}
    # The module-level definition `n = T.dynamic("n")` in cell 1 is renamed with its uses.
    assert result(book, "textDocument/rename", at(1, 2, 19, newName="m")) == {"changes": {
        cell(0): [{"range": span(1, 11, 1, 12), "newText": "m"}],
        cell(1): [{"range": span(1, 19, 1, 20), "newText": "m"},
                  {"range": span(2, 19, 2, 20), "newText": "m"}],
        cell(2): [{"range": span(1, 19, 1, 20), "newText": "m"}]}}
    # The clash names the cell's own line (the notebook's line 5).
    assert error(book, "textDocument/rename", at(1, 3, 8, newName="i")) == {
        "code": -32803, "message": "'i' would clash with the loop 'i' defined on line 3"}
    # A clash in another cell (n is used in g too) names that cell.
    assert error(book, "textDocument/rename", at(1, 2, 19, newName="B")) == {
        "code": -32803,
        "message": "'B' would clash with the tensor 'B' defined on line 2 of book.ipynb cell 3"}


def test_document_symbols_folds_and_selections_are_per_cell(book) -> None:
    symbols = result(book, "textDocument/documentSymbol", whole(2))
    assert [(s["name"], s["range"], s["selectionRange"]) for s in symbols] == [
        ("g", span(0, 0, 2, 12), span(1, 4, 1, 5))]
    assert [(c["name"], c["range"]) for c in symbols[0]["children"]] == [("B", span(1, 6, 1, 7))]
    assert [s["name"] for s in result(book, "textDocument/documentSymbol", whole(1))] == ["f"]
    # The module-level symbol is cell 1's (kind Constant 14).
    assert result(book, "textDocument/documentSymbol", whole(0)) == [
        {"name": "n", "kind": 14, "detail": "T.int32", "range": span(1, 11, 1, 12),
         "selectionRange": span(1, 11, 1, 12), "children": []}]
    assert result(book, "textDocument/foldingRange", whole(1)) == [
        {"startLine": 1, "endLine": 4}, {"startLine": 2, "endLine": 4}]
    assert result(book, "textDocument/foldingRange", whole(2)) == [{"startLine": 1, "endLine": 2}]
    # The outermost range is the whole cell (it ends with its line break), not the notebook.
    chain = result(book, "textDocument/selectionRange",
                   {**whole(1), "positions": [{"line": 3, "character": 8}]})[0]
    ranges = []
    while chain is not None:
        ranges.append(chain["range"])
        chain = chain.get("parent")
    assert ranges == [span(3, 8, 3, 9), span(3, 8, 3, 20), span(2, 4, 4, 16), span(1, 0, 4, 16),
                      span(0, 0, 4, 16), span(0, 0, 5, 0)]
    # A cell without a final line break ends at its last line's end.
    chain = result(book, "textDocument/selectionRange",
                   {**whole(2), "positions": [{"line": 2, "character": 4}]})[0]
    while "parent" in chain:
        chain = chain["parent"]
    assert chain["range"] == span(0, 0, 2, 12)


def decode(data: list) -> list:
    tokens, line, start = [], 0, 0
    for k in range(0, len(data), 5):
        delta_line, delta_start, length, kind, bits = data[k:k + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        tokens.append((line, start, length, kind, bits))
    return tokens


def test_semantic_tokens_are_the_cells_own(book) -> None:
    # Cell 1: the module symbol n (symbol 1, declaration and readonly 3) and `dynamic`
    # (namespaceMember 5, defaultLibrary 4), after the multi-byte text.
    assert decode(result(book, "textDocument/semanticTokens/full", whole(0))["data"]) == [
        (1, 11, 1, 1, 3), (1, 17, 7, 5, 4)]
    # Cell 3 from its own line 0: `function`, g (function, declaration), B (tensor,
    # declaration), `Tensor`, n (symbol, readonly), B.
    full = result(book, "textDocument/semanticTokens/full", whole(2))
    assert decode(full["data"]) == [
        (0, 3, 8, 5, 4), (1, 4, 1, 4, 1), (1, 6, 1, 0, 1), (1, 11, 6, 5, 4), (1, 19, 1, 1, 2),
        (2, 4, 1, 0, 0)]
    # A delta against the cell's own last answer: nothing changed.
    delta = result(book, "textDocument/semanticTokens/full/delta",
                   {**whole(2), "previousResultId": full["resultId"]})
    assert delta["edits"] == []
    ranged = result(book, "textDocument/semanticTokens/range",
                    {**whole(1), "range": span(3, 0, 3, 99)})
    assert decode(ranged["data"]) == [(3, 8, 1, 6, 1), (3, 12, 1, 0, 0), (3, 14, 1, 2, 0)]


def test_inlay_hints_formatting_and_code_actions_of_a_cell(book) -> None:
    assert result(book, "textDocument/inlayHint", {**whole(1), "range": span(0, 0, 99, 0)}) == [
        {"position": {"line": 3, "character": 9}, "label": ": int32", "kind": 1,
         "paddingLeft": False}]
    assert result(book, "textDocument/inlayHint", {**whole(2), "range": span(0, 0, 99, 0)}) == []
    # Formatting a cell rewrites only its own definitions.
    options = {"tabSize": 4, "insertSpaces": True}
    assert result(book, "textDocument/formatting", {**whole(2), "options": options}) == [
        {"range": span(1, 0, 2, 0), "newText": "def g[n](B: T.Tensor((n,), T.int32)):\n"}]
    assert result(book, "textDocument/formatting", {**whole(0), "options": options}) == []
    actions = result(book, "textDocument/codeAction",
                     {**whole(2), "range": span(1, 0, 1, 0), "context": {"diagnostics": []}})
    assert actions == [
        {"title": "Format the TVMScript definitions", "kind": "source.format.tvmscript",
         "edit": {"changes": {cell(2): [
             {"range": span(1, 0, 2, 0), "newText": "def g[n](B: T.Tensor((n,), T.int32)):\n"}]}}},
        {"title": "Show the canonical IR of g",
         "command": {"title": "Show the canonical IR of g", "command": "tvmscript.showCanonicalIR",
                     "arguments": [{"uri": cell(2), "position": {"line": 1, "character": 0}}]}}]


def test_commands_on_a_cell(book) -> None:
    def run(command: str, argument: dict) -> dict:
        return book.call("workspace/executeCommand",
                         {"command": command, "arguments": [argument]})
    shown = run("tvmscript.showCanonicalIR",
                {"uri": cell(2), "position": {"line": 2, "character": 4}})["result"]
    assert shown == {"name": "g", "text": (
        "@T.function\ndef g[n](B: T.Tensor((n,), T.int32)):\n    B[0] = 1\n")}
    # Without a position: the cell's definitions, named by the notebook and the cell.
    assert run("tvmscript.showCanonicalIR", {"uri": cell(1)})["result"]["name"] == (
        "book.ipynb cell 2")
    assert run("tvmscript.checkRoundTrip",
               {"uri": cell(1), "position": {"line": 1, "character": 4}})["result"] == {
        "name": "f", "ok": True, "message": "f's canonical print reads back as the same program",
        "range": None}
    # The cell's own line numbers in messages.
    assert run("tvmscript.checkRoundTrip",
               {"uri": cell(0), "position": {"line": 1, "character": 0}})["error"] == {
        "code": -32803, "message": "there is no TVMScript definition at line 2"}
    assert run("tvmscript.showCanonicalIR", {"uri": cell(0)})["error"] == {
        "code": -32803, "message": "book.ipynb cell 1 has no TVMScript definitions"}


def test_rename_edits_go_out_per_cell_with_versions_to_clients_that_take_document_changes(
) -> None:
    capabilities = {**FEATURES, "workspace": {"workspaceEdit": {"documentChanges": True}}}
    process = start_notebook(capabilities)
    try:
        edit = result(process, "textDocument/rename", at(1, 2, 19, newName="m"))
        assert edit == {"documentChanges": [
            {"textDocument": {"uri": cell(0), "version": 10},
             "edits": [{"range": span(1, 11, 1, 12), "newText": "m"}]},
            {"textDocument": {"uri": cell(1), "version": 11},
             "edits": [{"range": span(1, 19, 1, 20), "newText": "m"},
                       {"range": span(2, 19, 2, 20), "newText": "m"}]},
            {"textDocument": {"uri": cell(2), "version": 12},
             "edits": [{"range": span(1, 19, 1, 20), "newText": "m"}]}]}
        # An edit of cell 3 moves its version (a comment line before its definition).
        process.notify("notebookDocument/didChange", {
            "notebookDocument": {"uri": NB, "version": 2},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cell(2), "version": 13},
                "changes": [{"range": span(0, 0, 0, 0), "text": "# é😀\n"}]}]}}})
        assert process.diagnostics(cell(2))["diagnostics"] == []
        edit = result(process, "textDocument/rename", at(2, 2, 19, newName="m"))
        assert edit["documentChanges"][2] == {
            "textDocument": {"uri": cell(2), "version": 13},
            "edits": [{"range": span(2, 19, 2, 20), "newText": "m"}]}
    finally:
        process.close()


@pytest.mark.parametrize("encoding,column", [("utf-8", 14), ("utf-16", 11), ("utf-32", 10)])
def test_cell_positions_are_in_the_negotiated_encoding(encoding: str, column: int) -> None:
    process = start_notebook({**FEATURES, "general": {"positionEncodings": [encoding]}})
    try:
        assert result(process, "textDocument/definition", at(1, 2, 19)) == [
            {"uri": cell(0), "range": span(1, column, 1, column + 1)}]
        # `dynamic` after the multi-byte text, in the same units.
        tokens = decode(result(process, "textDocument/semanticTokens/full", whole(0))["data"])
        assert tokens == [(1, column, 1, 1, 3), (1, column + 6, 7, 5, 4)]
        # And back in: the selection at that column of cell 1 grows from the word `n`.
        chain = result(process, "textDocument/selectionRange", {
            **whole(0), "positions": [{"line": 1, "character": column}]})[0]
        assert chain["range"] == span(1, column, 1, column + 1)
    finally:
        process.close()


def structure(start: int, delete: int, cells: list, opened: list = (), closed: list = ()) -> dict:
    change = {"array": {"start": start, "deleteCount": delete,
                        "cells": [{"kind": kind, "document": uri} for uri, kind in cells]}}
    if opened:
        change["didOpen"] = [{"uri": uri, "languageId": language, "version": 1, "text": text}
                             for uri, language, text in opened]
    if closed:
        change["didClose"] = [{"uri": uri} for uri in closed]
    return change


def change_structure(server: Server, version: int, change: dict) -> None:
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": version},
        "change": {"cells": {"structure": change}}})


def test_requests_after_cells_are_inserted_moved_and_deleted() -> None:
    process = start_notebook()
    try:
        tokens = result(process, "textDocument/semanticTokens/full", whole(1))
        # A markdown cell and a two-line code cell before f's cell.
        change_structure(process, 2, structure(1, 0, [(cell(3), 1), (cell(4), 2)], opened=[
            (cell(3), "markdown", "# n = 1\n"), (cell(4), "python", "y = 1\nz = 2\n")]))
        assert process.diagnostics(cell(1))["diagnostics"] == []
        assert result(process, "textDocument/definition", at(1, 2, 19)) == [
            {"uri": cell(0), "range": span(1, 11, 1, 12)}]
        assert result(process, "textDocument/hover", at(1, 3, 8))["range"] == span(3, 8, 3, 9)
        assert result(process, "textDocument/hover", at(3, 0, 2)) is None  # the markdown cell
        assert result(process, "textDocument/documentSymbol", whole(4)) == []
        # f's tokens did not change: a delta against its last answer has no edits.
        delta = result(process, "textDocument/semanticTokens/full/delta",
                       {**whole(1), "previousResultId": tokens["resultId"]})
        assert delta["edits"] == []
        # g's cell moves before f's (cells 1..4 now: markdown, y/z, f, g -> g, markdown, y/z, f).
        change_structure(process, 3, structure(1, 4, [(cell(2), 2), (cell(3), 1), (cell(4), 2),
                                                      (cell(1), 2)]))
        assert process.diagnostics(cell(1))["diagnostics"] == []
        assert result(process, "textDocument/references",
                      at(1, 2, 19, context={"includeDeclaration": True})) == [
            {"uri": cell(0), "range": span(1, 11, 1, 12)},
            {"uri": cell(2), "range": span(1, 19, 1, 20)},
            {"uri": cell(1), "range": span(1, 19, 1, 20)},
            {"uri": cell(1), "range": span(2, 19, 2, 20)}]
        assert result(process, "workspace/executeCommand", {
            "command": "tvmscript.showCanonicalIR", "arguments": [{"uri": cell(1)}]})["name"] == (
                "book.ipynb cell 5")
        # f's cell deleted: it is not open any more, and the others still answer.
        change_structure(process, 4, structure(4, 1, [], closed=[cell(1)]))
        assert process.diagnostics(cell(2))["diagnostics"] == []
        assert error(process, "textDocument/hover", at(1, 3, 8)) == {
            "code": -32602, "message": f"{cell(1)} is not open"}
        assert [s["name"] for s in result(process, "textDocument/documentSymbol", whole(2))] == [
            "g"]
    finally:
        process.close()


# -- Bad input -------------------------------------------------------------------------------


def test_a_cell_uri_of_no_notebook_and_the_notebooks_own_uri_are_not_open(book) -> None:
    stranger = "vscode-notebook-cell:/nb/other.ipynb#W0sZmlsZQ%3D%3D"
    for method, params in [
            ("textDocument/hover", at(0, 0, 0)),
            ("textDocument/definition", at(0, 0, 0)),
            ("textDocument/formatting", {**whole(0), "options": {}}),
            ("textDocument/codeAction", {**whole(0), "range": span(0, 0, 0, 0),
                                         "context": {"diagnostics": []}})]:
        for uri in (stranger, NB):
            asked = {**params, "textDocument": {"uri": uri}}
            assert error(book, method, asked) == {"code": -32602, "message": f"{uri} is not open"}
    assert error(book, "workspace/executeCommand", {
        "command": "tvmscript.showCanonicalIR", "arguments": [{"uri": stranger}]}) == {
        "code": -32602, "message": f"params.arguments[0].uri: {stranger} is not open"}


def test_a_position_past_a_cells_end_is_its_end_not_the_next_cell(book) -> None:
    # Cell 2's last line is `        A[i] = x` (16 units); past it is that end, never cell 3.
    for past in [(99, 0), (5, 0), (4, 99), (2 ** 62, 2 ** 62)]:
        assert result(book, "textDocument/definition", at(1, *past)) == [
            {"uri": cell(1), "range": span(3, 8, 3, 9)}]  # x, which ends there
    assert result(book, "textDocument/hover", at(1, 99, 0)) == result(
        book, "textDocument/hover", at(1, 4, 16))
    # Before the start is the start: the cell's decorator line, not the cell before.
    assert result(book, "textDocument/selectionRange", {
        **whole(1), "positions": [{"line": -5, "character": -5}]})[0]["range"] == span(0, 0, 0, 11)
    hints = result(book, "textDocument/inlayHint", {**whole(1), "range": span(3, 0, 2 ** 40, 0)})
    assert [h["position"] for h in hints] == [{"line": 3, "character": 9}]


def test_a_markdown_cell_gets_what_a_file_without_tvmscript_gets() -> None:
    process = start_notebook()
    try:
        change_structure(process, 2, structure(3, 0, [(cell(3), 1)], opened=[
            (cell(3), "markdown", "from tvm_tirx.script import tirx as T\n")]))
        assert process.diagnostics(cell(0))["diagnostics"] == []
        nothing = {"textDocument/hover": None, "textDocument/definition": None,
                   "textDocument/documentSymbol": None, "textDocument/semanticTokens/full": None,
                   "textDocument/foldingRange": None, "textDocument/formatting": [],
                   "textDocument/codeAction": []}
        for method, expected in nothing.items():
            params = {**at(3, 0, 0), "options": {}, "range": span(0, 0, 0, 0),
                      "context": {"diagnostics": []}}
            assert result(process, method, params) == expected, method
        assert error(process, "workspace/executeCommand", {
            "command": "tvmscript.checkRoundTrip", "arguments": [{"uri": cell(3)}]}) == {
            "code": -32803, "message": "book.ipynb#W3sZmlsZQ%3D%3D is not a TVMScript file"}
        # Never published to, and not part of the analysed text.
        assert not [m for m in process.received
                    if m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == cell(3)]
    finally:
        process.close()


def test_a_closed_notebooks_cells_answer_as_unknown_documents() -> None:
    process = start_notebook()
    try:
        process.notify("notebookDocument/didClose", {"notebookDocument": {"uri": NB},
                                                     "cellTextDocuments": []})
        for k in range(3):
            assert process.diagnostics(cell(k))["diagnostics"] == []
        for method in ["textDocument/hover", "textDocument/references", "textDocument/rename"]:
            assert error(process, method, at(1, 3, 8, newName="y", context={})) == {
                "code": -32602, "message": f"{cell(1)} is not open"}
    finally:
        process.close()


# -- Hostile notebooks: what a malicious .ipynb (or a broken client) can put in the messages ---


def ignored(server: Server) -> str:
    message = server.next_message(lambda m: m.get("method") == "window/logMessage"
                                  and "was ignored" in m["params"]["message"])
    return message["params"]["message"]


def test_cell_ranges_that_overflow_are_refused_not_followed() -> None:
    process = start_notebook()
    try:
        big = 2 ** 62
        change_structure(process, 2, structure(big, big, []))
        assert ignored(process) == (
            'the notification "notebookDocument/didChange" was ignored: '
            "params.change.cells.structure.array: cells 4611686018427387904 to past "
            "9223372036854775807 are not in the notebook")
        change_structure(process, 2, structure(3, big, []))
        assert ignored(process).endswith("cells 3 to 4611686018427387907 are not in the notebook")
        assert result(process, "textDocument/hover", at(1, 3, 8))["range"] == span(3, 8, 3, 9)
    finally:
        process.close()


def test_a_cell_twice_or_a_cell_that_is_a_text_document_is_refused() -> None:
    process = start_notebook()
    try:
        change_structure(process, 2, structure(3, 0, [(cell(1), 2)]))
        assert ignored(process) == (
            'the notification "notebookDocument/didChange" was ignored: '
            f"params.change.cells.structure: cell 3, {cell(1)}, is a cell of the notebook twice")
        process.open("file:///nb/x.py", PRELUDE)
        process.notify("notebookDocument/didOpen", {
            "notebookDocument": {"uri": "file:///nb/two.ipynb", "notebookType": "jupyter-notebook",
                                 "version": 1,
                                 "cells": [{"kind": 2, "document": "file:///nb/x.py"}]},
            "cellTextDocuments": [{"uri": "file:///nb/x.py", "languageId": "python", "version": 1,
                                   "text": "x = 1\n"}]})
        assert ignored(process) == (
            'the notification "notebookDocument/didOpen" was ignored: '
            "params.notebookDocument.cells: cell 0, file:///nb/x.py, is open as a text document")
        # Both still answer as before.
        assert result(process, "textDocument/hover", at(1, 3, 8))["range"] == span(3, 8, 3, 9)
        assert result(process, "textDocument/documentSymbol",
                      {"textDocument": {"uri": "file:///nb/x.py"}})[0]["name"] == "n"
    finally:
        process.close()


def test_line_breaks_of_every_kind_keep_cells_apart() -> None:
    # Cell 1 in CRLF ending with a lone CR; cell 2 starting with a blank LF line: the CR must
    # not join the LF into one line break, or every later line would be off by one.
    first = PRELUDE.replace("\n", "\r\n")[:-1]
    process = start_notebook(cells=(first, "\n" + F, G))
    try:
        assert result(process, "textDocument/definition", at(1, 3, 19)) == [
            {"uri": cell(0), "range": span(1, 11, 1, 12)}]
        assert result(process, "textDocument/hover", at(1, 4, 8))["range"] == span(4, 8, 4, 9)
        assert [s["range"] for s in result(process, "textDocument/documentSymbol", whole(2))] == [
            span(0, 0, 2, 12)]
    finally:
        process.close()


def test_an_unclosed_string_in_one_cell_reaches_into_the_next_without_breaking_the_map() -> None:
    process = Server()
    try:
        process.initialize(FEATURES)
        texts = [PRELUDE + 'doc = """never closed\n', F, G]
        process.notify("notebookDocument/didOpen", {
            "notebookDocument": {"uri": NB, "notebookType": "jupyter-notebook", "version": 1,
                                 "cells": [{"kind": 2, "document": cell(k)} for k in range(3)]},
            "cellTextDocuments": [{"uri": cell(k), "languageId": "python", "version": 1,
                                   "text": text} for k, text in enumerate(texts)]})
        diagnostics = process.diagnostics(cell(0))["diagnostics"]
        assert [(d["code"], d["range"]["start"]) for d in diagnostics] == [
            ("syntax-error", {"line": 2, "character": 6})]
        for k in range(3):
            assert result(process, "textDocument/documentSymbol", whole(k)) is not None
            assert result(process, "textDocument/hover", at(k, 1, 4)) is None
    finally:
        process.close()


# -- Pull diagnostics on cells ----------------------------------------------------------------


def test_a_client_that_pulls_pulls_each_cells_diagnostics_and_gets_none_pushed() -> None:
    process = Server()
    try:
        process.initialize({**CAPABILITIES,
                            "textDocument": {"diagnostic": {"dynamicRegistration": False}}})
        open_notebook(process)

        def pull(uri: str, previous=None) -> dict:
            params = {"textDocument": {"uri": uri}}
            if previous is not None:
                params["previousResultId"] = previous
            return process.call("textDocument/diagnostic", params, 15.0)

        report = pull(cell(2))["result"]
        assert report["kind"] == "full" and report["items"] == [name_error(2)]
        assert pull(cell(0))["result"]["items"] == []
        assert pull(cell(2), report["resultId"])["result"] == {
            "kind": "unchanged", "resultId": report["resultId"]}
        assert pull(cell(1))["result"] == {"kind": "full", "items": []}  # the markdown cell
        # An edit that fixes the cell: a new result, empty.
        process.notify("notebookDocument/didChange", {
            "notebookDocument": {"uri": NB, "version": 2},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cell(2), "version": 2},
                "changes": [{"text": BAD.replace("nothing", "1")}]}]}}})
        fixed = pull(cell(2), report["resultId"])["result"]
        assert fixed["kind"] == "full" and fixed["items"] == []
        assert fixed["resultId"] != report["resultId"]
        assert not [m for m in process.received
                    if m.get("method") == "textDocument/publishDiagnostics"]
        process.notify("notebookDocument/didClose", {"notebookDocument": {"uri": NB},
                                                     "cellTextDocuments": []})
        assert pull(cell(2))["error"] == {"code": -32602, "message": f"{cell(2)} is not open"}
    finally:
        process.close()


def test_a_trust_change_makes_the_kept_cell_diagnostics_wait_for_the_new_analysis(
        tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))  # no user trust configuration
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    process = start_notebook(
        {**CAPABILITIES, "textDocument": {"diagnostic": {"dynamicRegistration": False}}},
        cells=("from tvm_tirx.script import tirx as T\nSIZE = len('four')\n",
               "@T.function\ndef f(A: T.Tensor((SIZE,), T.int32)):\n    A[0] = 1\n"),
        clean=None)
    try:
        params = {"textDocument": {"uri": cell(1)}}
        untrusted = process.call("textDocument/diagnostic", params, 15.0)["result"]
        assert [d["code"] for d in untrusted["items"]] == ["untrusted-not-evaluated"]
        # Trusted, the module code runs: the same version's new analysis has no such item, and
        # a pull with the old result id must wait for it, not answer "unchanged".
        process.notify("tvmscript/setTrust", {"trusted": True})
        trusted = process.call("textDocument/diagnostic",
                               {**params, "previousResultId": untrusted["resultId"]}, 30.0)
        assert trusted["result"]["kind"] == "full" and trusted["result"]["items"] == []
    finally:
        process.close()


def test_a_quick_fix_for_one_cell_edits_the_cell_it_needs() -> None:
    # `T` is used in cell 2 but never imported: the fix adds the import at the top of the
    # notebook, which is cell 1's first line.
    process = start_notebook(cells=("from tvm_tirx.script import tirx as S\n", (
        "@S.function\ndef f(A: S.Tensor((4,), S.int32)):\n    A[0] = T.int32(1)\n")),
        clean=False)
    try:
        actions = result(process, "textDocument/codeAction", {
            **whole(1), "range": span(2, 11, 2, 11),
            "context": {"diagnostics": [], "only": ["quickfix"]}})
        assert [(a["title"], a["edit"]) for a in actions] == [(
            "Import `T` (`from tvm_tirx.script import tirx as T`)",
            {"changes": {cell(0): [{"range": span(0, 0, 0, 0),
                                    "newText": "from tvm_tirx.script import tirx as T\n"}]}})]
        assert [(d["code"], d["range"]) for d in actions[0]["diagnostics"]] == [
            ("name-error", span(2, 11, 2, 12))]
    finally:
        process.close()


def test_a_semantic_tokens_delta_of_an_edited_cell_is_small() -> None:
    process = start_notebook()
    try:
        before = result(process, "textDocument/semanticTokens/full", whole(1))
        # `x` becomes `xy` (both occurrences): two tokens grow by one.
        process.notify("notebookDocument/didChange", {
            "notebookDocument": {"uri": NB, "version": 2},
            "change": {"cells": {"textContent": [{
                "document": {"uri": cell(1), "version": 20},
                "changes": [{"range": span(4, 16, 4, 16), "text": "y"},
                            {"range": span(3, 9, 3, 9), "text": "y"}]}]}}})
        assert process.diagnostics(cell(1))["diagnostics"] == []
        delta = result(process, "textDocument/semanticTokens/full/delta",
                       {**whole(1), "previousResultId": before["resultId"]})
        assert len(delta["edits"]) == 1
        edit = delta["edits"][0]
        old = before["data"]
        # From the first changed token to the last (x's line, then `A[i] = xy`): not the cell.
        assert edit["deleteCount"] == len(edit["data"]) < len(old) // 2
        after = result(process, "textDocument/semanticTokens/full", whole(1))
        patched = old[:edit["start"]] + edit["data"] + old[edit["start"] + edit["deleteCount"]:]
        assert patched == after["data"]
        assert (3, 8, 2, 6, 1) in decode(after["data"])  # xy, a bound scalar's definition
    finally:
        process.close()


def test_with_diagnostics_on_save_a_notebook_is_analysed_when_it_is_saved(server) -> None:
    server.notify("workspace/didChangeConfiguration",
                  {"settings": {"tvmscript": {"diagnostics": {"on": "save"}}}})
    open_notebook(server)
    assert cell_diagnostics(server) == {cell(0): [], cell(2): [name_error(2)]}  # opening
    server.notify("notebookDocument/didChange", {
        "notebookDocument": {"uri": NB, "version": 2},
        "change": {"cells": {"textContent": [{
            "document": {"uri": cell(2), "version": 2},
            "changes": [{"text": BAD.replace("nothing", "1")}]}]}}})
    assert not [m for m in server.quiet(1.0)
                if m.get("method") == "textDocument/publishDiagnostics"]
    server.notify("notebookDocument/didSave", {"notebookDocument": {"uri": NB}})
    assert server.diagnostics(cell(2))["diagnostics"] == []


# -- Random notebooks: structure changes and requests anywhere ---------------------------------


def lsp_lines(text: str) -> list:
    """The lines of `text` as LSP counts them ("\\r\\n", "\\n" and a lone "\\r" end a line)."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def units(line: str) -> int:
    return len(line.encode("utf-16-le")) // 2


def test_random_structure_changes_and_requests_stay_inside_the_cells() -> None:
    rng = random.Random(11)
    snippets = [PRELUDE, F, G, PRELUDE.replace("\n", "\r\n"), "\n" + F, F + "\r", "# é😀\n" + G,
                "x = 'é😀'\r\ny = 2", "", "@T.function\ndef broken(\n"]
    process = Server()
    process.initialize({**FEATURES, "workspace": {"workspaceEdit": {"documentChanges": True}}})
    cells = [(cell(0), 2, "python", PRELUDE), (cell(1), 2, "python", F)]
    texts = {uri: text for uri, _, _, text in cells}
    process.notify("notebookDocument/didOpen", {
        "notebookDocument": {"uri": NB, "notebookType": "jupyter-notebook", "version": 1,
                             "cells": [{"kind": kind, "document": uri}
                                       for uri, kind, _, _ in cells]},
        "cellTextDocuments": [{"uri": uri, "languageId": language, "version": 1, "text": text}
                              for uri, _, language, text in cells]})
    fresh = iter(range(100, 10 ** 6))
    version = 1

    def check_location(location: dict) -> None:
        assert location["uri"] in texts, location
        lines = lsp_lines(texts[location["uri"]])
        for end in ("start", "end"):
            position = location["range"][end]
            assert 0 <= position["line"] < len(lines), (location, lines)
            assert 0 <= position["character"] <= units(lines[position["line"]]), location

    try:
        for step in range(150):
            version += 1
            op = rng.choice(["insert", "delete", "move", "edit", "edit"])
            if op == "insert" or len(cells) < 2:
                uri = cell(next(fresh))
                kind, language = rng.choice([(2, "python"), (1, "markdown"), (2, "r")])
                text = rng.choice(snippets)
                at_k = rng.randrange(len(cells) + 1)
                cells.insert(at_k, (uri, kind, language, text))
                texts[uri] = text
                change = structure(at_k, 0, [(uri, kind)], opened=[(uri, language, text)])
            elif op == "delete":
                # The import's cell stays (a notebook without it is no longer TVMScript).
                at_k = rng.choice([k for k, c in enumerate(cells) if c[0] != cell(0)])
                uri = cells.pop(at_k)[0]
                del texts[uri]
                change = structure(at_k, 1, [], closed=[uri])
            elif op == "move":
                moved = cells[:]
                rng.shuffle(moved)
                change = structure(0, len(cells), [(uri, kind) for uri, kind, _, _ in moved])
                cells = moved
            else:
                k = rng.choice([k for k, c in enumerate(cells) if c[0] != cell(0)])
                uri, kind, language, _ = cells[k]
                text = rng.choice(snippets)
                cells[k] = (uri, kind, language, text)
                texts[uri] = text
                process.notify("notebookDocument/didChange", {
                    "notebookDocument": {"uri": NB, "version": version},
                    "change": {"cells": {"textContent": [{
                        "document": {"uri": uri, "version": version},
                        "changes": [{"text": text}]}]}}})
                change = None
            if change is not None:
                change_structure(process, version, change)
            assert len(cells) == len(set(c[0] for c in cells))
            python = [c[0] for c in cells if c[1] == 2 and c[2] == "python"]
            for _ in range(8):
                uri = rng.choice(python if python and rng.random() < 0.8 else cells)
                uri = uri if isinstance(uri, str) else uri[0]
                lines = lsp_lines(texts[uri])
                line = rng.randrange(len(lines))
                line, character = rng.choice([
                    (-1, -1), (0, 0), (2 ** 40, 2 ** 40), (len(lines) + 1, 3),
                    (line, rng.randrange(units(lines[line]) + 2))] + [
                    (line, rng.randrange(units(lines[line]) + 1))] * 4)
                method = rng.choice([
                    "textDocument/hover", "textDocument/definition", "textDocument/references",
                    "textDocument/documentHighlight", "textDocument/rename",
                    "textDocument/documentSymbol", "textDocument/semanticTokens/full",
                    "textDocument/foldingRange", "textDocument/inlayHint",
                    "textDocument/selectionRange",
                    "textDocument/codeAction", "textDocument/formatting"])
                position = {"line": line, "character": character}
                params = {"textDocument": {"uri": uri}, "position": position, "newName": "zz",
                          "context": {"diagnostics": [], "includeDeclaration": True},
                          "range": {"start": position, "end": position}, "options": {},
                          "positions": [position]}
                reply = process.call(method, params, 30.0)
                assert "result" in reply or reply["error"]["code"] in (-32801, -32803), (
                    step, method, reply)
                answer = reply.get("result")
                if method in ("textDocument/definition", "textDocument/references") and answer:
                    for location in answer:
                        check_location(location)
                if method == "textDocument/rename" and answer:
                    for document_edit in answer["documentChanges"]:
                        for edit in document_edit["edits"]:
                            check_location({"uri": document_edit["textDocument"]["uri"],
                                            "range": edit["range"]})
                if method == "textDocument/documentSymbol" and answer:
                    for symbol in answer:
                        check_location({"uri": uri, "range": symbol["range"]})
                if method in ("textDocument/hover",) and answer:
                    check_location({"uri": uri, "range": answer["range"]})
                if method == "textDocument/documentHighlight" and answer:
                    for highlight in answer:
                        check_location({"uri": uri, "range": highlight["range"]})
                if method == "textDocument/selectionRange" and answer:
                    chain = answer[0]
                    while chain:
                        check_location({"uri": uri, "range": chain["range"]})
                        chain = chain.get("parent")
                if method == "textDocument/foldingRange" and answer:
                    assert all(0 <= f["startLine"] < f["endLine"] < len(lines) for f in answer)
                if method == "textDocument/semanticTokens/full" and answer:
                    for line_k, start, length, _, _ in decode(answer["data"]):
                        assert start + length <= units(lines[line_k]), (uri, line_k)
        assert process.process.poll() is None
    finally:
        process.close()


def test_completion_and_signature_help_on_a_cell_are_at_the_cells_positions(book) -> None:
    # Cell 1, line 1 is `def f(A: T.Tensor((n,), T.int32)):`; after `T.` (character 11).
    completion = result(book, "textDocument/completion", at(1, 1, 11))
    items = {item["label"]: item for item in completion["items"]}
    assert {"Tensor", "serial", "int32"} <= set(items)
    assert items["Tensor"]["textEdit"] == {"range": span(1, 11, 1, 17), "newText": "Tensor"}
    help = result(book, "textDocument/signatureHelp", at(1, 1, 19))  # inside `T.Tensor((`
    assert help["signatures"][0]["label"] == (
        "T.Tensor(shape, dtype='float32', scope='global', align=0, layout=None, *, data=None, "
        "data_alignment=None, strides=(), elem_offset=None)")
    assert help["activeParameter"] == 0
