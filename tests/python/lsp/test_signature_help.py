"""The real ``tvm-lsp --stdio`` answering ``textDocument/signatureHelp`` for namespace calls:
the member's signature from the registry with parameter offsets, the argument the cursor is
in (commas outside strings and brackets, ``name=`` arguments, nested calls), its docstring;
nothing in strings, comments or other calls; hostile lines and encodings."""

from __future__ import annotations

import inspect
import itertools
import time

import pytest

from lsp_server_client import Server
from tvm_tirx.script import tirx as T

HEADER = '''from tvm_tirx.script import tirx as T


@T.function
def f(A: T.Tensor((4,), "int32"), n: T.int32):
'''
URI = "file:///signatures.py"
SERIAL = "T.serial(start, stop=None, *, annotations=None, step=1, unroll=None, dtype=None)"
VERSIONS = itertools.count(2)


def offsets(label, *names):
    found = []
    for name in names:
        start = label.index(name, found[-1][1] if found else 0)
        found.append([start, start + len(name)])
    return found


SERIAL_PARAMETERS = offsets(SERIAL, "start", "stop=None", "annotations=None", "step=1",
                            "unroll=None", "dtype=None")


@pytest.fixture(scope="module")
def server():
    process = Server()
    capabilities = process.initialize({"textDocument": {"signatureHelp": {
        "signatureInformation": {"documentationFormat": ["markdown"]}}}})["result"]["capabilities"]
    assert capabilities["signatureHelpProvider"] == {"triggerCharacters": ["(", ","],
                                                     "retriggerCharacters": [")"]}
    process.open(URI, HEADER + "    pass\n")
    process.diagnostics(URI)
    deadline = time.monotonic() + 20
    while help_at(process, "T.min(|") is None:  # the catalog comes once, after start-up
        assert time.monotonic() < deadline, "the namespace catalog never arrived"
        time.sleep(0.05)
    yield process
    process.close()


def help_at(server, body, uri=URI, header=HEADER):
    """Signature help at the `|` of `body` (lines of the function's body, indented here)."""
    lines = (header + "".join("    " + line + "\n" for line in body.split("\n"))).split("\n")
    line = next(k for k, text in enumerate(lines) if "|" in text)
    character = lines[line].index("|")
    text = "\n".join(lines).replace("|", "", 1)
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": next(VERSIONS)},
        "contentChanges": [{"text": text}]})
    reply = server.call("textDocument/signatureHelp", {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
    assert "error" not in reply, reply
    return reply["result"]


def active(server, body):
    result = help_at(server, body)
    assert result is not None, body
    assert result["activeParameter"] == result["signatures"][0]["activeParameter"]
    return result["signatures"][0]["label"], result["activeParameter"]


def test_the_signature_its_parameters_and_docstring(server) -> None:
    assert help_at(server, "for i in T.serial(|):") == {
        "signatures": [{"label": SERIAL,
                        "parameters": [{"label": span} for span in SERIAL_PARAMETERS],
                        "documentation": {"kind": "markdown", "value": inspect.getdoc(T.serial)},
                        "activeParameter": 0}],
        "activeSignature": 0, "activeParameter": 0}


def test_the_active_parameter_counts_commas_outside_strings_and_brackets(server) -> None:
    cases = {
        "for i in T.serial(0, |": 1,
        "for i in T.serial(0, n, step=|": 3,
        "for i in T.serial(0, n, dtype=|": 5,
        'for i in T.serial(0, n, annotations={"a": 1, "b": 2}|': 2,
        'for i in T.serial(0, n, annotations={"a": 1, |': 2,
        "for i in T.serial(0, [1, 2, |": 1,
        "for i in T.serial(0, foo(1, 2, |": 1,  # inside a call of something else
        "for i in T.serial(0, n == 1, |": 6,  # a third positional one: none (out of range)
        "for i in T.serial(0, n, nothing=|": 6,  # no such keyword, no **kwargs: none
    }
    for body, expected in cases.items():
        assert active(server, body) == (SERIAL, expected), body
    assert active(server, 'x = T.min("a,(b", |') == ("T.min(a, b)", 1)
    assert active(server, "x = T.min('a\\'', |") == ("T.min(a, b)", 1)


def test_nested_namespace_calls_answer_the_innermost(server) -> None:
    assert active(server, "for i in T.serial(T.min(n, |") == ("T.min(a, b)", 1)
    assert active(server, "for i in T.serial(T.min(n, 4), |") == (SERIAL, 1)
    assert active(server, "for i in T.serial(\n    0,\n    |") == (SERIAL, 1)  # over lines


def test_varargs_and_kwargs(server) -> None:
    grid = "T.grid(*extents, dtype=None)"
    assert active(server, "for i, j in T.grid(4, 8, |") == (grid, 0)
    assert active(server, "for i, j in T.grid(4, dtype=|") == (grid, 1)
    extern = "T.call_extern(*args, attrs=None, ty_args=None, ty=None, **kwargs)"
    assert active(server, 'T.evaluate(T.call_extern("int32", "f", |') == (extern, 0)
    assert active(server, 'T.evaluate(T.call_extern("int32", other=|') == (extern, 4)


def test_nothing_outside_namespace_calls_strings_and_comments(server) -> None:
    for body in ('x = "T.serial(0, |"', "# T.serial(0, |", "for i in range(0, |",
                 "x = np.min(1, |", "x = T.nothing(1, |", "x = T.min(1, 2)|", "x = (1, |",
                 'x = T.min("a|'):
        assert help_at(server, body) is None, body


def test_an_alias_of_something_else_gives_nothing(server) -> None:
    header = HEADER.replace("from tvm_tirx.script import tirx as T\n",
                            "from tvm_tirx.script import tirx as T\nimport numpy as T\n")
    assert help_at(server, "x = T.min(1, |", header=header) is None
    header = HEADER.replace("from tvm_tirx.script import tirx as T\n",
                            "from tvm_tirx.script import tirx as T\n"
                            "import tvm_tirx.script.tirx as tx\n")
    result = help_at(server, "x = tx.min(1, |", header=header)
    assert result["signatures"][0]["label"] == "tx.min(a, b)"
    assert result["signatures"][0]["parameters"] == [{"label": [7, 8]}, {"label": [10, 11]}]


def test_hostile_positions_and_a_long_line(server) -> None:
    long_body = "x = T.min(" + " + ".join(["1"] * 2500) + ", |"
    assert len(long_body) > 10000
    started = time.monotonic()
    assert active(server, long_body) == ("T.min(a, b)", 1)
    assert time.monotonic() - started < 1.0
    # 64 KiB of open brackets before the cursor: the scan gives up, the server answers.
    assert help_at(server, "x = T.min(" + "(" * 70000 + "|") is None
    for position in ({"line": 999, "character": 0}, {"line": 5, "character": 10**6}):
        reply = server.call("textDocument/signatureHelp", {"textDocument": {"uri": URI},
                                                           "position": position})
        assert "error" not in reply, reply
    reply = server.call("textDocument/signatureHelp", {
        "textDocument": {"uri": "file:///nothing.py"}, "position": {"line": 0, "character": 0}})
    assert reply["error"] == {"code": -32602, "message": "file:///nothing.py is not open"}
    server.open("file:///plain.py", "import numpy as T\nT.min(1, \n")
    reply = server.call("textDocument/signatureHelp", {
        "textDocument": {"uri": "file:///plain.py"}, "position": {"line": 1, "character": 9}})
    assert reply["result"] is None


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_multibyte_text_before_the_cursor(encoding) -> None:
    process = Server()
    try:
        process.initialize({"general": {"positionEncodings": [encoding]}})
        deadline = time.monotonic() + 20
        line = 'x = T.min("é😀", '
        width = len(line.encode("utf-8")) if encoding == "utf-8" else \
            len(line.encode("utf-16-le")) // 2
        process.open(URI, HEADER + "    " + line + "\n")
        while True:
            reply = process.call("textDocument/signatureHelp", {
                "textDocument": {"uri": URI}, "position": {"line": 5, "character": 4 + width}})
            if reply["result"] is not None or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        signature = reply["result"]["signatures"][0]
        assert (signature["label"], signature["activeParameter"]) == ("T.min(a, b)", 1)
        assert signature["documentation"]["kind"] == "plaintext"  # the client said none
        # Inside the string, after the emoji: none.
        inside = 4 + (len('x = T.min("é😀'.encode("utf-8")) if encoding == "utf-8" else 14)
        reply = process.call("textDocument/signatureHelp", {
            "textDocument": {"uri": URI}, "position": {"line": 5, "character": inside}})
        assert reply["result"] is None
    finally:
        process.close()
