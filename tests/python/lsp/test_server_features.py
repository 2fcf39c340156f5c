"""The real ``tvm-lsp --stdio`` answering through the real analysis worker: hover and
formatting with their exact answers, and the error codes of requests that wait on the worker:
-32800 (cancelled), -32801 (the document changed meanwhile), -32603 (no worker)."""

from __future__ import annotations

import os
import pathlib
import signal
import time

import pytest

from lsp_server_client import Server, encode

SOURCE = ('from tvm_tirx.script import tirx as T\n\n@T.function\n'
          'def f(A: T.Tensor((4,), "int32")):\n    for i in range(4):\n'
          '        A[i] = A[i]   +   1\n')
URI = "file:///h.py"


@pytest.fixture
def server():
    process = Server()
    process.initialize()
    process.open(URI, SOURCE)
    assert process.diagnostics(URI) == {"uri": URI, "version": 1, "diagnostics": []}
    yield process
    process.close()


def at(line, character):
    return {"textDocument": {"uri": URI}, "position": {"line": line, "character": character}}


def span(line, start, end_line, end):
    return {"start": {"line": line, "character": start},
            "end": {"line": end_line, "character": end}}


def test_hover_shows_the_canonical_ir_of_what_is_there(server) -> None:
    assert server.call("textDocument/hover", at(5, 16))["result"] == {
        "contents": {"kind": "markdown",
                     "value": "```python\nA[i]\n```\n\n`prim.TensorLoad`: `T.int32`"},
        "range": span(5, 15, 5, 19)}
    assert server.call("textDocument/hover", at(4, 8))["result"] == {
        "contents": {"kind": "markdown", "value": "```python\ni\n```\n\nsymbol: `T.int32`\n\n"
                                                  "loop `i`, defined on line 5"},
        "range": span(4, 8, 4, 9)}
    assert server.call("textDocument/hover", at(0, 0))["result"] is None


def test_hover_in_plain_text_when_the_client_prefers_it() -> None:
    process = Server()
    try:
        process.initialize({"textDocument": {"hover": {"contentFormat": ["plaintext",
                                                                         "markdown"]}}})
        process.open(URI, SOURCE)
        assert process.call("textDocument/hover", at(5, 16))["result"] == {
            "contents": {"kind": "plaintext", "value": "A[i]\n\nprim.TensorLoad: T.int32"},
            "range": span(5, 15, 5, 19)}
    finally:
        process.close()


def test_hover_on_a_namespace_function_shows_its_documentation() -> None:
    process = Server()
    try:
        process.initialize()
        process.open(URI, SOURCE.replace("range(4)", "T.parallel(4)"))
        # Until the registry's catalog has come from the worker (asked at the first hover or
        # completion), the position index's description of the function answers; then the
        # catalog's documentation of the member, as completion resolves it.
        index_text = (
            "```python\ndef parallel(start: Any, stop: Any = None, *, "
            "annotations: Optional[Dict[str, Any]] = None, step: Any = 1, "
            'dtype: Any = None) -> LoopSpec:\n    """``T.parallel(a, b)``: a loop whose '
            'iterations may run in parallel threads."""\n```\n\n`function`')
        catalog_text = (
            "```python\nT.parallel(start, stop=None, *, annotations=None, step=1, dtype=None)\n"
            "```\n\n``T.parallel(a, b)``: a loop whose iterations may run in parallel threads.")
        replies = [process.call("textDocument/hover", at(4, 17))["result"]]
        deadline = time.monotonic() + 10
        while replies[-1]["contents"]["value"] != catalog_text and time.monotonic() < deadline:
            time.sleep(0.05)
            replies.append(process.call("textDocument/hover", at(4, 17))["result"])
        assert {reply["contents"]["value"] for reply in replies} <= {index_text, catalog_text}
        assert replies[-1] == {"contents": {"kind": "markdown", "value": catalog_text},
                               "range": span(4, 13, 4, 23)}
        if len(replies) > 1:
            assert replies[0]["range"] == span(4, 13, 4, 23)
    finally:
        process.close()


def test_hover_outside_tvmscript_is_null() -> None:
    process = Server()
    try:
        process.initialize()
        process.open("file:///plain.py", "x = 1\n")
        reply = process.call("textDocument/hover", {
            "textDocument": {"uri": "file:///plain.py"},
            "position": {"line": 0, "character": 0}})
        assert reply["result"] is None
    finally:
        process.close()


def test_formatting_rewrites_only_the_lines_that_differ(server) -> None:
    reply = server.call("textDocument/formatting", {"textDocument": {"uri": URI},
                                                     "options": {"tabSize": 4,
                                                                 "insertSpaces": True}})
    assert reply["result"] == [{
        "range": span(3, 0, 5, 27),
        "newText": "def f(A: T.Tensor((4,), T.int32)):\n    for i in range(4):\n"
                   "        A[i] = A[i] + 1"}]
    # Formatted, formatting again changes nothing.
    formatted = SOURCE.replace('"int32"', "T.int32").replace("   +   ", " + ")
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                             "contentChanges": [{"text": formatted}]})
    assert server.call("textDocument/formatting",
                       {"textDocument": {"uri": URI}, "options": {}})["result"] == []


def test_a_definition_with_errors_is_left_alone_and_the_log_says_why(server) -> None:
    broken = SOURCE.replace("+   1", "+   nothing")
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                             "contentChanges": [{"text": broken}]})
    assert server.call("textDocument/formatting",
                       {"textDocument": {"uri": URI}, "options": {}})["result"] == []
    logs = [m["params"]["message"] for m in server.received
            if m.get("method") == "window/logMessage"]
    assert ("tvm-lsp: formatting left f (errors: the definition has errors, so its IR leaves "
            "statements out) alone") in logs


# Formatting asks the worker (hover answers on the loop at once), so it is still on its way
# when the cancellation or the change arrives.
FORMAT = {"textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": True}}


def test_a_cancelled_request_gets_32800_once(server) -> None:
    server.write(encode({"jsonrpc": "2.0", "id": 10, "method": "textDocument/formatting",
                         "params": FORMAT}) +
                 encode({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 10}}))
    assert server.reply(10) == {"jsonrpc": "2.0", "id": 10, "error": {
        "code": -32800, "message": "the request was cancelled"}}
    server.call("shutdown")
    assert len([m for m in server.received if m.get("id") == 10]) == 1


def test_a_request_whose_document_changed_gets_32801(server) -> None:
    server.write(encode({"jsonrpc": "2.0", "id": 11, "method": "textDocument/formatting",
                         "params": FORMAT}) +
                 encode({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                     "textDocument": {"uri": URI, "version": 2},
                     "contentChanges": [{"text": SOURCE + "\n"}]}}))
    assert server.reply(11) == {"jsonrpc": "2.0", "id": 11, "error": {
        "code": -32801, "message": "the document changed while it was formatted"}}


def test_without_a_worker_diagnostics_say_so_and_requests_get_32603() -> None:
    process = Server(["--worker", "/nonexistent/tvm-lsp-worker"])
    try:
        process.initialize()
        process.open(URI, SOURCE)
        message = "cannot start /nonexistent/tvm-lsp-worker: No such file or directory"
        assert process.diagnostics(URI)["diagnostics"] == [{
            "range": span(0, 0, 0, 0), "severity": 1, "source": "tvm-lsp",
            "code": "worker-failed", "message": message}]
        assert process.call("textDocument/hover", at(5, 16)) == {
            "jsonrpc": "2.0", "id": 2, "error": {
                "code": -32603, "message": "the analysis worker gave no answer: " + message}}
        assert process.stop() == 0
    finally:
        process.close()


def test_a_killed_worker_is_replaced_and_the_server_keeps_serving(server) -> None:
    tasks = pathlib.Path(f"/proc/{server.process.pid}/task")
    # The worker is a child of the analysis thread, so look at every thread's children.
    workers = [int(pid) for task in tasks.iterdir()
               for pid in (task / "children").read_text().split()]
    assert len(workers) == 1
    os.kill(workers[0], signal.SIGKILL)
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                             "contentChanges": [{"text": SOURCE.replace(
                                                 "+   1", "+   gone")}]})
    published = server.diagnostics(URI)
    assert (published["version"], published["diagnostics"][0]["message"]) == (
        2, "name 'gone' is not defined")
    assert server.call("textDocument/hover", at(5, 16))["result"]["range"] == span(5, 15, 5, 19)
    assert server.stop() == 0


FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "cpp" / "lsp" / "fixtures"


def test_after_5_crashes_in_3_minutes_analysis_stops_and_says_so() -> None:
    # The worker's fixture entry: each `def NAME: abort` line kills the worker.
    process = Server(["--worker-arg", "--entry", "--worker-arg", "worker_fixture:analyze",
                      "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)])
    try:
        process.initialize()
        text = "from tvm_tirx.script import tirx as T\n" + "".join(
            f"def crash{k}: abort\n" for k in range(5))
        process.open(URI, text)
        published = process.diagnostics(URI)
        assert [d["code"] for d in published["diagnostics"]] == ["worker-crashed"] * 5
        shown = [m for m in process.received if m.get("method") == "window/showMessage"]
        assert [m["params"] for m in shown] == [{"type": 1, "message": (
            "tvm-lsp: the analysis worker crashed 5 times within 3 minutes, so analysis has "
            "stopped; restart the server to analyse again")}]
        process.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                  "contentChanges": [{"text": text + "\n"}]})
        assert process.call("textDocument/hover", at(1, 0)) == {
            "jsonrpc": "2.0", "id": 2, "error": {
                "code": -32603,
                "message": "analysis has stopped: the analysis worker crashed too often"}}
        assert not [m for m in process.received if m.get("method") ==
                    "textDocument/publishDiagnostics" and m["params"]["version"] == 2]
        assert process.stop() == 0
    finally:
        process.close()
