"""The real ``tvm-lsp --stdio`` answering ``textDocument/semanticTokens/full``, ``/range`` and
``/full/delta`` through the real worker: the legend, each token decoded to (line, start,
length, type, modifiers) in UTF-16 (and UTF-8) units with non-ASCII text before tokens, and a
one-character edit answered by a small delta."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

SOURCE = '''from tvm_tirx.script import tirx as T
import tvm_tirx.script.tirx as tx

@T.function
def f(A: T.Tensor((4,), "int32"), n: T.int32):
    for i in T.serial(4):
        s = "é😀"; x = A[i] + n
        A[i] = x  # T.comment is not a member
    B = tx.alloc_local((4,), "int32")
'''
URI = "file:///tokens.py"
TYPES = ["tensor", "symbol", "loopVariable", "parameter", "function", "namespaceMember",
         "variable"]
MODIFIERS = ["declaration", "readonly", "defaultLibrary"]


def start(capabilities=None):
    process = Server()
    legend = process.initialize(capabilities)["result"]["capabilities"]["semanticTokensProvider"]
    assert legend == {"legend": {"tokenTypes": TYPES, "tokenModifiers": MODIFIERS},
                      "range": True, "full": {"delta": True}}
    process.open(URI, SOURCE)
    process.diagnostics(URI)
    return process


@pytest.fixture(scope="module")
def server():
    process = start()
    process.open("file:///plain.py", "def f(x):\n    return x\n")
    yield process
    process.close()


def decode(data):
    """(line, start, length, type, modifiers) tuples from LSP's relative integers."""
    assert len(data) % 5 == 0
    tokens, line, column = [], 0, 0
    for k in range(0, len(data), 5):
        delta_line, delta_start, length, kind, bits = data[k:k + 5]
        line += delta_line
        column = delta_start if delta_line else column + delta_start
        tokens.append((line, column, length, TYPES[kind],
                       sorted(m for b, m in enumerate(MODIFIERS) if bits & (1 << b))))
    return tokens


def result(server, method, params):
    reply = server.call(method, params)
    assert "error" not in reply, reply
    return reply["result"]


def expected(wide_x):
    return [
        (3, 3, 8, "namespaceMember", ["defaultLibrary"]),          # T.function
        (4, 4, 1, "function", ["declaration"]),                    # f
        (4, 6, 1, "tensor", ["declaration"]),                      # A
        (4, 11, 6, "namespaceMember", ["defaultLibrary"]),         # T.Tensor
        (4, 34, 1, "parameter", ["declaration", "readonly"]),      # n
        (4, 39, 5, "namespaceMember", ["defaultLibrary"]),         # T.int32
        (5, 8, 1, "loopVariable", ["declaration"]),                # i
        (5, 15, 6, "namespaceMember", ["defaultLibrary"]),         # T.serial
        (6, wide_x, 1, "variable", ["declaration"]),               # x after "é😀"
        (6, wide_x + 4, 1, "tensor", []),                          # A
        (6, wide_x + 6, 1, "loopVariable", []),                    # i
        (6, wide_x + 11, 1, "parameter", ["readonly"]),            # n
        (7, 8, 1, "tensor", []),
        (7, 10, 1, "loopVariable", []),
        (7, 15, 1, "variable", []),
        # tx.alloc_local (the analysis does not take `tx` as a namespace: B is no tensor)
        (8, 11, 11, "namespaceMember", ["defaultLibrary"]),
    ]


def test_full_tokens_in_utf16(server) -> None:
    answer = result(server, "textDocument/semanticTokens/full", {"textDocument": {"uri": URI}})
    assert set(answer) == {"resultId", "data"}
    # `s = "é😀"; x`: x at UTF-16 unit 19 (é is 1 unit, 😀 2).
    assert decode(answer["data"]) == expected(19)


def test_full_tokens_in_utf8() -> None:
    process = start({"general": {"positionEncodings": ["utf-8"]}})
    try:
        answer = result(process, "textDocument/semanticTokens/full",
                        {"textDocument": {"uri": URI}})
        assert decode(answer["data"]) == expected(22)  # é is 2 bytes, 😀 4
    finally:
        process.close()


def test_range_gives_the_tokens_of_its_lines(server) -> None:
    answer = result(server, "textDocument/semanticTokens/range", {
        "textDocument": {"uri": URI},
        "range": {"start": {"line": 5, "character": 0}, "end": {"line": 6, "character": 0}}})
    assert decode(answer["data"]) == [t for t in expected(19) if t[0] in (5, 6)]


def test_a_one_character_edit_gives_a_small_delta(server) -> None:
    uri = "file:///delta.py"
    server.open(uri, SOURCE)
    server.diagnostics(uri)
    first = result(server, "textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    # `for` retyped over `for` and B renamed to C (not a token): the tokens stay as they were.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 5, "character": 4},
                                      "end": {"line": 5, "character": 7}},
                            "text": "for"}]})
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 3},
        "contentChanges": [{"range": {"start": {"line": 8, "character": 4},
                                      "end": {"line": 8, "character": 5}},
                            "text": "C"}]})
    delta = result(server, "textDocument/semanticTokens/full/delta",
                   {"textDocument": {"uri": uri}, "previousResultId": first["resultId"]})
    assert set(delta) == {"resultId", "edits"}
    assert delta["resultId"] != first["resultId"]
    assert delta["edits"] == []
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 4},
        "contentChanges": [{"range": {"start": {"line": 6, "character": 21},
                                      "end": {"line": 6, "character": 21}},
                            "text": " "}]})
    second = result(server, "textDocument/semanticTokens/full/delta",
                    {"textDocument": {"uri": uri}, "previousResultId": delta["resultId"]})
    # One space before `A` on line 6: only A's start delta changes (one integer).
    edits = second["edits"]
    assert len(edits) == 1 and edits[0]["deleteCount"] == 1, second
    assert edits[0]["data"] == [5]
    full = result(server, "textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    assert decode(full["data"])[9] == (6, 24, 1, "tensor", [])


def test_an_unknown_previous_result_gives_the_whole_data(server) -> None:
    answer = result(server, "textDocument/semanticTokens/full/delta",
                    {"textDocument": {"uri": URI}, "previousResultId": "nope"})
    assert decode(answer["data"]) == expected(19)


def test_not_tvmscript_and_bad_parameters(server) -> None:
    assert result(server, "textDocument/semanticTokens/full",
                  {"textDocument": {"uri": "file:///plain.py"}}) is None
    reply = server.call("textDocument/semanticTokens/full/delta", {"textDocument": {"uri": URI}})
    assert reply["error"]["code"] == -32602 and "params.previousResultId" in \
        reply["error"]["message"], reply
    reply = server.call("textDocument/semanticTokens/range", {"textDocument": {"uri": URI}})
    assert reply["error"]["code"] == -32602 and "params.range" in reply["error"]["message"]


def test_a_half_typed_file_still_gets_tokens_where_the_text_holds_them(server) -> None:
    uri = "file:///half.py"
    server.open(uri, SOURCE)
    server.diagnostics(uri)
    # `T.` at the end of a line: a syntax error; tokens come from what the analysis kept and
    # only where the text still holds their names.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 7, "character": 0},
                                      "end": {"line": 7, "character": 0}},
                            "text": "        y = T.\n"}]})
    answer = result(server, "textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    tokens = decode(answer["data"])
    assert (3, 3, 8, "namespaceMember", ["defaultLibrary"]) in tokens
    for line, column, length, _, _ in tokens:
        name = SOURCE.splitlines()[line if line < 7 else line - 1] if line != 7 else "        y = T."
        assert name[column:column + length].isidentifier(), (line, column, length)


def test_hostile_text_never_breaks_the_answer(server) -> None:
    uri = "file:///hostile.py"
    hostile = ("from tvm_tirx.script import tirx as T\n" + "T." * 20000 + "\n"
               + "x = T.\udcff.T.é.T.😀\n" + "T" * 100000 + ".a\n")
    server.open(uri, hostile.encode("utf-8", "surrogatepass").decode("utf-8", "replace"))
    answer = result(server, "textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    # `T.T.T...`: only the first `T.` is the alias, whose member `T` and that member's member
    # `T` are tokens (two levels, as `T.axis.spatial`), the rest attributes of attributes;
    # the invalid bytes became three U+FFFD, a member of 3 units (with its member `T`); `T`
    # after `é` is no alias.
    assert decode(answer["data"]) == [(1, 2, 1, "namespaceMember", ["defaultLibrary"]),
                                      (1, 4, 1, "namespaceMember", ["defaultLibrary"]),
                                      (2, 6, 3, "namespaceMember", ["defaultLibrary"]),
                                      (2, 10, 1, "namespaceMember", ["defaultLibrary"])]
    assert server.call("textDocument/semanticTokens/range", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 5, "character": 0},
                  "end": {"line": 900, "character": 0}}})["result"] == {"data": []}
