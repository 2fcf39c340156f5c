"""``textDocument/codeAction`` on the real server and worker: the fixes diagnostics carry
(quotes, a missing namespace import), trust advice for ``untrusted-not-evaluated``, migration
of Apache TVM's spelling (one definition, the file), formatting as an action, and "show
canonical IR" (issue 11, item 5)."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

APACHE = ('from tvm.script import tir as T\n\n\n@T.prim_func\n'
          'def g(A: T.Buffer((4,), "int32")):\n    for i in T.serial(4):\n        A[i] = 1\n\n\n'
          '@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    x = A[0]\n    A[1] = x\n')
G = "@T.function\ndef g(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n"
QUOTED = ('from tvm_tirx.script import tirx as T\n\n\n@T.function\n'
          'def f(A: "T.Tensor((4,), T.int32)"):\n    A[0] = 1\n')
NO_IMPORT = ("from tvm_tirx.script import tirx as S\n@S.function\n"
             "def f(A: S.Tensor((4,), S.int32)):\n    A[0] = T.int32(1)\n")
TRUST = ("from tvm_tirx.script import tirx as T\nSIZE = len('four')\n\n@T.function\n"
         "def f(A: T.Tensor((SIZE,), T.int32)):\n    A[0] = 1\n")


def span(line, start, end_line, end):
    return {"start": {"line": line, "character": start},
            "end": {"line": end_line, "character": end}}


@pytest.fixture
def server():
    process = Server()
    process.initialize()
    yield process
    process.close()


def actions(server, uri, text, at, only=None):
    server.open(uri, text)
    diagnostics = server.diagnostics(uri)["diagnostics"]
    params = {"textDocument": {"uri": uri}, "range": at,
              "context": {"diagnostics": diagnostics}}
    if only is not None:
        params["context"]["only"] = only
    reply = server.call("textDocument/codeAction", params)
    assert "result" in reply, reply
    return reply["result"], diagnostics


def apply(text, edits):
    """The text after LSP edits (ASCII texts: characters are bytes)."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))

    def offset(position):
        return offsets[position["line"]] + position["character"]
    for edit in sorted(edits, key=lambda e: offset(e["range"]["start"]), reverse=True):
        text = (text[:offset(edit["range"]["start"])] + edit["newText"]
                + text[offset(edit["range"]["end"]):])
    return text


def test_capabilities_name_the_kinds_and_commands(server) -> None:
    reply = Server()
    try:
        capabilities = reply.initialize()["result"]["capabilities"]
    finally:
        reply.close()
    assert capabilities["codeActionProvider"] == {"codeActionKinds": [
        "quickfix", "refactor.rewrite.tvmscript.migrate", "source.migrate.tvmscript",
        "source.format.tvmscript"]}
    assert capabilities["executeCommandProvider"] == {
        "commands": ["tvmscript.showCanonicalIR", "tvmscript.checkRoundTrip"]}


def test_the_quotes_fix_a_diagnostic_carries(server) -> None:
    uri = "file:///quoted.py"
    result, diagnostics = actions(server, uri, QUOTED, span(4, 12, 4, 12), ["quickfix"])
    assert result == [{
        "title": "Remove the quotes", "kind": "quickfix", "isPreferred": True,
        "diagnostics": diagnostics,
        "edit": {"changes": {uri: [{"range": span(4, 9, 4, 34),
                                    "newText": "T.Tensor((4,), T.int32)"}]}}}]
    # a range away from the diagnostic gets no fix
    assert actions(server, uri, QUOTED, span(5, 4, 5, 4), ["quickfix"])[0] == []


def test_the_missing_import_fix(server) -> None:
    uri = "file:///noimport.py"
    result, diagnostics = actions(server, uri, NO_IMPORT, span(3, 11, 3, 11), ["quickfix"])
    assert [d["code"] for d in diagnostics] == ["name-error"]
    assert result == [{
        "title": "Import `T` (`from tvm_tirx.script import tirx as T`)", "kind": "quickfix",
        "isPreferred": True, "diagnostics": diagnostics,
        "edit": {"changes": {uri: [{"range": span(0, 0, 0, 0),
                                    "newText": "from tvm_tirx.script import tirx as T\n"}]}}}]


def test_untrusted_not_evaluated_says_how_to_grant_trust(server) -> None:
    uri = "file:///trust.py"
    result, diagnostics = actions(server, uri, TRUST, span(4, 20, 4, 20))
    assert result[0] == {
        "title": "How to trust this workspace", "kind": "quickfix",
        "diagnostics": diagnostics,
        "disabled": {"reason": (
            "To run this file's Python, grant trust: trust the workspace in the editor (it "
            "sends tvmscript/setTrust), list the folder in trusted-folders of "
            "~/.config/tvm-lsp/config.toml, or start the server with --trusted.")}}
    assert "edit" not in result[0] and "command" not in result[0]


def test_migrate_one_definition_and_the_file(server) -> None:
    uri = "file:///apache.py"
    result, _ = actions(server, uri, APACHE, span(5, 8, 5, 8))
    migrate_g = {"title": "Migrate g to the canonical spelling",
                 "kind": "refactor.rewrite.tvmscript.migrate",
                 "edit": {"changes": {uri: [{"range": span(3, 0, 6, 0), "newText": G}]}}}
    assert result == [
        migrate_g,
        {**migrate_g, "title": "Migrate the file to the canonical spelling (1 definition)",
         "kind": "source.migrate.tvmscript"},
        # g is formatted in its own (Apache TVM 0.27's) spelling, f canonically
        {"title": "Format the TVMScript definitions", "kind": "source.format.tvmscript",
         "edit": {"changes": {uri: [{"range": span(5, 0, 6, 0),
                                     "newText": "    for i in range(4):\n"},
                                    {"range": span(11, 0, 12, 0),
                                     "newText": "    x: T.let[T.int32] = A[0]\n"}]}}},
        {"title": "Show the canonical IR of g",
         "command": {"title": "Show the canonical IR of g",
                     "command": "tvmscript.showCanonicalIR",
                     "arguments": [{"uri": uri, "position": {"line": 5, "character": 8}}]}}]
    # `only` filters by kind, a kind covering its sub-kinds
    assert actions(server, uri, APACHE, span(5, 8, 5, 8), ["refactor"])[0] == [migrate_g]
    # in f (canonical already) there is no migration of a definition
    in_f = actions(server, uri, APACHE, span(11, 4, 11, 4), ["refactor.rewrite"])[0]
    assert in_f == []
    # the migrated text reads back clean, and formatting then leaves g alone
    migrated = apply(APACHE, migrate_g["edit"]["changes"][uri])
    server.open("file:///migrated.py", migrated)
    assert server.diagnostics("file:///migrated.py")["diagnostics"] == []
    edits = server.call("textDocument/formatting", {
        "textDocument": {"uri": "file:///migrated.py"},
        "options": {"tabSize": 4, "insertSpaces": True}})["result"]
    assert [e["range"]["start"]["line"] for e in edits] == [11]  # only f's bind


def test_a_definition_that_cannot_be_migrated_says_why(server) -> None:
    text = APACHE.replace('def g(A: T.Buffer((4,), "int32")):\n',
                          'def g(A: T.Buffer((4,), "int32"),\n      B: T.Buffer((4,), "int32")):\n'
                          '    # between the header and the body\n')
    uri = "file:///stuck.py"
    # Neither formatting nor migration can place the comment: no migration is offered (the
    # formatter's own verdict says why), and the file's migration has nothing to do.
    result, _ = actions(server, uri, text, span(4, 0, 4, 0), ["refactor.rewrite.tvmscript"])
    assert result == []
    assert actions(server, uri, text, span(4, 0, 4, 0), ["source.migrate"])[0] == []
    # An older release's spelling (`T.block`), which formatting leaves alone, can be migrated;
    # when migration declines too, the action is disabled with why.
    older = APACHE.replace("    for i in T.serial(4):\n        A[i] = 1\n",
                           "    for i in T.serial(4):\n        with T.block(\"b\"):\n"
                           "            A[i] = 1\n")
    older_stuck = older.replace('def g(A: T.Buffer((4,), "int32")):\n',
                                'def g(A: T.Buffer((4,), "int32"),\n      B: T.Buffer((4,), '
                                '"int32")):\n    # between the header and the body\n')
    result, _ = actions(server, "file:///older.py", older_stuck, span(4, 0, 4, 0),
                        ["refactor.rewrite.tvmscript"])
    assert result == [{
        "title": "Migrate g to the canonical spelling",
        "kind": "refactor.rewrite.tvmscript.migrate",
        "disabled": {"reason": (
            "g cannot be migrated: comments: line 7: it is between the multi-line header of "
            "`g` and its body, where it may be inside the header")}}]


def test_bad_parameters_and_other_files(server) -> None:
    server.open("file:///plain.py", "x = 1\n")
    server.quiet(0.3)
    reply = server.call("textDocument/codeAction", {
        "textDocument": {"uri": "file:///plain.py"}, "range": span(0, 0, 0, 0),
        "context": {"diagnostics": []}})
    assert reply["result"] == []
    reply = server.call("textDocument/codeAction", {
        "textDocument": {"uri": "file:///plain.py"}, "range": span(0, 0, 0, 0),
        "context": {"diagnostics": [], "only": ["quickfix", 3]}})
    assert reply["error"] == {"code": -32602,
                              "message": "params.context.only[1]: expected a string, got an integer"}
    reply = server.call("textDocument/codeAction", {
        "textDocument": {"uri": "file:///nowhere.py"}, "range": span(0, 0, 0, 0),
        "context": {"diagnostics": []}})
    assert reply["error"] == {"code": -32602, "message": "file:///nowhere.py is not open"}
    reply = server.call("textDocument/codeAction", {
        "textDocument": {"uri": "file:///plain.py"}, "range": {"start": 1},
        "context": {"diagnostics": []}})
    assert reply["error"]["code"] == -32602
    assert reply["error"]["message"].startswith("params.range.")
