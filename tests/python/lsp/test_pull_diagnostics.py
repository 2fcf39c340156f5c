"""Pull diagnostics (LSP 3.17 `textDocument/diagnostic`, issue 11 item 4): declared only to
clients with `textDocument.diagnostic`, who then never get `publishDiagnostics`; result ids
and `unchanged`; `workspace/diagnostic/refresh` when trust or settings change."""

from __future__ import annotations

import pytest

from lsp_server_client import Server

BAD = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
       "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = nothing\n")
GOOD = BAD.replace("nothing", "1")
URI = "file:///pull/a.py"
PULL = {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}
NAME_ERROR = {"range": {"start": {"line": 4, "character": 11},
                        "end": {"line": 4, "character": 18}},
              "severity": 1, "source": "tvm-lsp", "code": "name-error",
              "message": "name 'nothing' is not defined"}


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)


def start(capabilities) -> tuple:
    server = Server()
    reply = server.initialize(capabilities)
    return server, reply["result"]["capabilities"]


def pull(server: Server, uri: str = URI, previous=None, timeout: float = 15.0) -> dict:
    params = {"textDocument": {"uri": uri}}
    if previous is not None:
        params["previousResultId"] = previous
    return server.call("textDocument/diagnostic", params, timeout)


def pushed(server: Server) -> list:
    return [m for m in server.received if m.get("method") == "textDocument/publishDiagnostics"]


def test_the_provider_is_declared_only_to_clients_that_pull() -> None:
    server, capabilities = start(PULL)
    try:
        assert capabilities["diagnosticProvider"] == {
            "identifier": "tvm-lsp", "interFileDependencies": False,
            "workspaceDiagnostics": False}
    finally:
        server.close()
    server, capabilities = start({})
    try:
        assert "diagnosticProvider" not in capabilities
        # A pull anyway gets an error at once, not a wait on an answer that never comes
        # (found by tests/fuzz/fuzz_server.py); its diagnostics stay pushed.
        server.open(URI, BAD)
        assert pull(server)["error"] == {
            "code": -32601,
            "message": "textDocument/diagnostic is not offered: the client did not declare "
                       "textDocument.diagnostic, so diagnostics are pushed"}
        assert server.diagnostics(URI)["diagnostics"] == [NAME_ERROR]
    finally:
        server.close()


def test_a_pulling_client_gets_reports_and_never_pushed_diagnostics() -> None:
    server, _ = start(PULL)
    try:
        server.open(URI, BAD)
        first = pull(server)
        assert first["result"] == {"kind": "full", "resultId": "1", "items": [NAME_ERROR]}
        # The same result again: unchanged.
        assert pull(server, previous="1")["result"] == {"kind": "unchanged", "resultId": "1"}
        # A stale id gets the full report.
        assert pull(server, previous="0")["result"]["items"] == [NAME_ERROR]
        # After a change the pull waits for the new version's analysis.
        server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                 "contentChanges": [{"text": GOOD}]})
        assert pull(server, previous="1")["result"] == {"kind": "full", "resultId": "2",
                                                        "items": []}
        server.quiet(0.3)
        assert pushed(server) == []
        assert server.stop() == 0
    finally:
        server.close()


def test_a_file_that_is_not_tvmscript_gets_an_empty_report() -> None:
    server, _ = start(PULL)
    try:
        server.open("file:///pull/plain.py", "print('hello')\n")
        assert pull(server, "file:///pull/plain.py")["result"] == {"kind": "full", "items": []}
    finally:
        server.close()


def test_a_document_that_is_not_open_is_an_invalid_params_error() -> None:
    server, _ = start(PULL)
    try:
        assert pull(server, "file:///pull/none.py")["error"] == {
            "code": -32602, "message": "file:///pull/none.py is not open"}
        assert server.call("textDocument/diagnostic", {"textDocument": {}})["error"] == {
            "code": -32602, "message": "params.textDocument.uri: expected a string, got nothing"}
    finally:
        server.close()


def test_a_waiting_pull_can_be_cancelled_and_a_closed_document_answers_empty() -> None:
    server, _ = start(PULL)
    try:
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"debounceMs": 3000}}})
        server.open(URI, BAD)
        pull(server)
        server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                 "contentChanges": [{"text": GOOD}]})
        waiting = server.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
        server.notify("$/cancelRequest", {"id": waiting})
        assert server.reply(waiting)["error"] == {"code": -32800,
                                                  "message": "the request was cancelled"}
        waiting = server.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
        server.notify("textDocument/didClose", {"textDocument": {"uri": URI}})
        assert server.reply(waiting)["result"] == {"kind": "full", "resultId": "2", "items": []}
    finally:
        server.close()


def test_with_diagnostics_on_save_a_pull_answers_the_last_saved_analysis() -> None:
    server, _ = start(PULL)
    try:
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"diagnostics": {"on": "save"}}}})
        server.open(URI, BAD)
        assert pull(server)["result"]["items"] == [NAME_ERROR]
        server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                 "contentChanges": [{"text": GOOD}]})
        assert pull(server, previous="1")["result"] == {"kind": "unchanged", "resultId": "1"}
        server.notify("textDocument/didSave", {"textDocument": {"uri": URI}})
        server.quiet(0.5)
        assert pull(server, previous="1")["result"]["items"] == []
    finally:
        server.close()


def test_trust_and_settings_changes_ask_the_client_to_pull_again() -> None:
    server, _ = start({**PULL, "workspace": {"diagnostics": {"refreshSupport": True}}})
    try:
        server.open(URI, BAD)
        pull(server)
        for notification in [("tvmscript/setTrust", {"trusted": True}),
                             ("workspace/didChangeConfiguration",
                              {"settings": {"tvmscript": {"diagnostics.on": "save"}}})]:
            server.notify(*notification)
            refresh = server.next_message(
                lambda m: m.get("method") == "workspace/diagnostic/refresh")
            assert "params" not in refresh and isinstance(refresh["id"], str)
            server.send({"id": refresh["id"], "result": None})
        # After the trust change the document was analysed again, trusted.
        assert pull(server)["result"]["items"] == [NAME_ERROR]
    finally:
        server.close()


def test_without_refresh_support_no_refresh_is_sent() -> None:
    server, _ = start(PULL)
    try:
        server.open(URI, BAD)
        pull(server)
        server.notify("tvmscript/setTrust", {"trusted": True})
        assert pull(server)["result"]["items"] == [NAME_ERROR]
        assert not [m for m in server.quiet(0.3) + server.received
                    if m.get("method") == "workspace/diagnostic/refresh"]
    finally:
        server.close()
