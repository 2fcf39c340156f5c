"""Code actions (quick fixes, migration, formatting, show canonical IR), the two commands of
workspace/executeCommand, and workspace/symbol over open documents and the indexed workspace."""

from __future__ import annotations

import pytest
from lsprotocol import types

import vscode_session as vs
from vscode_session import document, json_range

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture()

APACHE = ('from tvm.script import tir as T\n\n\n@T.prim_func\n'
          'def g(A: T.Buffer((4,), "int32")):\n    for i in T.serial(4):\n        A[i] = 0\n')
NO_IMPORT = ("from tvm_tirx.script import tirx as S\n@S.function\n"
             "def f(A: S.Tensor((4,), S.int32)):\n    A[0] = T.int32(1)\n")
CANONICAL = ("@T.function\ndef scale(A: T.Tensor((8,), T.float32), B: T.Tensor((8,), T.float32)):\n"
             "    for i in range(8):\n        x: T.let[T.float32] = A[i] * T.float32(2.0)\n"
             "        B[i] = x\n")


async def actions(client, uri: str, line: int, character: int, diagnostics=(), only=None):
    return await vs.ask(client, client.text_document_code_action_async(types.CodeActionParams(
        text_document=document(uri), range=vs.span(line, character, line, character),
        context=types.CodeActionContext(
            diagnostics=[vs.converter().structure(d, types.Diagnostic) for d in diagnostics],
            only=only))))


def show_ir(uri: str, name: str, line: int, character: int) -> dict:
    command = {"title": f"Show the canonical IR of {name}", "command": "tvmscript.showCanonicalIR",
               "arguments": [{"uri": uri, "position": {"line": line, "character": character}}]}
    return {"title": command["title"], "command": command}


async def test_format_and_show_ir_actions(client) -> None:
    uri = await vs.opened(client, "actions", vs.SOURCE)
    assert await actions(client, uri, 6, 8) == [
        {"title": "Format the TVMScript definitions", "kind": "source.format.tvmscript",
         "edit": {"changes": {uri: [{"range": json_range(4, 0, 7, 0), "newText": (
             "def scale(A: T.Tensor((8,), T.float32), B: T.Tensor((8,), T.float32)):\n"
             "    for i in range(8):\n"
             "        x: T.let[T.float32] = A[i] * T.float32(2.0)\n")}]}}},
        show_ir(uri, "scale", 6, 8)]
    # editor.codeActionsOnSave asks for its kind only
    only = await actions(client, uri, 0, 0, only=["source.format.tvmscript"])
    assert [action["title"] for action in only] == ["Format the TVMScript definitions"]
    vs.close_document(client, uri)


async def test_migration_of_apache_spelling(client) -> None:
    uri = await vs.opened(client, "apache", APACHE)
    migrated = {"changes": {uri: [{"range": json_range(3, 0, 6, 0), "newText": (
        "@T.function\ndef g(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n")}]}}
    # formatting keeps Apache TVM's spelling (`T.serial` prints as `range`, as 0.27 prints it)
    formatted = {"changes": {uri: [{"range": json_range(5, 0, 6, 0),
                                    "newText": "    for i in range(4):\n"}]}}
    assert await actions(client, uri, 4, 4) == [
        {"title": "Migrate g to the canonical spelling",
         "kind": "refactor.rewrite.tvmscript.migrate", "edit": migrated},
        {"title": "Migrate the file to the canonical spelling (1 definition)",
         "kind": "source.migrate.tvmscript", "edit": migrated},
        {"title": "Format the TVMScript definitions", "kind": "source.format.tvmscript",
         "edit": formatted},
        show_ir(uri, "g", 4, 4)]
    edits = await vs.ask(client, client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=document(uri), options=types.FormattingOptions(
            tab_size=4, insert_spaces=True))))
    assert [(e["range"]["start"]["line"], e["newText"]) for e in edits] == [
        (5, "    for i in range(4):\n")]
    vs.close_document(client, uri)


async def test_the_missing_import_quick_fix(client) -> None:
    uri = vs.open_document(client, "noimport", NO_IMPORT)
    diagnostics = await vs.diagnostics(client, uri, 1)
    assert diagnostics == [{"range": json_range(3, 11, 3, 12), "message": "name 'T' is not defined",
                            "severity": 1, "code": "name-error", "source": "tvm-lsp"}]
    # VS Code sends the diagnostics under the cursor and asks for quick fixes
    assert await actions(client, uri, 3, 11, diagnostics, only=["quickfix"]) == [{
        "title": "Import `T` (`from tvm_tirx.script import tirx as T`)", "kind": "quickfix",
        "diagnostics": diagnostics, "isPreferred": True,
        "edit": {"changes": {uri: [{"range": json_range(0, 0, 0, 0),
                                    "newText": "from tvm_tirx.script import tirx as T\n"}]}}}]
    vs.close_document(client, uri)


async def test_show_canonical_ir_and_check_round_trip_commands(client) -> None:
    uri = await vs.opened(client, "commands", vs.SOURCE)

    async def command(name: str, *arguments) -> dict:
        return await vs.ask(client, client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=name, arguments=list(arguments))))
    here = {"uri": uri, "position": {"line": 6, "character": 8}}
    assert await command("tvmscript.showCanonicalIR", here) == {"name": "scale", "text": CANONICAL}
    assert await command("tvmscript.checkRoundTrip", here) == {
        "name": "scale", "ok": True, "range": None,
        "message": "scale's canonical print reads back as the same program"}
    assert await vs.refused(client, client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="tvmscript.showCanonicalIR", arguments=[
            {"uri": uri, "position": {"line": 0, "character": 0}}]))) == {
                "code": -32803, "message": "there is no TVMScript definition at line 1"}
    vs.close_document(client, uri)


async def test_workspace_symbols_from_the_index_and_open_documents(client) -> None:
    uri = await vs.opened(client, "symbols", vs.SOURCE)
    indexed = vs.workspace_file(client, "kernels.py")

    async def query(text: str) -> list:
        return await vs.ask(client, client.workspace_symbol_async(
            types.WorkspaceSymbolParams(query=text)))
    assert await query("kern") == [
        {"name": "indexed_kernel", "kind": 12,
         "location": {"uri": indexed, "range": json_range(4, 4, 4, 18)}}]
    assert await query("sc") == [
        {"name": "scale", "kind": 12, "location": {"uri": uri, "range": json_range(4, 4, 4, 9)}}]
    vs.close_document(client, uri)
