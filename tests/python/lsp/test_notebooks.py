"""Notebook documents (LSP 3.17, issue 11 item 4): a notebook's Python code cells are analysed
in order as one text, and its diagnostics go back to the cells, at the cells' own lines."""

from __future__ import annotations

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
        {"notebook": {"notebookType": "jupyter-notebook"}, "cells": [{"language": "python"}]}]}
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
