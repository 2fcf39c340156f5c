"""Range edits, per-definition replies and queries through the real sandboxed worker, driven
by worker_pipe.py (the Python client tests and benchmarks use): the worker applies edits as
``DocumentSession.apply_edits`` does, every reassembled result equals the frontend's whole
answer, and the queries answer on the version analysed."""

from __future__ import annotations

import json
import os
import pathlib
import sys
from typing import Any, Dict, List

import pytest

from tvm_tirx.script.parser.session import DocumentSession, TextEdit

REPO = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

from worker_pipe import Worker, assemble  # noqa: E402

WORKER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp-worker"
SESSION = "__import__('tvm_tirx.script.parser.session', fromlist=['_'])"
PROGRAM = '''from tvm_tirx.script import tirx as T


@T.function
def first(A: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = A[i] + 1


@T.function
def second(A: T.Tensor((8,), T.int32)):
    # doubled
    for i in range(8):
        A[i] = A[i] * 2
'''


@pytest.fixture(scope="module")
def worker():
    process = Worker(WORKER, "--enable-test-hooks")
    assert process.ready["sandboxed"] is True
    yield process
    process.close()


def _eval(worker: Worker, expression: str) -> str:
    answer = worker.reply(worker.send("test-eval", {"expression": expression}))
    return answer["result"]["value"]


def _without_false_stale(result: Dict[str, Any]) -> Dict[str, Any]:
    """The worker's C++ writer writes every member (``stale: false`` too); to_plain() writes
    ``stale`` only when true."""
    definitions = [{k: v for k, v in d.items() if k != "stale" or v} for d in result["definitions"]]
    return {**result, "definitions": definitions}


def _session_plain(worker: Worker, uri: str) -> Dict[str, Any]:
    return json.loads(_eval(worker, f"__import__('json').dumps({SESSION}.document_session("
                                    f"{uri!r}).report.to_plain())"))


EDITS = [
    ("a = 1\nb = 2\n", [[2, 4, 2, 5, "30"], [1, 0, 1, 0, "# top\n"]]),
    ("x = \"\u00e9\U0001F600\"\r\ny = 1\r\n", [[1, 6, 1, 6, "!"], [1, 9, 1, 11, ""]]),
    ("ab\r\ncd\ref", [[1, 40, 1, 50, "<"], [0, 3, -1, 0, ">"], [3, 1, 2, 0, "="]]),
    ("one\ntwo\n", [[7, 0, 9, 9, "tail"], [None, "whole\n"], [1, 2, 9, 0, "!"]]),
]


@pytest.mark.parametrize("index", range(len(EDITS)))
def test_the_worker_applies_edits_as_the_session_does(worker: Worker, index: int) -> None:
    text, edits = EDITS[index]
    uri = f"file:///edits_{index}.py"
    changes: List[Dict[str, Any]] = []
    session_edits = []
    for edit in edits:
        if edit[0] is None:
            changes.append({"range": None, "text": edit[1]})
            session_edits.append(TextEdit(None, edit[1]))
        else:
            changes.append({"range": edit[:4], "text": edit[4]})
            session_edits.append(TextEdit(tuple(edit[:4]), edit[4]))
    expected = DocumentSession()
    expected.set_text(text)
    expected.apply_edits(session_edits)
    worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": text}))
    assert worker.reply(worker.send("change", {"uri": uri, "version": 2,
                                               "edits": changes}))["error"] is None
    assert worker.analyze(uri, 2)["status"] == "done"
    got = _eval(worker, f"ascii({SESSION}.document_session({uri!r}).text)")
    assert got == ascii(expected.text)


def test_every_reassembled_result_is_the_whole_answer(worker: Worker) -> None:
    uri = "file:///delta.py"
    worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": PROGRAM}))
    steps = [
        ("opened", None, (2, 0)),
        ("a digit of second", [14, 22, 14, 23, "5"], (1, 1)),
        ("first moves down", [1, 0, 1, 0, "\n"], (2, 0)),
        ("second broken", [14, 20, 14, 21, ""], (1, 1)),
        ("second mended", [14, 20, 14, 20, ")"], (1, 1)),
        ("first deleted", [5, 0, 10, 0, ""], (1, 0)),  # second moved up: sent again
    ]
    for version, (what, edit, parts) in enumerate(steps, start=1):
        if edit is not None:
            change = {"range": edit[:4], "text": edit[4]}
            worker.send("change", {"uri": uri, "version": version, "edits": [change]})
        answer = worker.analyze(uri, version)
        assert answer["status"] == "done", what
        assert worker.last_parts == parts, what
        assert _without_false_stale(answer["result"]) == _session_plain(worker, uri), what
        if what == "second broken":
            assert answer["result"]["definitions"][1]["stale"] is True


def test_the_analysis_carries_its_position_index_and_queries_answer_on_its_version(
        worker: Worker) -> None:
    uri = "file:///query.py"
    worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": PROGRAM}))
    assert worker.format(uri, 1)["result"]["status"] == "stale"  # not analysed yet
    worker.analyze(uri, 1)
    # Hover reads the part's nodes on the server: lines count from the definition's first.
    first = next(part for part, _ in worker.held[uri].parts.values()
                 if part["definition"]["name"] == "first")
    line = 7 - first["definition"]["range"][0]
    nodes = first["nodes"]
    found = [{**first["descriptions"][nodes[k + 4]],
              "symbol": first["occurrences"][nodes[k + 5]]["symbol"]}
             for k in range(0, len(nodes), 6) if nodes[k:k + 4] == [line, 8, line, 9]]
    assert found == [{"kind": "ir.Var", "text": "A", "type": "T.Tensor((8,), T.int32)",
                      "symbol": "first:1"}]
    assert worker.format(uri, 2)["result"]["status"] == "stale"  # another version
    verdicts = worker.format(uri, 1)["result"]
    assert verdicts["status"] == "done"
    assert [(v["name"], v["reason"]) for v in verdicts["definitions"]] == [
        ("first", None), ("second", None)]
    assert verdicts["definitions"][0]["text"] == (
        "@T.function\ndef first(A: T.Tensor((8,), T.int32)):\n    for i in range(8):\n"
        "        A[i] = A[i] + 1")
    # A comment the printer places is carried into the formatted text.
    assert verdicts["definitions"][1]["text"] == (
        "@T.function\ndef second(A: T.Tensor((8,), T.int32)):\n    # doubled\n"
        "    for i in range(8):\n        A[i] = A[i] * 2")
    bad = worker.reply(worker.send("format", {"uri": uri, "version": "1"}))
    assert bad["error"]["code"] == "invalid-params"


def test_the_assembly_sorts_occurrences_as_to_plain_does() -> None:
    def part(name: str, ranges: List[List[int]]) -> Dict[str, Any]:
        return {"definition": {"name": name}, "diagnostics": [], "symbols": [],
                "comments": [{"range": [1, 0, 1, 1], "text": "#", "statement_line": None,
                              "definition": None}],
                "occurrences": [{"range": r, "symbol": f"{name}{i}"}
                                for i, r in enumerate(ranges)]}

    module = {"diagnostics": [{"code": "syntax-error"}], "symbols": [{"id": "module.n"}]}
    apart = [part("f", [[3, 0, 3, 1], [2, 0, 2, 1]]), part("g", [[4, 0, 4, 1], [4, 0, 4, 1]])]
    overlapping = [part("f", [[5, 4, 5, 5], [3, 0, 3, 1], [5, 4, 5, 5]]),
                   part("g", [[4, 0, 4, 2], [3, 0, 3, 1]])]
    for parts, order in ((apart, ["f1", "f0", "g0", "g1"]),
                         (overlapping, ["f1", "g1", "g0", "f0", "f2"])):
        whole = assemble(module, parts)
        assert [o["symbol"] for o in whole["occurrences"]] == order
        expected = sorted([o for p in parts for o in p["occurrences"]], key=lambda o: o["range"])
        assert whole["occurrences"] == expected
        assert [c["definition"] for c in whole["comments"]] == [0, 1]
        assert whole["symbols"] == [{"id": "module.n"}]


def test_the_worker_says_when_its_definitions_ran_before_it_encodes_the_answer(
        worker: Worker) -> None:
    # The client stops timing the last definition at `answering`: encoding and sending a large
    # answer (its position index included) is no definition's time.
    uri = "file:///answering.py"
    worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": PROGRAM}))
    request = worker.send("analyze", {"uri": uri, "version": 1})
    order = []
    while True:
        message = worker.read()
        if message.get("id") == request:
            order.append("reply")
            break
        order.append((message["event"], message["params"]["request"]))
    assert order == [("definition-started", request), ("definition-started", request),
                     ("answering", request), "reply"]
