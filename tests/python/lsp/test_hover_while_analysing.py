"""Hover reads the server's position index and never waits on the worker while the next
analysis is on its way, unless the edits since touched the definition under the cursor: an
edit elsewhere only moves the answer's lines, an edit inside makes hover wait for the analysis
of the current version (published first). The edit's analysis is held back by a long debounce,
so an answer that came before its diagnostics was read from the last index."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

SOURCE = '''from tvm_tirx.script import tirx as T


@T.function
def f(A: T.Tensor((4,), "int32")):
    for i in range(4):
        A[i] = A[i] + 1


@T.function
def g(B: T.Tensor((4,), "int32")):
    for j in range(4):
        B[j] = B[j] * 2
'''
URI = "file:///while.py"


def at(line, character):
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}


def span(line, start, end):
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def change(server, version, line, start, end_line, end, text):
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": URI, "version": version},
        "contentChanges": [{"range": {"start": {"line": line, "character": start},
                                      "end": {"line": end_line, "character": end}},
                            "text": text}]})


def published_before(server, reply, version) -> bool:
    """Whether diagnostics of `version` came before `reply` (the messages in order)."""
    for message in server.received:
        if message is reply:
            return False
        if message.get("method") == "textDocument/publishDiagnostics" and \
                message["params"]["version"] == version:
            return True
    raise AssertionError("the reply is not among the messages received")


@pytest.fixture
def server():
    process = Server(debounce_ms=5000)  # an edit's analysis waits 5 s
    process.initialize()
    process.open(URI, SOURCE)
    assert process.diagnostics(URI)["diagnostics"] == []
    yield process
    process.close()


def test_an_edit_elsewhere_moves_the_answer_without_waiting(server) -> None:
    before = server.call("textDocument/hover", at(12, 8))["result"]
    assert before["range"] == span(12, 8, 9)
    assert before["contents"]["value"].endswith("tensor `B`, defined on line 11")
    change(server, 2, 0, 0, 0, 0, "# two lines\n# above\n")  # outside both definitions
    reply = server.reply(server.request("textDocument/hover", at(14, 8)))
    assert not published_before(server, reply, 2)  # answered before the edit's analysis
    assert reply["result"]["range"] == span(14, 8, 9)
    assert reply["result"]["contents"]["value"] == before["contents"]["value"].replace(
        "defined on line 11", "defined on line 13")
    # Between the definitions: nothing, also at once (the line is not in one).
    change(server, 3, 2, 0, 2, 0, "\n")
    reply = server.reply(server.request("textDocument/hover", at(15, 8)))
    assert not published_before(server, reply, 3)
    assert reply["result"]["range"] == span(15, 8, 9)


def test_an_edit_inside_the_definition_makes_hover_wait_for_its_analysis(server) -> None:
    change(server, 2, 6, 22, 6, 23, "7")  # `A[i] + 1` -> `A[i] + 7` in f
    # In g, untouched: at once.
    untouched = server.reply(server.request("textDocument/hover", at(12, 8)))
    assert not published_before(server, untouched, 2)
    assert untouched["result"]["range"] == span(12, 8, 9)
    # In f: after the analysis of version 2, which the hover asked for (not the 5 s debounce).
    touched = server.reply(server.request("textDocument/hover", at(6, 8)), timeout=4)
    assert published_before(server, touched, 2)
    assert touched["result"]["range"] == span(6, 8, 9)
    assert touched["result"]["contents"]["value"].endswith("tensor `A`, defined on line 5")


def test_a_whole_text_change_makes_hover_wait(server) -> None:
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                             "contentChanges": [{"text": "\n" + SOURCE}]})
    reply = server.reply(server.request("textDocument/hover", at(13, 8)), timeout=4)
    assert published_before(server, reply, 2)
    assert reply["result"]["range"] == span(13, 8, 9)
