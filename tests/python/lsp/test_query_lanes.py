"""Queries in lanes (issue 24, item 4): the on-save round-trip check runs in the slow lane, in
steps of 50 ms, so an analysis asked meanwhile goes between its steps instead of after the whole
check; and a query past `--query-limit-ms` is stopped inside the worker and
answered with an error, while the worker keeps its analyses.

The check's end is observable with pull diagnostics: a pull of the saved version waits for the
check's warnings (server_pull_diagnostics.cc), so its reply comes when the check ends."""

from __future__ import annotations

import time

import pytest

from lsp_server_client import Server

URI = "file:///lanes/many.py"
OTHER = "file:///lanes/other.py"
PULL = {"textDocument": {"diagnostic": {"dynamicRegistration": False}}}
KERNELS = 300


def many_kernels(count: int) -> str:
    parts = ["from tvm_tirx.script import tirx as T\n"]
    for k in range(count):
        parts.append(
            f"\n\n@T.function\ndef scale_{k}(A: T.Tensor((64,), T.float32), "
            f"B: T.Tensor((64,), T.float32)):\n    for j in range(64):\n"
            f"        B[j] = A[j] * T.float32({k}.5) + T.float32(1.0)\n")
    return "".join(parts)


TEXT = many_kernels(KERNELS)


@pytest.fixture(autouse=True)
def user_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)


def pull(server: Server) -> int:
    return server.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})


def test_an_analysis_during_the_round_trip_check_is_published_before_the_check_ends() -> None:
    server = Server()
    try:
        server.initialize(PULL)
        server.open(URI, TEXT)
        first = server.reply(pull(server), timeout=60)
        assert first["result"]["kind"] == "full" and first["result"]["items"] == []

        # The check alone, timed: save, then the pull that waits for it.
        start = time.monotonic()
        server.notify("textDocument/didSave", {"textDocument": {"uri": URI}})
        checked = server.reply(pull(server), timeout=60)
        check_seconds = time.monotonic() - start
        assert checked["result"]["items"] == []  # every kernel round-trips

        # Another text (every verdict judged again), saved, then at once a pull and another
        # document opened and pulled: its analysis runs on the analysis thread, as an edit's
        # does (hover answers on the loop and needs no lane), and must not wait for the whole
        # check.
        server.notify("textDocument/didChange", {
            "textDocument": {"uri": URI, "version": 2},
            "contentChanges": [{"text": TEXT.replace("T.float32(1.0)", "T.float32(2.0)")}]})
        server.reply(pull(server), timeout=60)
        server.notify("textDocument/didSave", {"textDocument": {"uri": URI}})
        pull_id = pull(server)
        time.sleep(0.3)  # the check is under way: the other document comes in the middle of it
        start = time.monotonic()
        server.open(OTHER, many_kernels(1))
        other_id = server.request("textDocument/diagnostic", {"textDocument": {"uri": OTHER}})
        order = []
        other_seconds = None
        while len(order) < 2:
            message = server.next_message(
                lambda m: m.get("id") in (pull_id, other_id) and "method" not in m, timeout=60)
            order.append("pull" if message["id"] == pull_id else "other")
            if order[-1] == "other":
                other_seconds = time.monotonic() - start
                assert message["result"]["items"] == []
        print(f"round-trip check of {KERNELS} kernels: {check_seconds * 1000:.0f} ms; another "
              f"document opened with it analysed after {other_seconds * 1000:.0f} ms")
        # The check takes many steps; the other analysis goes between two of them.
        assert check_seconds > 0.3, "the check must be long enough to show the lanes"
        assert order == ["other", "pull"]
        assert other_seconds < check_seconds / 3
    finally:
        server.close()


def test_a_query_past_its_limit_is_an_error_and_the_worker_keeps_its_analysis() -> None:
    server = Server(["--query-limit-ms", "1"])
    try:
        server.initialize()
        server.open(URI, TEXT)
        assert server.diagnostics(URI, timeout=60)["diagnostics"] == []
        reply = server.call("textDocument/formatting", {
            "textDocument": {"uri": URI}, "options": {"tabSize": 4, "insertSpaces": True}},
            timeout=30)
        # Stopped inside the worker (not the kill's message, which says the worker was stopped).
        assert reply["error"]["code"] == -32603
        assert reply["error"]["message"].endswith(
            "format_verdicts stopped after 1 ms (time-limit)"), reply["error"]
        # The worker still holds the analysis: no restart is logged, and diagnostics stay.
        logs = [m["params"]["message"] for m in server.quiet(0.5)
                if m.get("method") == "window/logMessage"]
        assert not any("restarted" in line for line in logs), logs
    finally:
        server.close()

