"""A module symbol (`n = T.dynamic("n")`, module code outside every definition) is an occurrence
at its assignment: references with the declaration reach it, highlights mark it as the write,
and a rename, asked from a use or from the assignment itself, edits it with every use (before,
the assignment was left behind and the renamed program no longer ran)."""

from __future__ import annotations

from lsp_server_client import Server

URI = "file:///ms/kernels.py"
TEXT = ('from tvm_tirx.script import tirx as T\n'
        'n = T.dynamic("n")\n\n'
        '@T.function\ndef f(A: T.Tensor((n,), T.int32)):\n    A[0] = 1\n\n'
        '@T.function\ndef g(B: T.Tensor((n,), T.int32)):\n    B[0] = 2\n')


def span(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def at(line: int, character: int, **extra) -> dict:
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character},
            **extra}


def test_the_assignment_of_a_module_symbol_is_found_highlighted_and_renamed() -> None:
    server = Server()
    try:
        server.initialize({"textDocument": {"rename": {"prepareSupport": True}}})
        server.open(URI, TEXT)
        assert server.diagnostics(URI)["diagnostics"] == []
        definition, in_f, in_g = span(1, 0, 1), span(4, 19, 20), span(8, 19, 20)
        assert server.call("textDocument/references", at(
            4, 19, context={"includeDeclaration": True}))["result"] == [
            {"uri": URI, "range": r} for r in (definition, in_f, in_g)]
        assert server.call("textDocument/references", at(
            1, 0, context={"includeDeclaration": False}))["result"] == [
            {"uri": URI, "range": r} for r in (in_f, in_g)]
        assert server.call("textDocument/documentHighlight", at(4, 19))["result"] == [
            {"range": definition, "kind": 3}, {"range": in_f, "kind": 2},
            {"range": in_g, "kind": 2}]
        # From a use and from the assignment: the same edits.
        for line, character in ((4, 19), (1, 0)):
            assert server.call("textDocument/prepareRename", at(line, character))["result"] == {
                "range": span(line, character, character + 1), "placeholder": "n"}
            assert server.call("textDocument/rename", at(line, character, newName="size"))[
                "result"] == {"changes": {URI: [{"range": r, "newText": "size"}
                                                for r in (definition, in_f, in_g)]}}
        assert server.call("textDocument/definition", at(8, 19))["result"] == [
            {"uri": URI, "range": definition}]
    finally:
        server.close()
