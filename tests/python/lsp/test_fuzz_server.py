"""The test command's bounded run of tests/fuzz/fuzz_server.py (the long run and its figures:
docs/performance.md), and checks that its invariants catch what they are meant to catch."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "fuzz"))

import fuzz_server  # noqa: E402
from lsp_server_client import SERVER  # noqa: E402


def test_random_messages_get_one_valid_reply_each_and_the_server_stays() -> None:
    report = fuzz_server.Report()
    fuzz_server.fuzz_messages(SERVER, 4000, seed=11, report=report)
    assert report.failures == []
    assert report.messages == 4000
    # Every request was answered (the run settles each batch; the last reply is the
    # shutdown's), most with results or the errors the bent parameters call for.
    assert sum(report.codes.values()) == report.requests + 1 > 2500
    assert report.codes["result"] > 300 and report.codes[-32602] > 300


def test_hostile_messages_get_their_one_right_answer() -> None:
    # Every message of the hostile classes (issue 22): overflowing numbers, limits, odd ids.
    report = fuzz_server.Report()
    fuzz_server.fuzz_messages(SERVER, 1500, seed=13, report=report, hostile=1.0)
    assert report.failures == []
    assert report.hostile == 1500
    # Each class was seen: with its id (-32602 in params, -32600 outside, -32601 served), with
    # id null (the id overflowed; an id of another type), and notifications (no reply).
    assert min(report.codes[-32602], report.codes[-32600], report.codes[-32601]) > 100
    assert report.null_replies[-32700] > 50 and report.null_replies[-32600] > 50
    assert report.requests + sum(report.null_replies.values()) < 1500 - 100


def test_edit_sequences_end_with_the_diagnostics_of_a_fresh_open() -> None:
    report = fuzz_server.Report()
    fuzz_server.fuzz_edits(SERVER, 200, seed=12, report=report)
    assert report.failures == []
    assert report.sequences == 200
    assert report.with_diagnostics > 150


def test_the_harness_flags_duplicate_replies_unknown_ids_and_internal_errors() -> None:
    report = fuzz_server.Report()
    run = fuzz_server.Run.__new__(fuzz_server.Run)
    run.report, run.seen, run.pending = report, 0, {1: "textDocument/hover", 2: "x", 3: "y"}
    run.expected, run.null_replies = {}, 0
    run.answered = fuzz_server.collections.Counter()
    run.server = type("Fake", (), {"received": [
        {"id": 1, "result": None}, {"id": 1, "result": None}, {"id": 9, "result": None},
        {"id": 2, "error": {"code": -32603, "message": "boom"}}, {"id": 3}]})()
    run.take_replies()
    assert report.failures == [
        "request 1 answered twice: {'id': 1, 'result': None}",
        "a reply to nothing sent: {'id': 1, 'result': None}",
        "a reply to nothing sent: {'id': 9, 'result': None}",
        "x got {'code': -32603, 'message': 'boom'}",
        "y: a reply without result or error: {'id': 3}"]


def test_the_harness_flags_wrong_codes_and_unowed_null_replies() -> None:
    report = fuzz_server.Report()
    run = fuzz_server.Run.__new__(fuzz_server.Run)
    run.report, run.seen, run.null_replies = report, 0, 1
    run.pending, run.expected = {4: "hostile", 5: "hostile"}, {4: -32602, 5: -32600}
    run.answered = fuzz_server.collections.Counter()
    run.server = type("Fake", (), {"received": [
        {"id": None, "error": {"code": -32700, "message": "owed"}},
        {"id": None, "error": {"code": -32700, "message": "not owed"}},
        {"id": 4, "error": {"code": -32602, "message": "right"}},
        {"id": 5, "error": {"code": -32602, "message": "wrong"}}]})()
    run.take_replies()
    assert report.null_replies == {-32700: 1}
    assert report.failures == [
        "a reply to nothing sent: {'id': None, 'error': {'code': -32700, 'message': 'not owed'}}",
        "hostile: expected error -32600, got {'id': 5, 'error': {'code': -32602, 'message': "
        "'wrong'}}"]


def test_the_harness_flags_ranges_outside_the_text() -> None:
    text = "ab\n😀\n"
    inside = [{"code": "c", "range": {"start": {"line": 1, "character": 0},
                                      "end": {"line": 1, "character": 2}}}]
    past = [{"code": "c", "range": {"start": {"line": 1, "character": 0},
                                    "end": {"line": 1, "character": 3}}}]
    assert fuzz_server.check_ranges(inside, text) is None
    assert fuzz_server.check_ranges(past, text) == (
        "diagnostic c has end {'line': 1, 'character': 3} outside the text")
