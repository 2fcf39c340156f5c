"""The adaptive debounce (issue 11, item 4), end to end with a slow fake worker: the worker's
fixture entry (tests/cpp/lsp/fixtures/worker_fixture.py) makes every analysis of the text
below sleep 0.3 s, so the measured analysis time, and with it the delay after a change, is at
least 0.3 s. The policy itself is checked on injected times in
tests/cpp/lsp/test_settings_units.cc."""

from __future__ import annotations

import pathlib
import time

from lsp_server_client import Server

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "cpp" / "lsp" / "fixtures"
URI = "file:///debounce/slow.py"
SLOW = "from tvm_tirx.script import tirx as T\ndef slow: sleep 0.3\n"


def change(server: Server, version: int, text: str) -> None:
    server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                             "contentChanges": [{"text": text}]})


def test_a_slow_edit_analysis_makes_fast_changes_wait_as_long_and_an_open_does_not() -> None:
    server = Server(["--worker-arg", "--entry", "--worker-arg", "worker_fixture:analyze",
                     "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)])
    try:
        server.initialize()
        # Adaptive (null) over the test client's --debounce-ms 0.
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"debounceMs": None}}})
        started = time.monotonic()
        server.open(URI, SLOW)  # analysed at once; a cold analysis is not measured
        assert server.diagnostics(URI)["version"] == 1
        assert time.monotonic() - started >= 0.3
        # The first edit: no edit analysis measured yet, so no wait, only the analysis's 0.3 s.
        started = time.monotonic()
        change(server, 2, SLOW + "# x\n")
        assert server.diagnostics(URI)["version"] == 2
        assert 0.3 <= time.monotonic() - started < 0.55
        # That edit's analysis took >= 0.3 s. A burst of changes makes the gaps between changes
        # shorter than an analysis; whatever the burst's analyses run (one may already see a
        # later text, as the worker reads the newest), wait until they have all ended.
        for version in (3, 4, 5, 6):
            change(server, version, SLOW + f"# {version}\n")
        assert server.diagnostics(URI)["version"] in (3, 4, 5, 6)
        while any(m.get("method") == "textDocument/publishDiagnostics"
                  for m in server.quiet(0.7)):
            pass
        # The worker is idle now and changes come faster than analyses (most gaps are ~0): the
        # last of two quick changes waits as long as an analysis, then is analysed.
        change(server, 7, SLOW + "# 7\n")
        started = time.monotonic()
        change(server, 8, SLOW + "# y\n")
        assert not [m for m in server.quiet(0.28)
                    if m.get("method") == "textDocument/publishDiagnostics"]
        assert server.diagnostics(URI)["version"] == 8
        assert time.monotonic() - started >= 0.6
        assert server.stop() == 0
    finally:
        server.close()
