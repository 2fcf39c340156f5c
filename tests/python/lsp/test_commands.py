"""``workspace/executeCommand``: ``tvmscript.showCanonicalIR`` and ``tvmscript.checkRoundTrip``
as the shared contract gives them, and -32602 naming what is wrong in bad arguments (issue 11,
item 5)."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

APACHE = ('from tvm.script import tir as T\n\n\n@T.prim_func\n'
          'def g(A: T.Buffer((4,), "int32")):\n    for i in T.serial(4):\n        A[i] = 1\n\n\n'
          '@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    x = A[0]\n    A[1] = x\n')
G = ("@T.function\ndef g(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n"
     "        A[i] = 1")
F = ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    x: T.let[T.int32] = A[0]\n"
     "    A[1] = x")
URI = "file:///cmd.py"


@pytest.fixture
def server():
    process = Server()
    process.initialize()
    process.open(URI, APACHE)
    process.diagnostics(URI)
    yield process
    process.close()


def command(server, name, *arguments):
    return server.call("workspace/executeCommand", {"command": name, "arguments": list(arguments)})


def at(line, character, uri=URI):
    return {"uri": uri, "position": {"line": line, "character": character}}


def test_show_canonical_ir_of_the_definition_at_a_position(server) -> None:
    reply = command(server, "tvmscript.showCanonicalIR", at(5, 4))
    assert reply["result"] == {"name": "g", "text": G + "\n"}


def test_show_canonical_ir_of_the_whole_file(server) -> None:
    reply = command(server, "tvmscript.showCanonicalIR", {"uri": URI})
    assert reply["result"] == {"name": "cmd.py", "text": G + "\n\n\n" + F + "\n"}


def test_show_canonical_ir_refusals(server) -> None:
    assert command(server, "tvmscript.showCanonicalIR", at(1, 0))["error"] == {
        "code": -32803, "message": "there is no TVMScript definition at line 2"}
    server.open("file:///bad.py", APACHE.replace("x = A[0]", "x = nothing"))
    server.diagnostics("file:///bad.py")
    assert command(server, "tvmscript.showCanonicalIR", at(11, 4, "file:///bad.py"))["error"] == {
        "code": -32803, "message": "f has errors, so it has no canonical text"}
    server.open("file:///plain.py", "x = 1\n")
    assert command(server, "tvmscript.showCanonicalIR", at(0, 0, "file:///plain.py"))[
        "error"] == {"code": -32803, "message": "plain.py is not a TVMScript file"}


def test_check_round_trip(server) -> None:
    message = "{}'s canonical print reads back as the same program"
    assert command(server, "tvmscript.checkRoundTrip", at(11, 4))["result"] == {
        "name": "f", "ok": True, "message": message.format("f"), "range": None}
    # Apache TVM's spelling is checked too: its migration reads back
    assert command(server, "tvmscript.checkRoundTrip", at(4, 0))["result"] == {
        "name": "g", "ok": True, "message": message.format("g"), "range": None}
    assert command(server, "tvmscript.checkRoundTrip", {"uri": URI})["result"] == {
        "name": "cmd.py", "ok": True,
        "message": "every definition's canonical print reads back as the same program",
        "range": None}


@pytest.mark.parametrize("params, message", [
    ({"command": "tvmscript.frobnicate", "arguments": []},
     'params.command: unknown command "tvmscript.frobnicate" (the commands are '
     "tvmscript.showCanonicalIR and tvmscript.checkRoundTrip)"),
    ({"command": 3}, "params.command: expected a string, got an integer"),
    ({"command": "tvmscript.showCanonicalIR"}, "params.arguments: expected an array, got nothing"),
    ({"command": "tvmscript.showCanonicalIR", "arguments": []},
     "params.arguments: expected one argument {uri, position}, got 0"),
    ({"command": "tvmscript.checkRoundTrip", "arguments": ["file:///cmd.py"]},
     "params.arguments[0]: expected an object, got a string"),
    ({"command": "tvmscript.checkRoundTrip", "arguments": [{"url": URI}]},
     "params.arguments[0].uri: expected a string, got nothing"),
    ({"command": "tvmscript.showCanonicalIR",
      "arguments": [{"uri": URI, "position": {"line": "two", "character": 0}}]},
     "params.arguments[0].position.line: expected an integer, got a string"),
    ({"command": "tvmscript.showCanonicalIR", "arguments": [{"uri": "file:///nowhere.py"}]},
     "params.arguments[0].uri: file:///nowhere.py is not open"),
])
def test_bad_arguments_are_invalid_params(server, params, message) -> None:
    reply = server.call("workspace/executeCommand", params)
    assert reply["error"] == {"code": -32602, "message": message}


def test_a_definition_declined_before_the_read_back_is_not_checked(server) -> None:
    text = APACHE.replace("def f(A: T.Tensor((4,), T.int32)):\n",
                          "def f(A: T.Tensor((4,), T.int32),\n      B: T.Tensor((4,), T.int32)):\n"
                          "    # between the header and the body\n")
    server.open("file:///commented.py", text)
    server.diagnostics("file:///commented.py")
    reply = command(server, "tvmscript.checkRoundTrip", at(11, 4, "file:///commented.py"))
    assert reply["result"] == {
        "name": "f", "ok": False,
        "message": ("f: not checked: comments: line 13: it is between the multi-line header of "
                    "`f` and its body, where it may be inside the header"),
        "range": {"start": {"line": 9, "character": 0}, "end": {"line": 14, "character": 12}}}
