"""A Jupyter notebook as vscode-languageclient 11 syncs it (notebookDocument/*): diagnostics
pulled per cell at the cell's positions, a cell edit, hover and definition across cells. VS
Code 1.65's set declares no notebookDocument capability, so the server declares no notebook
sync to it (test_vscode_session.py checks both) and this module runs with the other set only."""

from __future__ import annotations

import pytest
from lsprotocol import types

import vscode_session as vs
from vscode_session import json_range

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture(("languageclient-11",))

BOOK = "file:///vscode_client/book.ipynb"
IMPORTS = "vscode-notebook-cell:/vscode_client/book.ipynb#W0sZmlsZQ%3D%3D"
KERNEL = "vscode-notebook-cell:/vscode_client/book.ipynb#W1sZmlsZQ%3D%3D"
NOTES = "vscode-notebook-cell:/vscode_client/book.ipynb#W2sZmlsZQ%3D%3D"
CELLS = [
    (IMPORTS, "python", "from tvm_tirx.script import tirx as T\n"),
    (NOTES, "markdown", "# A kernel\n"),
    (KERNEL, "python", ('@T.function\ndef f(A: T.Tensor((4,), "int32")):\n    x = A[0]\n'
                        "    A[1] = x + nothing\n")),
]


async def pulled(client, uri: str) -> list:
    report = await vs.ask(client, client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))))
    assert report["kind"] == "full"
    return report["items"]


async def test_a_notebook_is_analysed_cell_by_cell(client) -> None:
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(
            uri=BOOK, notebook_type="jupyter-notebook", version=1,
            cells=[types.NotebookCell(
                kind=types.NotebookCellKind.Code if language == "python"
                else types.NotebookCellKind.Markup, document=uri)
                for uri, language, _ in CELLS]),
        cell_text_documents=[types.TextDocumentItem(uri=uri, language_id=language, version=1,
                                                    text=text) for uri, language, text in CELLS]))
    # the error at the kernel cell's own line 3, nothing on the others
    assert await pulled(client, KERNEL) == [{
        "range": json_range(3, 15, 3, 22), "message": "name 'nothing' is not defined",
        "severity": 1, "code": "name-error", "source": "tvm-lsp"}]
    assert await pulled(client, IMPORTS) == []
    assert await pulled(client, NOTES) == []
    assert [push for push in client.pushes if push.uri.startswith("vscode-notebook-cell:")] == []

    # hover and definition at the cell's positions
    hover = await vs.ask(client, client.text_document_hover_async(
        types.HoverParams(**vs.at(KERNEL, 3, 11))))
    assert hover == {"contents": {"kind": "markdown", "value": (
        "```python\nx\n```\n\n`ir.Var`: `T.int32`\n\nvariable `x`, defined on line 3")},
        "range": json_range(3, 11, 3, 12)}
    assert await vs.ask(client, client.text_document_definition_async(
        types.DefinitionParams(**vs.at(KERNEL, 3, 11)))) == [
            {"uri": KERNEL, "range": json_range(2, 4, 2, 5)}]

    # VS Code sends a cell's edit as a notebook change
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(version=2, uri=BOOK),
        change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentChangeEventCellsType(
            text_content=[types.NotebookDocumentChangeEventCellsTypeTextContentType(
                document=types.VersionedTextDocumentIdentifier(uri=KERNEL, version=2),
                changes=[types.TextDocumentContentChangeEvent_Type1(
                    range=vs.span(3, 15, 3, 22), text="1")])]))))
    assert await pulled(client, KERNEL) == []

    client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
        notebook_document=types.NotebookDocumentIdentifier(uri=BOOK),
        cell_text_documents=[types.TextDocumentIdentifier(uri=uri) for uri, _, _ in CELLS]))
