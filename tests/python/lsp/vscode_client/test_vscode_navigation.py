"""Hover, definition and declaration, references and highlights, rename, the outline, folding
and selection ranges, inlay hints and formatting, as VS Code asks for them, with the exact
texts and positions it would show."""

from __future__ import annotations

import pytest
from lsprotocol import types

import vscode_session as vs
from vscode_session import document, json_range

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture()

# vs.SOURCE, by line:
# 3 @T.function
# 4 def scale(A: T.Tensor((8,), "float32"), B: T.Tensor((8,), "float32")):
# 5     for i in range(8):
# 6         x = A[i] * T.float32(2)
# 7         B[i] = x


def location(uri: str, *where: int) -> dict:
    return {"uri": uri, "range": json_range(*where)}


async def hover(client, uri: str, line: int, character: int) -> dict:
    return await vs.ask(client, client.text_document_hover_async(
        types.HoverParams(**vs.at(uri, line, character))))


def shown(markdown: str, *where: int) -> dict:
    """A hover as VS Code gets it: Markdown and the range it highlights."""
    return {"contents": {"kind": "markdown", "value": markdown}, "range": json_range(*where)}


async def test_hover_on_a_variable_and_a_tensor(client) -> None:
    uri = await vs.opened(client, "hover", vs.SOURCE)
    assert await hover(client, uri, 7, 15) == shown(
        "```python\nx\n```\n\n`ir.Var`: `T.float32`\n\nvariable `x`, defined on line 7",
        7, 15, 7, 16)
    assert await hover(client, uri, 6, 12) == shown(
        "```python\nA\n```\n\n`ir.Var`: `T.Tensor((8,), T.float32)`\n\n"
        "tensor `A`, defined on line 5", 6, 12, 6, 13)
    assert await hover(client, uri, 1, 0) is None  # a blank line
    vs.close_document(client, uri)


async def test_hover_on_a_namespace_member_documents_it(client) -> None:
    uri = await vs.opened(client, "hover_member", vs.SOURCE)
    assert await hover(client, uri, 6, 23) == shown(
        "```python\nT.float32(value=...)\n```\n\nA data type of ``T``: ``T.int32`` annotates, "
        "``T.int32(5)`` is a constant, ``T.int32(x)`` of an expression converts it (a Cast "
        "unless it has the type already, as the reference builds it) and ``n = T.int32()`` "
        'declares the symbol ``n`` (today\'s spelling of ``T.dynamic("n")``).', 6, 19, 6, 28)
    vs.close_document(client, uri)


async def test_hover_on_a_function_name(client) -> None:
    # Gap (issue 11, item 5, "Hover"): a function name should show the function's whole
    # canonical text; today it gets the symbol line.
    uri = await vs.opened(client, "hover_gap", vs.SOURCE)
    assert await hover(client, uri, 4, 5) == shown(
        "```python\nscale\n```\n\nsymbol\n\nfunction `scale`, defined on line 5", 4, 4, 4, 9)
    vs.close_document(client, uri)


async def test_definition_and_declaration_are_the_binding(client) -> None:
    uri = await vs.opened(client, "definition", vs.SOURCE)
    binding = [location(uri, 6, 8, 6, 9)]
    assert await vs.ask(client, client.text_document_definition_async(
        types.DefinitionParams(**vs.at(uri, 7, 15)))) == binding
    assert await vs.ask(client, client.text_document_declaration_async(
        types.DeclarationParams(**vs.at(uri, 7, 15)))) == binding
    # a parameter from its use; nothing on a keyword
    assert await vs.ask(client, client.text_document_definition_async(
        types.DefinitionParams(**vs.at(uri, 7, 8)))) == [location(uri, 4, 40, 4, 41)]
    assert await vs.ask(client, client.text_document_definition_async(
        types.DefinitionParams(**vs.at(uri, 5, 5)))) == []
    vs.close_document(client, uri)


async def test_references_with_and_without_the_declaration_and_highlights(client) -> None:
    uri = await vs.opened(client, "references", vs.SOURCE)

    async def references(include: bool) -> list:
        return await vs.ask(client, client.text_document_references_async(types.ReferenceParams(
            **vs.at(uri, 6, 12), context=types.ReferenceContext(include_declaration=include))))
    assert await references(True) == [location(uri, 4, 10, 4, 11), location(uri, 6, 12, 6, 13)]
    assert await references(False) == [location(uri, 6, 12, 6, 13)]
    highlights = await vs.ask(client, client.text_document_document_highlight_async(
        types.DocumentHighlightParams(**vs.at(uri, 7, 15))))
    assert highlights == [{"range": json_range(6, 8, 6, 9), "kind": 3},  # written
                          {"range": json_range(7, 15, 7, 16), "kind": 2}]  # read
    vs.close_document(client, uri)


async def test_prepare_rename_and_rename(client) -> None:
    uri = await vs.opened(client, "rename", vs.SOURCE)
    assert await vs.ask(client, client.text_document_prepare_rename_async(
        types.PrepareRenameParams(**vs.at(uri, 7, 15)))) == {
            "range": json_range(7, 15, 7, 16), "placeholder": "x"}
    edit = await vs.ask(client, client.text_document_rename_async(
        types.RenameParams(**vs.at(uri, 7, 15), new_name="doubled")))
    # `changes` for a text document, also to vscode-languageclient 11, which declares
    # workspaceEdit.documentChanges (the server sends TextDocumentEdits for notebook cells only)
    assert edit == {"changes": {uri: [
        {"range": json_range(6, 8, 6, 9), "newText": "doubled"},
        {"range": json_range(7, 15, 7, 16), "newText": "doubled"}]}}
    assert await vs.refused(client, client.text_document_rename_async(
        types.RenameParams(**vs.at(uri, 5, 4), new_name="y"))) == {
            "code": -32803, "message": "'for' is a Python keyword: it cannot be renamed"}
    assert await vs.refused(client, client.text_document_rename_async(
        types.RenameParams(**vs.at(uri, 7, 15), new_name="A"))) == {
            "code": -32803, "message": "'A' would clash with the tensor 'A' defined on line 5"}
    vs.close_document(client, uri)


def symbol(name: str, kind: int, where: tuple, detail: str | None = None,
           children: list | None = None, selection: tuple | None = None) -> dict:
    entry = {"name": name, "kind": kind, "range": json_range(*where),
             "selectionRange": json_range(*(selection or where))}
    if detail is not None:
        entry["detail"] = detail
    entry["children"] = children or []
    return entry


async def test_the_outline_is_hierarchical(client) -> None:
    uri = await vs.opened(client, "outline", vs.SOURCE)
    tensor = "T.Tensor((8,), T.float32)"
    assert await vs.ask(client, client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=document(uri)))) == [
            symbol("scale", 12, (3, 0, 7, 16), selection=(4, 4, 4, 9), children=[
                symbol("A", 18, (4, 10, 4, 11), tensor),
                symbol("B", 18, (4, 40, 4, 41), tensor),
                symbol("i", 13, (5, 8, 5, 9), "T.int32"),
                symbol("x", 13, (6, 8, 6, 9), "T.float32")])]
    vs.close_document(client, uri)


async def test_folding_and_selection_ranges(client) -> None:
    uri = await vs.opened(client, "ranges", vs.SOURCE)
    assert await vs.ask(client, client.text_document_folding_range_async(
        types.FoldingRangeParams(text_document=document(uri)))) == [
            {"startLine": 4, "endLine": 7}, {"startLine": 5, "endLine": 7}]
    selection = await vs.ask(client, client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=document(uri),
                                   positions=[types.Position(line=7, character=15)])))
    chain = []
    entry = selection[0]
    while entry is not None:
        chain.append(entry["range"])
        entry = entry.get("parent")
    assert chain == [json_range(7, 15, 7, 16),  # the name
                     json_range(7, 8, 7, 16),  # its statement
                     json_range(5, 4, 7, 16),  # the loop
                     json_range(4, 0, 7, 16),  # the def
                     json_range(3, 0, 7, 16),  # with its decorator
                     json_range(0, 0, 8, 0)]  # the whole text
    vs.close_document(client, uri)


async def test_inlay_hints_give_the_inferred_dtype(client) -> None:
    uri = await vs.opened(client, "inlay", vs.SOURCE)
    assert await vs.ask(client, client.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=document(uri), range=vs.span(0, 0, 8, 0)))) == [
            {"position": {"line": 6, "character": 9}, "label": ": float32", "kind": 1,
             "paddingLeft": False}]
    vs.close_document(client, uri)


async def test_formatting_rewrites_only_the_lines_that_differ_then_nothing(client) -> None:
    uri = await vs.opened(client, "format", vs.UNFORMATTED)
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    edits = await vs.ask(client, client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document(uri), options=options)))
    assert edits == [{"range": json_range(4, 0, 6, 21), "newText": (
        'def add(A: T.Tensor((4,), T.int32), B: T.Tensor((4,), T.int32)):\n'
        '    for i in range(4):\n        B[i] = A[i] + 1')}]
    formatted = vs.UNFORMATTED.replace('"int32"', "T.int32").replace("A[i]+1", "A[i] + 1")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeEvent_Type2(text=formatted)]))
    assert await vs.diagnostics(client, uri, 2) == []
    assert await vs.ask(client, client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document(uri), options=options))) == []
    vs.close_document(client, uri)
