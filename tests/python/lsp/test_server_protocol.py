"""The real ``tvm-lsp --stdio`` over pipes: JSON-RPC errors with their exact replies, framing
faults, oversized messages, the lifecycle and its exit codes (issue 11, items 2 and 3).
Transcript tests: each writes messages or raw bytes and checks what the server wrote back."""

from __future__ import annotations

import subprocess
import time

import pytest

from lsp_server_client import SERVER, Server, encode, frame


@pytest.fixture
def server():
    process = Server()
    yield process
    process.close()


@pytest.fixture
def running(server):
    server.initialize()
    return server


def error(request_id, code, message):
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


def next_error(server):
    return server.next_message(lambda m: "error" in m)


# -- the command line ---------------------------------------------------------------------

def test_version_and_help() -> None:
    version = subprocess.run([str(SERVER), "--version"], capture_output=True, text=True)
    assert (version.returncode, version.stdout) == (0, "tvm-lsp 0.1.0\n")
    shown = subprocess.run([str(SERVER), "--help"], capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout.startswith("usage: tvm-lsp --stdio")
    assert "--trusted" in shown.stdout


@pytest.mark.parametrize("args, message", [
    (["--frobnicate"], 'unknown argument "--frobnicate"'),
    ([], "nothing to do: give --stdio (or --help)"),
    (["--stdio", "--debounce-ms", "soon"],
     '--debounce-ms takes a number of milliseconds (0 to 60000), got "soon"'),
    (["--stdio", "--worker"], "--worker needs a value"),
    (["--stdio", "--query-limit-ms", "0"],
     '--query-limit-ms takes a number of milliseconds (1 to 60000), got "0"'),
    (["--stdio", "--query-limit-ms", "60001"],
     '--query-limit-ms takes a number of milliseconds (1 to 60000), got "60001"'),
    (["--stdio", "--query-limit-ms"], "--query-limit-ms needs a value"),
])
def test_a_bad_command_line_is_exit_code_2(args, message) -> None:
    result = subprocess.run([str(SERVER), *args], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == "tvm-lsp: " + message
    assert result.stdout == ""


# -- lifecycle ----------------------------------------------------------------------------

def test_initialize_declares_what_is_implemented(server) -> None:
    reply = server.call("initialize", {"processId": None, "capabilities": {}})
    assert reply == {"jsonrpc": "2.0", "id": 1, "result": {
        "capabilities": {
            "positionEncoding": "utf-16",
            "textDocumentSync": {"openClose": True, "change": 2,
                                 "save": {"includeText": False}},
            "hoverProvider": True,
            "documentFormattingProvider": True,
            "definitionProvider": True,
            "declarationProvider": True,
            "referencesProvider": True,
            "documentHighlightProvider": True,
            "renameProvider": True,
            "documentSymbolProvider": True,
            "foldingRangeProvider": True,
            "selectionRangeProvider": True,
            "codeActionProvider": {"codeActionKinds": [
                "quickfix", "refactor.rewrite.tvmscript.migrate", "source.migrate.tvmscript",
                "source.format.tvmscript"]},
            "executeCommandProvider": {
                "commands": ["tvmscript.showCanonicalIR", "tvmscript.checkRoundTrip"]},
            "inlayHintProvider": True,
            "semanticTokensProvider": {
                "legend": {"tokenTypes": ["tensor", "symbol", "loopVariable", "parameter",
                                          "function", "namespaceMember", "variable"],
                           "tokenModifiers": ["declaration", "readonly", "defaultLibrary"]},
                "range": True, "full": {"delta": True}},
            "workspaceSymbolProvider": True,
            "completionProvider": {"triggerCharacters": ["."], "resolveProvider": True},
            "signatureHelpProvider": {"triggerCharacters": ["(", ","],
                                      "retriggerCharacters": [")"]},
        },
        "serverInfo": {"name": "tvm-lsp", "version": "0.1.0"}}}


@pytest.mark.parametrize("offers, chosen", [
    (["utf-8", "utf-16"], "utf-8"),
    (["utf-32"], "utf-32"),
    (["utf-16", "utf-8"], "utf-16"),
    (["ucs-2"], "utf-16"),
    ([], "utf-16"),
])
def test_position_encoding_is_the_first_offer_supported(server, offers, chosen) -> None:
    reply = server.initialize({"general": {"positionEncodings": offers}})
    assert reply["result"]["capabilities"]["positionEncoding"] == chosen


def test_shutdown_then_exit_is_code_0(running) -> None:
    assert running.stop() == 0


def test_exit_without_shutdown_is_code_1(running) -> None:
    running.notify("exit")
    assert running.wait() == 1


def test_exit_before_initialize_is_code_1(server) -> None:
    server.notify("exit")
    assert server.wait() == 1


def test_the_end_of_the_input_ends_the_server(running) -> None:
    running.process.stdin.close()
    assert running.wait() == 1


def test_requests_after_shutdown_are_invalid(running) -> None:
    assert running.call("shutdown")["result"] is None
    assert running.call("textDocument/hover", {}) == error(
        3, -32600, 'the server is shut down: "textDocument/hover" came after "shutdown"')
    assert running.call("shutdown") == error(
        4, -32600, 'the server is shut down: "shutdown" came after "shutdown"')
    running.notify("exit")
    assert running.wait() == 0


def test_requests_before_initialize_get_32002(server) -> None:
    assert server.call("textDocument/hover", {}) == error(
        1, -32002, 'the server is not initialized: "textDocument/hover" came before "initialize"')
    # Notifications before it are dropped; initialize still works.
    server.notify("textDocument/didOpen", {"textDocument": 7})
    assert server.call("initialize", {"processId": None, "capabilities": {}})["id"] == 2


def test_initialize_twice_is_invalid(running) -> None:
    assert running.call("initialize", {"processId": None, "capabilities": {}}) == error(
        2, -32600, '"initialize" may come only once')


def test_the_server_exits_when_the_client_process_dies() -> None:
    parent = subprocess.Popen(["sleep", "60"])
    server = Server()
    try:
        server.initialize(process_id=parent.pid)
        time.sleep(0.3)
        assert server.process.poll() is None
        parent.kill()
        parent.wait()
        killed = time.monotonic()
        assert server.wait(timeout=5) == 1
        assert time.monotonic() - killed < 2.5
        log = [m for m in server.quiet(0.5) + server.received if m.get("method") ==
               "window/logMessage"]
        assert any(f"the client's process {parent.pid} is gone" in m["params"]["message"]
                   for m in log)
    finally:
        server.close()


# -- JSON-RPC errors ----------------------------------------------------------------------

def test_unknown_method_is_32601(running) -> None:
    assert running.call("textDocument/frobnicate", {}) == error(
        2, -32601, 'unknown method "textDocument/frobnicate"')
    assert running.call("$/frobnicate", {}) == error(3, -32601, 'unknown method "$/frobnicate"')


def test_not_json_is_32700_with_the_id_when_it_can_be_read(running) -> None:
    running.write(frame(b'{"jsonrpc": "2.0", "id": 41, "method": "x", "params": {'))
    reply = next_error(running)
    assert reply["id"] == 41 and reply["error"]["code"] == -32700
    assert reply["error"]["message"].startswith("the message is not JSON: parse error at line 1")
    running.write(frame(b"{oops"))
    reply = next_error(running)
    assert reply["id"] is None and reply["error"]["code"] == -32700


@pytest.mark.parametrize("body, reply", [
    (b"[]", error(None, -32600, "batch messages (JSON arrays) are not supported")),
    (b"17", error(None, -32600, "a message must be a JSON object, got an integer")),
    (b'{"jsonrpc": "2.0", "id": 1.5, "method": "shutdown"}',
     error(None, -32600, "the id must be an integer or a string, got a number")),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}',
     error(None, -32600, "the id must be an integer or a string, got an object")),
    (b'{"jsonrpc": "2.0", "id": 7}',
     error(7, -32600, 'a message with no "method" is not a request')),
    (b'{"jsonrpc": "2.0", "id": "s", "method": 3}',
     error("s", -32600, "the method must be a string, got an integer")),
    (b'{"jsonrpc": "1.0", "id": 8, "method": "shutdown"}',
     error(8, -32600, '"jsonrpc" must be "2.0"')),
    (b'{"id": 9, "method": "shutdown"}', error(9, -32600, '"jsonrpc" must be "2.0"')),
])
def test_invalid_requests_are_32600(running, body, reply) -> None:
    running.write(frame(body))
    assert next_error(running) == reply


@pytest.mark.parametrize("method, params, message", [
    ("textDocument/hover", 5, "params: expected an object, got an integer"),
    ("textDocument/hover", {"textDocument": "file:///a.py"},
     "params.textDocument: expected an object, got a string"),
    ("textDocument/hover", {"textDocument": {"uri": 3}},
     "params.textDocument.uri: expected a string, got an integer"),
    ("textDocument/hover", {"textDocument": {"uri": "file:///a.py"},
                            "position": {"line": "0", "character": 0}},
     "params.position.line: expected an integer, got a string"),
    ("textDocument/hover", {"textDocument": {"uri": "file:///a.py"},
                            "position": {"line": 0, "character": 0}},
     "file:///a.py is not open"),
    ("textDocument/formatting", {"textDocument": {}},
     "params.textDocument.uri: expected a string, got nothing"),
    ("initialize", None, '"initialize" may come only once'),
])
def test_invalid_params_are_32602(running, method, params, message) -> None:
    reply = running.call(method, params)
    code = -32600 if method == "initialize" else -32602
    assert reply == error(reply["id"], code, message)


def test_initialize_with_wrong_param_types_is_32602(server) -> None:
    assert server.call("initialize", {"processId": "me", "capabilities": {}}) == error(
        1, -32602, "params.processId: expected an integer, got a string")
    assert server.call("initialize", {"processId": None, "capabilities": []}) == error(
        2, -32602, "params.capabilities: expected an object, got an array")
    assert server.call("initialize", {"processId": None})["result"]["capabilities"]


def test_notifications_never_get_replies(running) -> None:
    running.notify("textDocument/didOpen", {"textDocument": 3})  # malformed
    running.notify("workspace/frobnicate", {})  # unknown
    running.notify("$/frobnicate", {})  # unknown, silently
    running.notify("$/cancelRequest", {"id": 999})  # nothing pending
    running.write(frame(b'{"jsonrpc": "2.0", "method": "x", "params": 3}'))
    running.write(frame(b'{"method": 5}'))  # neither: no id, so no reply either
    later = running.call("shutdown")
    assert later["id"] == 2
    replies = [m for m in running.received if "id" in m and "method" not in m]
    assert replies[1:] == [later]  # after initialize's
    logs = [m["params"]["message"] for m in running.received
            if m.get("method") == "window/logMessage"]
    assert 'the notification "textDocument/didOpen" was ignored: params.textDocument: ' \
        "expected an object, got an integer" in logs
    assert 'ignored the notification "workspace/frobnicate"' in logs
    assert not any("$/frobnicate" in log for log in logs)


# -- framing ------------------------------------------------------------------------------

@pytest.mark.parametrize("header, message", [
    (b"Content-Length: many\r\n\r\n", 'malformed Content-Length "Content-Length: many"'),
    (b"Content-Type: text/plain\r\n\r\n{}", "a header without Content-Length"),
    (b"Content-Length 5\r\n\r\n{}{}{", 'malformed header line "Content-Length 5"'),
    (b"X" * 5000, "a header longer than 4096 bytes"),
])
def test_a_malformed_header_gets_one_error_and_the_stream_goes_on(running, header,
                                                                   message) -> None:
    running.write(header)
    running.write(encode({"jsonrpc": "2.0", "id": 50, "method": "shutdown"}))
    assert next_error(running) == error(None, -32700, "malformed message header: " + message)
    assert running.reply(50)["result"] is None
    assert [m for m in running.received if "error" in m] == [
        error(None, -32700, "malformed message header: " + message)]


def test_a_10_mb_message_is_read(running) -> None:
    text = "# " + "x" * (10 * 1024 * 1024) + "\n"
    running.open("file:///big.txt", text, language="plaintext")
    start = time.monotonic()
    assert running.call("shutdown")["result"] is None
    assert time.monotonic() - start < 5


def test_a_message_over_64_mib_gets_an_error_and_the_connection_stays(running) -> None:
    size = 64 * 1024 * 1024 + 1
    head = b'{"jsonrpc": "2.0", "id": 77, "method": "textDocument/didOpen", "params": "'
    body = head + b"x" * (size - len(head) - 2) + b'"}'
    assert len(body) == size
    running.write(frame(body))
    assert running.reply(77) == error(
        77, -32600, f"a body of {size} bytes is larger than the limit of {64 * 1024 * 1024}"
        ": the message was skipped")
    assert running.call("shutdown")["result"] is None


def test_invalid_utf8_and_lone_surrogates_in_json_are_decoded_leniently(running) -> None:
    # Invalid UTF-8 bytes in a string: each is U+FFFD; the request is served.
    running.write(frame(b'{"jsonrpc": "2.0", "id": 5, "method": "\xff\xfe"}'))
    assert running.reply(5) == error(5, -32601, 'unknown method "\ufffd\ufffd"')
    running.write(frame(b'{"jsonrpc": "2.0", "id": 6, "method": "a\\ud800b\\udc00"}'))
    assert running.reply(6) == error(6, -32601, 'unknown method "a\ufffdb\ufffd"')
    # A well-formed pair stays one character; an escaped backslash is not an escape.
    running.write(frame(b'{"jsonrpc": "2.0", "id": 7, "method": "\\ud83d\\ude00\\\\ud800"}'))
    assert running.reply(7) == error(7, -32601, 'unknown method "\U0001F600\\ud800"')


def test_messages_too_deep_are_refused_not_fatal(running) -> None:
    running.write(frame(b'{"jsonrpc": "2.0", "id": 3, "method": "x", "params": ' +
                        b"[" * 100000 + b"]" * 100000 + b"}"))
    reply = next_error(running)
    assert reply == error(3, -32602, "the message nests deeper than 512 levels, the limit")
    assert running.call("shutdown")["result"] is None


def test_set_trace_sends_log_trace(running) -> None:
    running.notify("$/setTrace", {"value": "verbose"})
    running.call("textDocument/frobnicate", {"a": 1})
    trace = running.next_message(lambda m: m.get("method") == "$/logTrace") \
        if not any(m.get("method") == "$/logTrace" for m in running.received) else \
        [m for m in running.received if m.get("method") == "$/logTrace"][0]
    assert trace["params"] == {"message": "received request 'textDocument/frobnicate - (2)'",
                               "verbose": 'params: {"a":1}'}
    running.notify("$/setTrace", {"value": "off"})
    running.call("shutdown")
    traces = [m for m in running.received if m.get("method") == "$/logTrace"]
    assert len(traces) == 2  # the request, then the $/setTrace notification that stopped it


VALUES = [None, 1, -7, 1.5, "s", [], {}, [1, 2], True, {"a": {}}, "\u00e9", 18446744073709551615,
          {"textDocument": {"uri": 5}}, {"textDocument": {"uri": "file:///x.py"}, "position": []},
          {"textDocument": {"uri": "file:///x.py", "version": "1", "text": 3,
                            "languageId": None}},
          {"textDocument": {"uri": "file:///x.py", "version": 2},
           "contentChanges": [{"range": {"start": {"line": -1, "character": 2 ** 40}},
                               "text": "x"}, 7]}]


def test_every_method_with_wrong_shapes_gets_one_reply_each_and_the_server_stays(running) -> None:
    requests = ["initialize", "textDocument/hover", "textDocument/formatting",
                "textDocument/frobnicate", ""]
    notifications = ["textDocument/didOpen", "textDocument/didChange", "textDocument/didClose",
                     "$/cancelRequest", "$/setTrace", "initialized", "workspace/x"]
    data = b""
    ids = []
    for value in VALUES:
        for method in requests:
            ids.append(1000 + len(ids))
            data += encode({"jsonrpc": "2.0", "id": ids[-1], "method": method, "params": value})
        for method in notifications:
            data += encode({"jsonrpc": "2.0", "method": method, "params": value})
    running.write(data)
    last = running.call("shutdown")
    replies = [m["id"] for m in running.received if "method" not in m and m.get("id") in ids]
    assert sorted(replies) == ids
    assert last["result"] is None and running.process.poll() is None
    running.notify("exit")
    assert running.wait() == 0
