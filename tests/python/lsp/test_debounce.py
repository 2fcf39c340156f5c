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


def test_a_slow_analysis_makes_the_next_change_wait_at_least_as_long() -> None:
    server = Server(["--worker-arg", "--entry", "--worker-arg", "worker_fixture:analyze",
                     "--worker-arg", "--python-path", "--worker-arg", str(FIXTURES)])
    try:
        server.initialize()
        # Adaptive (null) over the test client's --debounce-ms 0.
        server.notify("workspace/didChangeConfiguration",
                      {"settings": {"tvmscript": {"debounceMs": None}}})
        started = time.monotonic()
        server.open(URI, SLOW)  # analysed at once, and measured
        assert server.diagnostics(URI)["version"] == 1
        assert time.monotonic() - started >= 0.3
        started = time.monotonic()
        server.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": 2},
                                                 "contentChanges": [{"text": SLOW + "# x\n"}]})
        # The delay is the measured time (>= 0.3 s, within 50..500 ms), then the analysis's.
        assert not [m for m in server.quiet(0.28)
                    if m.get("method") == "textDocument/publishDiagnostics"]
        assert server.diagnostics(URI)["version"] == 2
        assert time.monotonic() - started >= 0.6
        assert server.stop() == 0
    finally:
        server.close()
