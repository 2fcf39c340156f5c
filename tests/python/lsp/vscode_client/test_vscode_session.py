"""initialize as VS Code sends it: the capabilities the server declares for each capability set,
its status notification and the workspace index's progress."""

from __future__ import annotations

import asyncio

import pytest

import vscode_session as vs

pytestmark = pytest.mark.asyncio(scope="module")
client = vs.client_fixture()

DECLARED = {
    "positionEncoding": "utf-16",
    "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
    "completionProvider": {"triggerCharacters": ["."], "resolveProvider": True},
    "hoverProvider": True,
    "signatureHelpProvider": {"triggerCharacters": ["(", ","], "retriggerCharacters": [")"]},
    "declarationProvider": True,
    "definitionProvider": True,
    "referencesProvider": True,
    "documentHighlightProvider": True,
    "documentSymbolProvider": True,
    "codeActionProvider": {"codeActionKinds": [
        "quickfix", "refactor.rewrite.tvmscript.migrate", "source.migrate.tvmscript",
        "source.format.tvmscript"]},
    "workspaceSymbolProvider": True,
    "documentFormattingProvider": True,
    "renameProvider": {"prepareProvider": True},
    "foldingRangeProvider": True,
    "selectionRangeProvider": True,
    "executeCommandProvider": {"commands": ["tvmscript.showCanonicalIR",
                                            "tvmscript.checkRoundTrip"]},
    "semanticTokensProvider": {
        "legend": {"tokenTypes": ["tensor", "symbol", "loopVariable", "parameter", "function",
                                  "namespaceMember", "variable"],
                   "tokenModifiers": ["declaration", "readonly", "defaultLibrary"]},
        "range": True, "full": {"delta": True}},
    "inlayHintProvider": True,
}
# Only to vscode-languageclient 11, which declares textDocument.diagnostic and
# notebookDocument.synchronization; VS Code 1.65's set declares neither.
PULL = {"diagnosticProvider": {"identifier": "tvm-lsp", "interFileDependencies": False,
                               "workspaceDiagnostics": False}}
NOTEBOOKS = {"notebookDocumentSync": {
    "notebookSelector": [{"notebook": {"notebookType": "jupyter-notebook"},
                          "cells": [{"language": "python"}]}],
    "save": True}}


async def test_initialize_declares_exactly_what_is_implemented(client) -> None:
    answer = client.initialize_answer
    expected = dict(DECLARED)
    if client.set_name == "languageclient-11":
        expected.update(PULL)
        expected.update(NOTEBOOKS)
    assert answer["capabilities"] == expected
    assert answer["serverInfo"] == {"name": "tvm-lsp", "version": "0.1.0"}


async def test_the_status_says_ready_and_untrusted(client) -> None:
    # untrusted: neither --trusted nor initializationOptions says otherwise
    for _ in range(1500):
        if any(status.state == "ready" for status in client.statuses):
            break
        await asyncio.sleep(0.02)
    states = [{"state": s.state, "trusted": s.trusted, "message": s.message}
              for s in client.statuses]
    assert states[0] == {"state": "starting", "trusted": False,
                         "message": "untrusted: files are analysed without running their code"}
    assert {"state": "ready", "trusted": False,
            "message": "untrusted: files are analysed without running their code"} in states


async def test_the_workspace_index_reports_its_progress(client) -> None:
    # both sets declare window.workDoneProgress: the walk of the workspace folder is reported
    for _ in range(1500):
        reports = [r for token, rs in client.progress_reports.items() for r in rs]
        if any(vs.plain(r).get("kind") == "end" for r in reports):
            break
        await asyncio.sleep(0.02)
    assert list(client.progress_reports) == ["tvm-lsp/index/1"]
    reports = [vs.plain(r) for r in client.progress_reports["tvm-lsp/index/1"]]
    assert reports[0]["kind"] == "begin"
    assert reports[0]["title"] == "Indexing TVMScript"
    assert reports[0]["cancellable"] is False
    assert reports[-1] == {"kind": "end", "message": "1 files with TVMScript, 1 symbols"}
