"""The canary suite: opening untrusted TVMScript runs none of its code (issue 9, item 5).

Every attack of untrusted_attacks.py tries to create a file. For each one:

- ``parse_diagnostics(text)`` (untrusted, the default) must (a) leave the canary directory
  empty, the decisive check; (b) report ``untrusted-not-evaluated``, severity information, on a
  range overlapping the attack's marker (the expression that must not be evaluated); (c) not
  raise and report no ``internal-error``;
- ``python -m tvm_tirx.script.check FILE`` must leave the canary directory empty too.

The in-process check runs in a forked child: an attack that gets through may change the
process (one poisons the builder programs' builtins for every later parse), and must not be
able to change the verdict on the next one. ``CANARY_NO_FORK=1`` runs it in this process
instead (for a debugger).

The sanity tests prove the harness can fail: every live marker, run as ordinary Python,
creates the canary; trusted parsing and the trusted command line run a body that does; the
refusal check rejects diagnostics that miss the marker.
"""

from __future__ import annotations

import ast
import builtins
import collections
import json
import os
import pathlib
import select
import signal
import subprocess
import sys
import time
import traceback
from typing import Any, Callable, Dict, List, Sequence, Tuple

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import untrusted_attacks as UA  # noqa: E402
from untrusted_attacks import ATTACKS, Attack  # noqa: E402

REFUSAL_CODE = "untrusted-not-evaluated"
# (b) for attacks whose code sits only in ordinary Python outside TVMScript (Attack.plain_python:
# foreign decorators of plain functions, unused module-level statements, an enclosing
# function's defaults). Decided: the engine does not report ordinary Python it skips (a file's
# every import and helper would carry a note), only what TVMScript would have read: a use of a
# name that Python binds, a foreign decorator or base of a TVMScript definition. So only (a)
# and (c) hold for those; (a), nothing ran, is checked for every attack.
REFUSE_IN_PLAIN_PYTHON = False
TIMEOUT = 60.0


# --- harness -----------------------------------------------------------------------------------

def _canary_dir(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "canary_dir"
    path.mkdir()
    return path


def _created(canary_dir: pathlib.Path) -> List[str]:
    return sorted(os.listdir(canary_dir))


def _in_child(work: Callable[[], Any], timeout: float = TIMEOUT) -> Any:
    """``work()`` in a forked child, its JSON result returned here; the child's exception (or
    a time-out) becomes a dict ``{"child_error": ...}``."""
    if os.environ.get("CANARY_NO_FORK"):
        try:
            return work()
        except BaseException:  # noqa: BLE001
            return {"child_error": traceback.format_exc()}
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        status = 0
        try:
            os.close(read_end)
            try:
                result = work()
            except BaseException:  # noqa: BLE001
                result = {"child_error": traceback.format_exc()}
            data = json.dumps(result).encode("utf-8")
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        except BaseException:  # noqa: BLE001
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    chunks = []
    deadline = time.monotonic() + timeout
    try:
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                os.kill(pid, signal.SIGKILL)
                return {"child_error": f"timed out after {timeout} s"}
            ready, _, _ = select.select([read_end], [], [], remaining)
            if not ready:
                continue
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        os.waitpid(pid, 0)
    if not chunks:
        return {"child_error": "the child died without an answer"}
    return json.loads(b"".join(chunks).decode("utf-8"))


def _parse_in_child(text: str, **options: Any) -> Dict[str, Any]:
    def work() -> Dict[str, Any]:
        from tvm_tirx.script import parse_diagnostics

        try:
            report = parse_diagnostics(text, **options)
        except BaseException:  # noqa: BLE001 - (c): parse_diagnostics must not raise
            return {"raised": traceback.format_exc()}
        return {"diagnostics": report.to_plain()["diagnostics"]}

    return _in_child(work)


def _marker_ranges(attack: Attack, text: str, canary_dir: str) -> List[Tuple[int, int, int, int]]:
    return [UA.marker_range(text, UA.render(marker, canary_dir), occurrence)
            for marker, occurrence in attack.markers]


def refusal_problems(diagnostics: Sequence[Dict[str, Any]],
                     markers: Sequence[Tuple[int, int, int, int]],
                     codes: Sequence[str] = (REFUSAL_CODE,)) -> List[str]:
    """Why ``diagnostics`` (plain data) hold no refusal on a marker; empty when one does."""
    refusals = [d for d in diagnostics if d.get("code") in codes]
    if not refusals:
        return [f"no `{REFUSAL_CODE}` diagnostic (got codes "
                f"{sorted({d.get('code') for d in diagnostics})})"]
    problems = []
    for d in refusals:
        if d.get("code") == REFUSAL_CODE and d.get("severity") != "information":
            problems.append(f"`{REFUSAL_CODE}` at {d.get('range')} has severity "
                            f"{d.get('severity')!r}, not 'information'")
        elif any(UA.overlaps(d["range"], m) for m in markers):
            return []
    where = ", ".join(str(d.get("range")) for d in refusals)
    return problems + [f"no information `{REFUSAL_CODE}` overlaps the marker range(s) "
                       f"{list(markers)} (refusals at {where})"]


def _cli(path: pathlib.Path, *flags: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tvm_tirx.script.check", *flags, str(path)],
                          capture_output=True, text=True, timeout=TIMEOUT,
                          env=dict(os.environ), cwd=str(path.parent))


def _write(path: pathlib.Path, text: str) -> pathlib.Path:
    with open(path, "w", encoding="utf-8", newline="") as f:  # CRLF attacks stay CRLF
        f.write(text)
    return path


# --- the attacks ---------------------------------------------------------------------------------

@pytest.mark.parametrize("attack", ATTACKS, ids=[a.id for a in ATTACKS])
def test_attack_runs_nothing(attack: Attack, tmp_path: pathlib.Path) -> None:
    canary_dir = _canary_dir(tmp_path)
    text = UA.render(attack.source, str(canary_dir))
    markers = _marker_ranges(attack, text, str(canary_dir))
    answer = _parse_in_child(text)
    # (a) the decisive check: nothing ran.
    assert _created(canary_dir) == [], (
        f"{attack.id}: untrusted parse_diagnostics ran the file's code (created "
        f"{_created(canary_dir)}); diagnostics: {answer.get('diagnostics')}")
    # (c) no exception, no internal error.
    assert "child_error" not in answer, answer["child_error"]
    assert "raised" not in answer, f"parse_diagnostics raised:\n{answer['raised']}"
    diagnostics = answer["diagnostics"]
    internal = [d for d in diagnostics if d["code"] == "internal-error"]
    assert not internal, f"internal-error: {internal[0]['message']}"
    # (b) the refusal, at the marker.
    if attack.plain_python and not REFUSE_IN_PLAIN_PYTHON:
        return
    problems = refusal_problems(diagnostics, markers, attack.refusal_codes)
    assert not problems, f"{attack.id}: " + "; ".join(problems) + \
        f"\ndiagnostics: {[(d['code'], d['severity'], d['range']) for d in diagnostics]}"


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.id for a in ATTACKS])
def test_attack_runs_nothing_from_the_command_line(attack: Attack,
                                                   tmp_path: pathlib.Path) -> None:
    canary_dir = _canary_dir(tmp_path)
    path = _write(tmp_path / "attack.py", UA.render(attack.source, str(canary_dir)))
    result = _cli(path)
    assert _created(canary_dir) == [], (
        f"{attack.id}: `python -m tvm_tirx.script.check` ran the file's code (created "
        f"{_created(canary_dir)}); output:\n{result.stdout}{result.stderr}")
    assert result.returncode in (0, 1), result.stdout + result.stderr
    assert "[internal-error]" not in result.stdout, result.stdout


@pytest.mark.parametrize("poisoner_id, victim", UA.CROSS_DOCUMENT,
                         ids=[p for p, _ in UA.CROSS_DOCUMENT])
def test_nothing_carries_to_the_next_document(poisoner_id: str, victim: str,
                                              tmp_path: pathlib.Path) -> None:
    """A poisoner, then an innocent-looking document, in one process (as the worker sees
    them): the second must not run code the first planted."""
    poisoner = {a.id: a for a in ATTACKS}[poisoner_id]
    poisoner_dir = _canary_dir(tmp_path)
    canary_dir = tmp_path / "victim_canary_dir"
    canary_dir.mkdir()
    first = UA.render(poisoner.source, str(poisoner_dir))
    second = UA.render(victim, str(canary_dir))

    def work() -> Dict[str, Any]:
        from tvm_tirx.script import parse_diagnostics

        parse_diagnostics(first)
        return {"diagnostics": parse_diagnostics(second).to_plain()["diagnostics"]}

    answer = _in_child(work)
    assert (_created(canary_dir), _created(poisoner_dir)) == ([], []), (
        f"(second document, poisoner) created files; the second's diagnostics: {answer}")
    files = [_write(tmp_path / "first.py", first), _write(tmp_path / "second.py", second)]
    result = subprocess.run([sys.executable, "-m", "tvm_tirx.script.check", *map(str, files)],
                            capture_output=True, text=True, timeout=TIMEOUT,
                            env=dict(os.environ), cwd=str(tmp_path))
    assert (_created(canary_dir), _created(poisoner_dir)) == ([], []), \
        result.stdout + result.stderr


# --- the attack data -----------------------------------------------------------------------------

def test_attack_data_is_complete() -> None:
    assert len(ATTACKS) >= 48
    ids = [a.id for a in ATTACKS]
    assert len(ids) == len(set(ids)), [i for i, n in collections.Counter(ids).items() if n > 1]
    for attack in ATTACKS:
        assert attack.hole in UA.HOLES, attack.id
        assert attack.entry in UA.ENTRIES, attack.id
        assert "{CANARY}" in attack.source or "{CANARY_DIR}" in attack.source, attack.id
        text = UA.render(attack.source, "/canary-dir")
        _marker_ranges(attack, text, "/canary-dir")  # every marker is in its text
    assert {a.hole for a in ATTACKS} == set(UA.HOLES)
    assert {a.entry for a in ATTACKS} == set(UA.ENTRIES)
    # Every class of hole through more than one entry point, and attacks with no import.
    for hole in UA.HOLES:
        assert len({a.entry for a in ATTACKS if a.hole == hole}) >= 2, hole
    assert any("import" not in a.source for a in ATTACKS)


def _run_as_python(code: str) -> None:
    """Runs ``code`` as ordinary, trusted Python with the namespaces and real builtins, a few
    frames deep (frame-walking markers look up to six callers)."""
    from tvm_tirx.script import ir as I, s_tir as Ts, tirx as T

    def deeper(depth: int) -> None:
        if depth:
            return deeper(depth - 1)
        exec(compile(code, "<marker>", "exec"),  # noqa: S102 - the sanity check
             {"T": T, "I": I, "Ts": Ts, "builtins": builtins, "__builtins__": builtins})

    deeper(8)


LIVE = [a for a in ATTACKS if a.live]


@pytest.mark.parametrize("attack", LIVE, ids=[a.id for a in LIVE])
def test_marker_is_live(attack: Attack, tmp_path: pathlib.Path) -> None:
    """The marker, run as ordinary Python, creates the canary: the attack is no dud, and the
    canary check sees it."""
    canary_dir = _canary_dir(tmp_path)
    code = UA.render(attack.marker, str(canary_dir))

    def work() -> Dict[str, Any]:
        try:
            _run_as_python(code)
        except Exception as exc:  # noqa: BLE001 - the file is made before some markers fail
            return {"error": repr(exc)}
        return {}

    answer = _in_child(work)
    assert _created(canary_dir), f"{attack.id}: the marker created nothing: {answer}"


# --- the harness can fail ------------------------------------------------------------------------

BODY_OPEN = '''from tvm_tirx.script import tirx as T


@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = open("{CANARY}", "w")
    A[0] = 1
'''

MODULE_LEVEL_OPEN = '''from tvm_tirx.script import tirx as T

LOG = open("{CANARY}", "w")


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''


def test_canary_seen_when_python_writes_it(tmp_path: pathlib.Path) -> None:
    canary_dir = _canary_dir(tmp_path)
    exec(compile(UA.render('open("{CANARY}", "w").close()', str(canary_dir)), "<s>", "exec"))
    assert _created(canary_dir) == [UA.CANARY_NAME]


def test_trusted_body_runs(tmp_path: pathlib.Path) -> None:
    """Trusted text's builder program has the real builtins: the same canary check sees the
    file appear."""
    canary_dir = _canary_dir(tmp_path)
    answer = _parse_in_child(UA.render(BODY_OPEN, str(canary_dir)), trusted=True)
    assert _created(canary_dir) == [UA.CANARY_NAME], answer
    assert "raised" not in answer and "child_error" not in answer, answer


def test_trusted_command_line_runs(tmp_path: pathlib.Path) -> None:
    canary_dir = _canary_dir(tmp_path)
    path = _write(tmp_path / "trusted.py", UA.render(BODY_OPEN, str(canary_dir)))
    result = _cli(path, "--trusted")
    assert _created(canary_dir) == [UA.CANARY_NAME], result.stdout + result.stderr


def test_untrusted_body_open_is_the_baseline_control(tmp_path: pathlib.Path) -> None:
    """The control without a hole: the same body untrusted creates nothing today already
    (``open`` is not a pure builtin), so what the attacks add is their route."""
    canary_dir = _canary_dir(tmp_path)
    _parse_in_child(UA.render(BODY_OPEN, str(canary_dir)))
    assert _created(canary_dir) == []


def test_trusted_module_level_statement_runs(tmp_path: pathlib.Path) -> None:
    """Trusted mode runs the file's module code as an import would (issue 9, item 5), so a
    module-level statement creates the canary. (Not so before the new engine: trusted text's
    module code did not run either.)"""
    canary_dir = _canary_dir(tmp_path)
    answer = _parse_in_child(UA.render(MODULE_LEVEL_OPEN, str(canary_dir)), trusted=True)
    assert _created(canary_dir) == [UA.CANARY_NAME], answer


def test_refusal_check_can_fail() -> None:
    marker = (5, 4, 5, 20)
    good = {"code": REFUSAL_CODE, "severity": "information", "range": [5, 10, 5, 30]}
    assert refusal_problems([good], [marker]) == []
    assert refusal_problems([dict(good, range=[5, 10, 5, 10])], [marker]) == []  # empty, inside
    assert refusal_problems([], [marker])
    assert refusal_problems([dict(good, code="name-error")], [marker])
    assert refusal_problems([dict(good, severity="error")], [marker])
    assert refusal_problems([dict(good, range=[5, 20, 5, 30])], [marker])  # touches, no overlap
    assert refusal_problems([dict(good, range=[6, 0, 6, 9])], [marker])
    assert refusal_problems([dict(good, range=[4, 0, 5, 5])], [marker]) == []  # from above
    # Any one of the attack's markers will do.
    assert refusal_problems([dict(good, range=[9, 0, 9, 3])], [marker, (9, 1, 9, 2)]) == []


def test_marker_ranges_are_lines_and_utf8_byte_columns() -> None:
    text = 'a = 1\r\nb = "é" + f(x)\rc = g(\n  y)\n'
    assert UA.marker_range(text, "f(x)") == (2, 11, 2, 15)
    assert UA.marker_range(text, "g(\n  y)") == (3, 4, 4, 4)
    assert UA.marker_range(text, "1") == (1, 4, 1, 5)
    with pytest.raises(ValueError):
        UA.marker_range(text, "f(x)", 1)
    # The convention is Python's own: ast positions are (line, UTF-8 byte column).
    by_id = {a.id: a for a in ATTACKS}
    for attack_id in ("c3-body-utf8-column", "c3-body-crlf", "c3-body-builtins-open"):
        attack = by_id[attack_id]
        text = UA.render(attack.source, "/d")
        marker = UA.render(attack.marker, "/d")
        calls = [n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Call)
                 and ast.get_source_segment(text, n) == marker]
        assert calls, attack_id
        node = calls[0]
        expected = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
        assert UA.marker_range(text, marker, attack.occurrence) == expected, attack_id
