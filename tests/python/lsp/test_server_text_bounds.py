"""The text-only requests stay linear in the document on pathological texts (issue 22, item 5):
folding once scanned from every `if (` line to the end of the file (64,000 lines took 17 s).
Each request is timed after the analysis is in, so the time is the server's loop alone; the
large sizes and every request are in benchmarks/bench_server_limits.py."""

from __future__ import annotations

import time

import pytest

from test_server_protocol import running, server  # noqa: F401 (fixtures)

HEADER = "from tvm.script import tirx as T\n"
URI = "file:///bounds.py"


def timed_call(running, method, params):
    start = time.monotonic()
    reply = running.call(method, params, timeout=60)
    return time.monotonic() - start, reply


TEXTS = {
    "if ( lines": lambda: "if (\n" * 64000,
    "unclosed brackets": lambda: "x = (\n" + "    y = [1,\n" * 64000,
    "unterminated triple-quoted string": lambda: 'x = """\n' + "if (x:\n" * 64000,
}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_text_requests_on_pathological_texts_answer_fast(running, name) -> None:
    body = TEXTS[name]()
    running.open(URI, HEADER + body)
    document = {"uri": URI}
    # The first answer waits for the analysis (in the worker); the rest are the loop's work.
    running.call("textDocument/foldingRange", {"textDocument": document}, timeout=120)
    seconds, folds = timed_call(running, "textDocument/foldingRange", {"textDocument": document})
    assert folds["result"] == [] and seconds < 1.0
    seconds, symbols = timed_call(running, "textDocument/documentSymbol",
                                  {"textDocument": document})
    assert "result" in symbols and seconds < 1.0
    middle = {"line": 32000, "character": 1}
    seconds, chain = timed_call(running, "textDocument/selectionRange",
                                {"textDocument": document, "positions": [middle] * 20})
    # No block holds the line: its word or line, then the whole text.
    assert len(chain["result"]) == 20 and seconds < 1.0
    whole = chain["result"][0]
    while "parent" in whole:
        whole = whole["parent"]
    assert whole["range"]["start"] == {"line": 0, "character": 0}
    assert whole["range"]["end"]["line"] == body.count("\n") + 1


def test_deep_blocks_fold_each_to_the_end(running) -> None:
    depth = 2000
    body = "".join(" " * k + "if x:\n" for k in range(depth)) + " " * depth + "pass\n"
    running.open(URI, HEADER + body)
    document = {"uri": URI}
    running.call("textDocument/foldingRange", {"textDocument": document}, timeout=120)
    seconds, folds = timed_call(running, "textDocument/foldingRange", {"textDocument": document})
    assert seconds < 1.0
    assert folds["result"] == [{"startLine": k, "endLine": depth + 1}
                               for k in range(1, depth + 1)]
