"""The real ``tvm-lsp --stdio`` against messages that once ended it or made it grow (issue 22,
item 5): numbers that overflow a double, and messages past the structural limits (depth, values
per message). Each is answered with the id it carries, or not at all when it is a notification,
and the server goes on."""

from __future__ import annotations

import pytest

from lsp_server_client import Server, frame
from test_server_protocol import error, running, server  # noqa: F401 (fixtures)

OVERFLOW = "the number {} is out of the range of a double"
TOO_MANY = "the message has more than 1000000 values and keys, the limit per message"
TOO_DEEP = "the message nests deeper than 512 levels, the limit"


def raw(server: Server, text: str) -> None:
    server.write(frame(text.encode()))


def replies_before(server: Server, request_id: int):
    """Every reply the server sent up to the reply to `request_id` (which must come), the
    server's own notifications left out."""
    start = len(server.received)
    server.reply(request_id)
    return [m for m in server.received[start:] if "method" not in m]


def still_serving(server: Server) -> None:
    assert server.process.poll() is None
    reply = server.call("textDocument/frobnicate", {})
    assert reply["error"]["code"] == -32601


@pytest.mark.parametrize("number", ["1e400", "-1e400", "123e999999999"])
def test_an_overflowing_number_in_params_is_invalid_params_with_the_id(running, number) -> None:
    raw(running, '{"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover", '
                 '"params": {"textDocument": {"uri": "file:///x.py"}, "position": {"line": '
                 + number + ', "character": 0}}}')
    assert running.reply(5) == error(5, -32602, OVERFLOW.format(number))
    # The id after the number is found too, nested deep or not.
    raw(running, '{"jsonrpc": "2.0", "method": "x", "params": ' + "[" * 40 + number
        + "]" * 40 + ', "id": "after"}')
    assert running.reply("after") == error("after", -32602, OVERFLOW.format(number))
    still_serving(running)


@pytest.mark.parametrize("number", ["1e400", "-1e400"])
def test_an_overflowing_id_gets_a_parse_error_with_id_null(running, number) -> None:
    raw(running, '{"jsonrpc": "2.0", "id": ' + number + ', "method": "shutdown"}')
    assert running.next_message(lambda m: "error" in m) == error(
        None, -32700, OVERFLOW.format(number))
    # Elsewhere than params, with a readable id: an invalid request.
    raw(running, '{"jsonrpc": "2.0", "id": 6, "method": "x", "extra": [' + number + "]}")
    assert running.reply(6) == error(6, -32600, OVERFLOW.format(number))
    still_serving(running)


def test_an_underflowing_number_is_zero_and_served(running) -> None:
    raw(running, '{"jsonrpc": "2.0", "id": 1e-400, "method": "x"}')
    assert running.next_message(lambda m: "error" in m) == error(
        None, -32600, "the id must be an integer or a string, got a number")
    running.open("file:///u.py", "from tvm.script import tirx as T\nx = 1\n")
    raw(running, '{"jsonrpc": "2.0", "id": 8, "method": "textDocument/foldingRange", '
                 '"params": {"textDocument": {"uri": "file:///u.py"}, "x": -1e-400}}')
    assert running.reply(8, timeout=60) == {"jsonrpc": "2.0", "id": 8, "result": []}


def test_an_overflowing_notification_is_not_answered(running) -> None:
    for number in ("1e400", "-1e400"):
        raw(running, '{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": '
                     '{"textDocument": {"uri": "file:///n.py", "languageId": "python", '
                     '"version": ' + number + ', "text": "x = 1"}}}')
    request = running.request("textDocument/frobnicate", {})
    assert [m["id"] for m in replies_before(running, request)] == [request]
    logs = [m["params"]["message"] for m in running.received
            if m.get("method") == "window/logMessage" and "1e400" in m["params"]["message"]]
    assert logs == ["a notification was ignored: " + OVERFLOW.format(number)
                    for number in ("1e400", "-1e400")]


def test_overflowing_numbers_before_initialize_and_after_shutdown(server) -> None:
    raw(server, '{"jsonrpc": "2.0", "method": "initialized", "params": {"x": 1e400}}')
    raw(server, '{"jsonrpc": "2.0", "id": 1, "method": "hover", "params": [1e400]}')
    assert server.reply(1) == error(1, -32602, OVERFLOW.format("1e400"))
    raw(server, '{"jsonrpc": "2.0", "id": 2, "method": "initialize", "params": '
                '{"processId": null, "rootUri": null, "capabilities": {"x": -1e400}}}')
    assert server.reply(2) == error(2, -32602, OVERFLOW.format("-1e400"))
    assert "result" in server.initialize()  # the refused initialize did not count
    assert server.call("shutdown")["result"] is None
    raw(server, '{"jsonrpc": "2.0", "id": 3, "method": "hover", "params": {"a": 1e400}}')
    assert server.reply(3) == error(3, -32602, OVERFLOW.format("1e400"))
    raw(server, '{"jsonrpc": "2.0", "method": "exit", "params": {"a": 1e400}}')  # ignored
    request = server.request("x")
    assert server.reply(request)["error"]["code"] == -32600  # shut down, still there
    server.notify("exit")
    assert server.wait() == 0


def test_a_message_with_too_many_values_is_refused_before_it_is_built(running) -> None:
    # 1,000,001 small values (2 MB), one past the limit.
    raw(running, '{"jsonrpc": "2.0", "id": 4, "method": "x", "params": ['
        + "0," * 1000000 + "0]}")
    assert running.reply(4) == error(4, -32602, TOO_MANY)
    # The limit counts the whole message; one under it is served (as any unknown method).
    raw(running, '{"jsonrpc": "2.0", "id": 5, "method": "x", "params": ['
        + "0," * (1000000 - 10) + "0]}")
    assert running.reply(5) == error(5, -32601, 'unknown method "x"')
    # Past the limit outside params, and a notification past it (no reply).
    raw(running, '{"jsonrpc": "2.0", "id": 6, "method": "x", "other": [' + "{}," * 1000000
        + "{}]}")
    assert running.reply(6) == error(6, -32600, TOO_MANY)
    raw(running, '{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": ['
        + "[]," * 1000000 + "[]]}")
    request = running.request("x")
    assert [m["id"] for m in replies_before(running, request)] == [request]
    still_serving(running)


def test_depth_at_and_past_the_limit(running) -> None:
    # The message object is level 1: params may nest 511 more.
    raw(running, '{"jsonrpc": "2.0", "id": 1, "method": "x", "params": ' + "[" * 511
        + "]" * 511 + "}")
    assert running.reply(1) == error(1, -32601, 'unknown method "x"')
    raw(running, '{"jsonrpc": "2.0", "id": 2, "method": "x", "params": ' + "[" * 512
        + "]" * 512 + "}")
    assert running.reply(2) == error(2, -32602, TOO_DEEP)
    # The id after a deep params, and a deep message whose id cannot be read.
    raw(running, '{"params": ' + "{\"a\": " * 600 + "1" + "}" * 600 + ', "id": 3}')
    assert running.reply(3) == error(3, -32602, TOO_DEEP)
    raw(running, '{"jsonrpc": "2.0", "id": ' + "[" * 600 + "]" * 600 + "}")
    assert running.next_message(lambda m: "error" in m) == error(None, -32700, TOO_DEEP)
    # A deep batch is no notification: it is answered, with id null.
    raw(running, "[" * 600 + "]" * 600)
    assert running.next_message(lambda m: "error" in m) == error(None, -32700, TOO_DEEP)
    still_serving(running)


@pytest.mark.parametrize("request_id, reply_id, code", [
    (1, 1, -32601), ("s", "s", -32601), (-5, -5, -32601), (2 ** 63, 2 ** 63, -32601),
    (None, None, -32600), (True, None, -32600), (1.5, None, -32600), ([1], None, -32600),
    ({"a": 1}, None, -32600),
])
def test_ids_of_every_json_type(running, request_id, reply_id, code) -> None:
    running.send({"id": request_id, "method": "x"})
    reply = running.next_message(lambda m: "error" in m)
    assert reply["id"] == reply_id and reply["error"]["code"] == code
    still_serving(running)
