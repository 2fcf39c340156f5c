"""S-TIR blocks in the editor (issue 23, item 5), through the real ``tvm-lsp --stdio`` and its
worker: blocks nest in the outline under their function, named; hover on a block's name shows
its iteration domain and its read and write regions; the regions the source leaves to block
completion show as an inlay hint; definition, references and rename reach block iteration
variables, block tensors and the block's own name; semantic tokens cover ``T.axis.*``; blocks
fold; completion works after ``T.axis.``."""

from __future__ import annotations

import pathlib

import pytest

from lsp_server_client import Server

REPO = pathlib.Path(__file__).resolve().parents[3]
# Shared with tests/cpp/lsp/test_node_at.cc.
SOURCE = (REPO / "tests" / "cpp" / "lsp" / "fixtures" / "sblock_matmul.txt").read_text()
URI = "file:///blocks.py"
TYPES = ["tensor", "symbol", "loopVariable", "parameter", "function", "namespaceMember",
         "variable"]


@pytest.fixture(scope="module")
def server():
    process = Server()
    process.initialize({"textDocument": {"rename": {"prepareSupport": True}}})
    process.open(URI, SOURCE)
    assert process.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": []}
    yield process
    process.close()


def result(server, method, params):
    reply = server.call(method, params)
    assert "error" not in reply, reply
    return reply["result"]


def at(line, character, **extra):
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character},
            **extra}


def span(line, start, end_line, end):
    return {"start": {"line": line, "character": start},
            "end": {"line": end_line, "character": end}}


def place(line, start, end):
    return {"uri": URI, "range": span(line, start, line, end)}


def test_blocks_nest_in_the_outline_under_their_function(server) -> None:
    def entry(name, kind, line, start, end, detail):
        return {"name": name, "kind": kind, "detail": detail, "children": [],
                "range": span(line, start, line, end),
                "selectionRange": span(line, start, line, end)}

    tensor, variable, block = 18, 13, 3
    (function,) = result(server, "textDocument/documentSymbol", {"textDocument": {"uri": URI}})
    assert function["name"] == "mm"
    children = function["children"]
    assert [(c["name"], c["kind"]) for c in children] == [
        ("A", tensor), ("B", tensor), ("C", tensor), ("D", tensor), ("i", variable),
        ("j", variable), ("k", variable), ("C", block), ("i", variable), ("j", variable),
        ("out", block)]
    # A block covers its `with` statement; it is selected at its name and holds what it defines.
    assert children[7] == {
        "name": "C", "kind": block, "range": span(6, 0, 10, 57),
        "selectionRange": span(6, 23, 6, 24), "children": [
            entry("vi", variable, 7, 12, 14, "T.int32"),
            entry("vj", variable, 7, 16, 18, "T.int32"),
            entry("vk", variable, 7, 20, 22, "T.int32")]}
    assert children[10]["range"] == span(12, 0, 16, 33)
    assert [c["name"] for c in children[10]["children"]] == ["vi", "vj"]


def test_hover_on_a_block_shows_its_domain_and_regions(server) -> None:
    hover = result(server, "textDocument/hover", at(6, 23))
    assert hover["range"] == span(6, 23, 6, 24)
    assert hover["contents"]["value"] == (
        '```python\nwith T.sblock("C"):\n    vi = T.axis.spatial(8, i)\n'
        "    vj = T.axis.spatial(8, j)\n    vk = T.axis.reduce(4, k)\n"
        "    T.reads(A[vi, vk], B[vk, vj])  # inferred\n    T.writes(D[vi, vj])  # inferred\n"
        "```\n\n`block`\n\nblock `C`, defined on line 7")
    # Regions the source gives are not marked.
    assert "    T.reads(D[vi, vj])\n    T.writes(C[vi, vj])\n```" in \
        result(server, "textDocument/hover", at(12, 24))["contents"]["value"]


def test_inferred_regions_are_an_inlay_hint_only_where_the_source_omits_them(server) -> None:
    hints = result(server, "textDocument/inlayHint", {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": 20, "character": 0}}})
    # Iteration variables get no dtype hint (their type is their axis's); block "out" writes
    # its regions.
    assert hints == [{"position": {"line": 6, "character": 27}, "kind": 1,
                      "label": "  T.reads(A[vi, vk], B[vk, vj]) T.writes(D[vi, vj])",
                      "paddingLeft": False}]


def test_navigation_reaches_iteration_variables_and_block_tensors(server) -> None:
    assert result(server, "textDocument/definition", at(10, 14)) == [place(7, 12, 14)]
    assert result(server, "textDocument/references", at(7, 12, context={
        "includeDeclaration": True})) == [place(7, 12, 14), place(9, 18, 20), place(10, 14, 16),
                                          place(10, 26, 28), place(10, 38, 40)]
    # `vi` of block "out" is another variable.
    assert result(server, "textDocument/definition", at(16, 14)) == [place(13, 12, 14)]
    edits = result(server, "textDocument/rename", at(4, 4, newName="E"))["changes"][URI]
    assert [(e["range"]["start"]["line"], e["range"]["start"]["character"]) for e in edits] == [
        (4, 4), (9, 16), (10, 12), (10, 24), (14, 20), (16, 24)]
    # A block's name renames inside its string literal.
    assert result(server, "textDocument/rename", at(6, 23, newName="matmul")) == {
        "changes": {URI: [{"range": span(6, 23, 6, 24), "newText": "matmul"}]}}


def _decode(data):
    tokens, line, column = [], 0, 0
    for k in range(0, len(data), 5):
        delta_line, delta_start, length, kind, _ = data[k:k + 5]
        line += delta_line
        column = delta_start if delta_line else column + delta_start
        tokens.append((line, column, length, TYPES[kind]))
    return tokens


def test_semantic_tokens_cover_axis_members_and_not_block_names(server) -> None:
    tokens = _decode(result(server, "textDocument/semanticTokens/full",
                            {"textDocument": {"uri": URI}})["data"])
    line_seven = [t for t in tokens if t[0] == 7]
    assert line_seven[3:6] == [(7, 27, 4, "namespaceMember"), (7, 32, 5, "namespaceMember"),
                               (7, 46, 1, "loopVariable")]
    # The block's name in `T.sblock("C")` is the string's, not a variable token.
    assert [t for t in tokens if t[0] == 6] == [(6, 15, 6, "namespaceMember")]


def test_blocks_fold(server) -> None:
    folds = result(server, "textDocument/foldingRange", {"textDocument": {"uri": URI}})
    assert {"startLine": 6, "endLine": 10} in folds
    assert {"startLine": 12, "endLine": 16} in folds


def test_completion_after_t_axis(server) -> None:
    text = SOURCE.replace("            C[vi, vj] = D[vi, vj]\n",
                          "            C[vi, vj] = D[vi, vj]\n            x = T.axis.\n")
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                             "contentChanges": [{"text": text}]})
    reply = result(server, "textDocument/completion", at(17, 23))
    assert sorted(item["label"] for item in reply["items"]) == [
        "R", "S", "opaque", "reduce", "remap", "scan", "spatial"]
    remap = next(item for item in reply["items"] if item["label"] == "remap")
    assert remap["detail"] == "remap(kinds, bindings, dtype='int32')"
    hover = result(server, "textDocument/hover", at(7, 35))
    assert hover["contents"]["value"].startswith("```python\nT.axis.remap(kinds, bindings, "
                                                 "dtype='int32')\n```")
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 3},
                                             "contentChanges": [{"text": SOURCE}]})
