"""The real ``tvm-lsp --stdio`` with the real analysis worker: documents (full and incremental
sync, versions), which documents are analysed, and the diagnostics pushed for them, with
positions in the negotiated encoding (issue 11, items 4 and 5)."""

from __future__ import annotations

import json

import pytest

from lsp_server_client import Server, frame

HEADER = "from tvm_tirx.script import tirx as T\n\n@T.function\n"
# `undefined_name` starts at UTF-8 byte 25, UTF-16 unit 22, code point 21 of line 5.
WIDE = HEADER + 'def f(A: T.Tensor((4,), T.int32)):\n    x = "é😀"; A[0] = undefined_name\n'
GOOD = HEADER + "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n"


def name_error(line, start, end, name="undefined_name"):
    return {"range": {"start": {"line": line, "character": start},
                      "end": {"line": line, "character": end}},
            "severity": 1, "source": "tvm-lsp", "code": "name-error",
            "message": f"name '{name}' is not defined"}


@pytest.fixture
def server():
    process = Server()
    process.initialize()
    yield process
    process.close()


def start(encodings):
    process = Server()
    reply = process.initialize({"general": {"positionEncodings": encodings}})
    return process, reply["result"]["capabilities"]["positionEncoding"]


@pytest.mark.parametrize("encodings, start_column, end_column", [
    (["utf-16"], 22, 36), (["utf-8"], 25, 39), (["utf-32"], 21, 35)])
def test_did_open_publishes_the_exact_diagnostics_in_the_negotiated_encoding(
        encodings, start_column, end_column) -> None:
    process, chosen = start(encodings)
    try:
        assert chosen == encodings[0]
        process.open("file:///wide.py", WIDE, version=3)
        published = process.diagnostics("file:///wide.py")
        assert published == {"uri": "file:///wide.py", "version": 3,
                             "diagnostics": [name_error(4, start_column, end_column)]}
        assert process.stop() == 0
    finally:
        process.close()


def test_a_lone_surrogate_keeps_utf16_columns_right(server) -> None:
    # The client's text holds a lone surrogate (VS Code sends them for real documents); it
    # arrives as the escape \ud800, becomes U+FFFD (one UTF-16 unit, three UTF-8 bytes), and the
    # columns after it are still the client's.
    text = HEADER + 'def f(A: T.Tensor((4,), T.int32)):\n    x = "\ud800"; A[0] = undefined_name\n'
    server.write(frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": "file:///lone.py", "languageId": "python", "version": 1,
                         "text": text}}}).encode()))
    published = server.diagnostics("file:///lone.py")
    assert published["diagnostics"] == [name_error(4, 20, 34)]


def test_a_file_without_tvmscript_gets_nothing(server) -> None:
    server.open("file:///plain.py", "import numpy\n\nx = undefined_name\n")
    server.open("file:///relax.py", "from tvm.script import relax as R\n\nx = undefined\n")
    server.open("file:///notes.txt", WIDE, language="plaintext")
    server.open("file:///wide.py", WIDE)  # analysed: its diagnostics come after the others'
    published = server.diagnostics("file:///wide.py")
    assert published["diagnostics"] == [name_error(4, 22, 36)]
    others = [m for m in server.received if m.get("method") == "textDocument/publishDiagnostics"
              and m["params"]["uri"] != "file:///wide.py"]
    assert others == []


@pytest.mark.parametrize("source", [
    "from tvm.script import tir as T\n",
    "from tvm.script import ir as I, tir as T\n",
    "from tvm_tirx.script import (\n    tirx as T,\n)\n",
    "import tvm_tirx.script\n",
    "from tvm_tirx import script\n",
    "from tvm.script.parser import tir as T\n",
    "@T.prim_func\ndef f():\n    pass\n",
    "import tvm\n\n@tvm.script.ir_module\nclass M:\n    pass\n",
])
def test_tvmscript_is_recognised_by_imports_and_decorators(server, source) -> None:
    server.open("file:///m.py", source + "x = 1\n")
    assert server.diagnostics("file:///m.py")["version"] == 1


def test_incremental_edits_and_versions(server) -> None:
    server.open("file:///e.py", GOOD, version=1)
    assert server.diagnostics("file:///e.py") == {"uri": "file:///e.py", "version": 1,
                                                  "diagnostics": []}
    # Replace `1` (line 4, UTF-16 column 11) by `y`, then insert `é` before it in a second change
    # of the same notification (read against the text the first one left).
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": "file:///e.py", "version": 2},
        "contentChanges": [
            {"range": {"start": {"line": 4, "character": 11},
                       "end": {"line": 4, "character": 12}}, "text": "y"},
            {"range": {"start": {"line": 4, "character": 11},
                       "end": {"line": 4, "character": 11}}, "text": "é + "},
        ]})
    published = server.diagnostics("file:///e.py")
    assert published["version"] == 2
    assert [d["code"] for d in published["diagnostics"]] == ["name-error"]
    assert published["diagnostics"][0]["message"] == "name 'é' is not defined"
    assert published["diagnostics"][0]["range"] == {"start": {"line": 4, "character": 11},
                                                    "end": {"line": 4, "character": 12}}
    # A whole-text change, then the file stops being TVMScript: its diagnostics are cleared.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": "file:///e.py", "version": 3},
        "contentChanges": [{"text": GOOD.replace("A[0] = 1", "A[0] = zz")}]})
    published = server.diagnostics("file:///e.py")
    assert (published["version"], published["diagnostics"][0]["message"]) == (
        3, "name 'zz' is not defined")
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": "file:///e.py", "version": 4},
        "contentChanges": [{"text": "x = zz\n"}]})
    assert server.diagnostics("file:///e.py") == {"uri": "file:///e.py", "version": 4,
                                                  "diagnostics": []}
    server.notify("textDocument/didClose", {"textDocument": {"uri": "file:///e.py"}})
    assert server.stop() == 0


def test_only_the_newest_version_is_published_while_typing(server) -> None:
    server.open("file:///t.py", GOOD, version=1)
    for version in range(2, 12):
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": "file:///t.py", "version": version},
            "contentChanges": [{"text": GOOD.replace("A[0] = 1", f"A[0] = v{version}")}]})
    published = server.diagnostics("file:///t.py")
    while published["version"] != 11:
        assert published["version"] < 11
        published = server.diagnostics("file:///t.py")
    assert published["diagnostics"][0]["message"] == "name 'v11' is not defined"
    assert server.quiet(0.5) == [] or all(
        m["params"]["version"] == 11 for m in server.received
        if m.get("method") == "textDocument/publishDiagnostics" and
        m is not published and m["params"].get("version", 0) > 11)


def test_closing_clears_the_diagnostics(server) -> None:
    server.open("file:///c.py", WIDE)
    assert server.diagnostics("file:///c.py")["diagnostics"]
    server.notify("textDocument/didClose", {"textDocument": {"uri": "file:///c.py"}})
    assert server.diagnostics("file:///c.py") == {"uri": "file:///c.py", "version": 1,
                                                  "diagnostics": []}


def test_invalid_utf8_in_a_document_is_served(server) -> None:
    # Bytes that are not UTF-8 inside the JSON text: each becomes U+FFFD, and the document is
    # analysed as if the client had sent that character.
    text = WIDE.replace("é😀", "@@")
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": "file:///bytes.py", "languageId": "python", "version": 1,
                         "text": text}}}).encode().replace(b"@@", b"\xff\xc3")
    server.write(frame(body))
    # 4 + len('x = "') + 2 U+FFFD + len('"; A[0] = ') UTF-16 units.
    assert server.diagnostics("file:///bytes.py")["diagnostics"] == [name_error(4, 21, 35)]


def test_positions_past_the_end_are_clamped(server) -> None:
    server.open("file:///p.py", GOOD)
    server.diagnostics("file:///p.py")
    # An edit far past the last line appends; one past a line's end stops at that end.
    server.notify("textDocument/didChange", {
        "textDocument": {"uri": "file:///p.py", "version": 2},
        "contentChanges": [
            {"range": {"start": {"line": 4, "character": 999},
                       "end": {"line": 4, "character": 999}}, "text": " + q"},
            {"range": {"start": {"line": 99, "character": 0},
                       "end": {"line": 120, "character": 5}}, "text": "# end\n"}]})
    published = server.diagnostics("file:///p.py")
    assert published["diagnostics"] == [name_error(4, 15, 16, "q")]
    hover = server.call("textDocument/hover", {"textDocument": {"uri": "file:///p.py"},
                                               "position": {"line": 500, "character": 500}})
    assert hover["result"] is None


TRUST_PROBE = ("from tvm_tirx.script import tirx as T\nSIZE = len('four')\n\n@T.function\n"
               "def f(A: T.Tensor((SIZE,), T.int32)):\n    A[0] = 1\n")


def test_trust_is_off_by_default_and_no_workspace_file_turns_it_on(tmp_path) -> None:
    settings = tmp_path / ".vscode"
    settings.mkdir()
    (settings / "settings.json").write_text('{"tvm-lsp.trusted": true, "tvmscript.trust": true}')
    (tmp_path / "pyproject.toml").write_text("[tool.tvm-lsp]\ntrusted = true\n")
    process = Server()
    try:
        process.call("initialize", {"processId": None, "rootUri": tmp_path.as_uri(),
                                    "workspaceFolders": [{"uri": tmp_path.as_uri(),
                                                          "name": "w"}],
                                    "capabilities": {}})
        process.notify("initialized", {})
        uri = (tmp_path / "t.py").as_uri()
        process.open(uri, TRUST_PROBE)
        diagnostics = process.diagnostics(uri)["diagnostics"]
        assert [(d["code"], d["severity"]) for d in diagnostics] == [
            ("untrusted-not-evaluated", 3)]
        assert diagnostics[0]["message"].startswith(
            "`SIZE`, which the file binds with Python, is not evaluated in untrusted TVMScript")
    finally:
        process.close()


def test_trusted_on_the_command_line_runs_module_code() -> None:
    process = Server(["--trusted"])
    try:
        process.initialize()
        process.open("file:///t.py", TRUST_PROBE)
        assert process.diagnostics("file:///t.py")["diagnostics"] == []
        assert process.stop() == 0
        assert "tvm-lsp: trusted (--trusted): module code of analysed files may run" in [
            m["params"]["message"] for m in process.received
            if m.get("method") == "window/logMessage"]
    finally:
        process.close()


def test_an_ignore_comment_suppresses_that_code_on_its_line(server) -> None:
    text = (HEADER + "def f(A: T.Tensor((4,), T.int32)):\n"
            "    A[0] = one  # tvm-lsp: ignore[type-error, name-error]\n"
            "    A[1] = two  # tvm-lsp: ignore[type-error]\n"
            "    A[2] = three\n")
    server.open("file:///i.py", text)
    assert server.diagnostics("file:///i.py")["diagnostics"] == [
        name_error(5, 11, 14, "two"), name_error(6, 11, 16, "three")]
