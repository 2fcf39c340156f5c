"""Diagnostics on open and on change, pushed to VS Code 1.65's set (no textDocument.diagnostic)
and pulled by vscode-languageclient 11's (never both), with `# tvm-lsp: ignore[...]`, trust
advice, and nothing for files without TVMScript."""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

import vscode_session as vs

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture()

BAD = vs.UNFORMATTED.replace("A[i]+1", "nothing + 1")
NAME_ERROR = {"range": vs.json_range(6, 15, 6, 22), "message": "name 'nothing' is not defined",
              "severity": 1, "code": "name-error", "source": "tvm-lsp"}
UNTRUSTED = ('from tvm_tirx.script import tirx as T\n\nSIZE = int("4")\n\n\n@T.function\n'
             'def f(A: T.Tensor((SIZE,), "int32")):\n    A[0] = 1\n')
ADVICE = ("To run this file's Python, grant trust: trust the workspace in the editor (it sends "
          "tvmscript/setTrust), list the folder in trusted-folders of "
          "~/.config/tvm-lsp/config.toml, or start the server with --trusted.")


async def test_an_error_on_open_then_fixed_and_broken_again_by_edits(client) -> None:
    uri = vs.open_document(client, "bad", BAD)
    assert await vs.diagnostics(client, uri, 1) == [NAME_ERROR]
    vs.change_document(client, uri, 2, (6, 15), (6, 22), "A[i]")  # B[i] = A[i] + 1
    assert await vs.diagnostics(client, uri, 2) == []
    vs.change_document(client, uri, 3, (6, 8), (6, 9), "C")  # C[i] = A[i] + 1
    assert await vs.diagnostics(client, uri, 3) == [{
        "range": vs.json_range(6, 8, 6, 9), "message": "name 'C' is not defined",
        "severity": 1, "code": "name-error", "source": "tvm-lsp"}]
    vs.close_document(client, uri)


async def test_pushed_or_pulled_as_the_capabilities_say_never_both(client) -> None:
    uri = vs.open_document(client, "either", BAD)
    assert await vs.diagnostics(client, uri, 1) == [NAME_ERROR]
    vs.change_document(client, uri, 2, (6, 15), (6, 22), "A[i]")
    assert await vs.diagnostics(client, uri, 2) == []
    pushed = [(push.version, vs.plain(push.diagnostics)) for push in client.pushes
              if push.uri == uri]
    if client.set_name == "languageclient-11":
        assert vs.pulls(client)
        assert pushed == []
        # the same items again: `unchanged` with the id of the last full report
        first = await vs.ask(client, client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))))
        again = await vs.ask(client, client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri),
                                           previous_result_id=first["resultId"])))
        assert first["kind"] == "full" and first["items"] == []
        assert again == {"kind": "unchanged", "resultId": first["resultId"]}
    else:
        assert not vs.pulls(client)
        assert pushed == [(1, [NAME_ERROR]), (2, [])]  # each with the version it is about
    vs.close_document(client, uri)


async def test_an_ignore_comment_suppresses_its_code_on_its_line(client) -> None:
    ignored = BAD.replace("nothing + 1\n", "nothing + 1  # tvm-lsp: ignore[name-error]\n")
    uri = vs.open_document(client, "ignored", ignored)
    assert await vs.diagnostics(client, uri, 1) == []
    vs.close_document(client, uri)


async def test_untrusted_module_code_is_information_with_advice(client) -> None:
    uri = vs.open_document(client, "untrusted", UNTRUSTED)
    diagnostic = {
        "range": vs.json_range(6, 19, 6, 23),
        "message": ("`SIZE`, which the file binds with Python, is not evaluated in untrusted "
                    "TVMScript (only the file's TVMScript definitions, their symbols and imports "
                    "of script namespaces are; trust the workspace to run its Python). " + ADVICE),
        "severity": 3, "code": "untrusted-not-evaluated", "source": "tvm-lsp"}
    assert await vs.diagnostics(client, uri, 1) == [diagnostic]
    actions = await vs.ask(client, client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=vs.span(6, 19, 6, 19),
        context=types.CodeActionContext(diagnostics=[]))))
    assert actions == [{"title": "How to trust this workspace", "kind": "quickfix",
                        "diagnostics": [diagnostic], "disabled": {"reason": ADVICE}}]
    vs.close_document(client, uri)


async def test_a_file_without_tvmscript_gets_nothing(client) -> None:
    plain = vs.open_document(client, "plain", "def f(x):\n    return nothing\n")
    uri = vs.open_document(client, "after", BAD)
    assert await vs.diagnostics(client, uri, 1) == [NAME_ERROR]
    if vs.pulls(client):
        report = await vs.ask(client, client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=plain))))
        assert report["kind"] == "full" and report["items"] == []
    await asyncio.sleep(0.2)
    assert [push for push in client.pushes if push.uri == plain] == []
    vs.close_document(client, plain)
    vs.close_document(client, uri)


async def test_a_namespace_alias_used_without_any_import_is_not_reported(client) -> None:
    # Gap (issue 11, item 5: "the fixes that diagnostics carry (add the missing namespace
    # import)"): with no import at all, `@T.function` makes the file TVMScript for the server
    # (`tvm-lsp check` counts it), but the analysis binds no `T`, finds no definition and says
    # nothing, so the user gets neither the NameError Python would raise nor the import fix.
    # With another namespace imported (`as S`), the fix comes (test_code_actions.py).
    uri = vs.open_document(client, "noimport",
                           '@T.function\ndef f(A: T.Tensor((4,), "int32")):\n    A[0] = 1\n')
    assert await vs.diagnostics(client, uri, 1) == []
    actions = await vs.ask(client, client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=vs.span(0, 1, 0, 1),
        context=types.CodeActionContext(diagnostics=[]))))
    assert actions == []
    vs.close_document(client, uri)
