"""Runs the red team's attacks (test_untrusted_attacks_*.py, issue 22, item 6) where an untrusted
file is opened, and says what failed.

An attack is an ``untrusted_attacks.Attack``; its text may hold ``{CANARY}`` (a file it would
create), ``{CANARY_DIR}`` and ``{MARKER}`` (an attribute it would set,
``untrusted_state.MARKER``). Each place analyses the attack, then the probe documents of
untrusted_state.py, and these must hold:

1. no canary fires: the canary directory stays empty, and (in process) no watched global or
   registry changed (``untrusted_state.changes``);
2. the attack is answered within ``Attack``-independent bounds and refused: a diagnostic of one
   of its ``refusal_codes`` overlaps one of its markers (``untrusted-not-evaluated`` with
   severity information, as test_untrusted_canary.py checks it); no internal error;
3. the probes then report exactly what a fresh process (or worker) reports.

Places: ``in_process`` (a forked child calls ``parse_diagnostics``, under a memory limit),
``command_line`` (``python -m tvm_tirx.script.check ATTACK PROBES...``), ``in_worker`` (the
sandboxed ``tvm-lsp-worker``, one per test module, restarted when an attack kills it).
"""

from __future__ import annotations

import functools
import json
import os
import pathlib
import re
import resource
import subprocess
import sys
import tempfile
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import pytest

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

import untrusted_attacks as UA  # noqa: E402
import untrusted_state  # noqa: E402
from test_untrusted_canary import refusal_problems  # noqa: E402
from untrusted_attacks import Attack  # noqa: E402
from worker_pipe import Worker  # noqa: E402

TIME_BOUND = 10.0
"""Seconds any one analysis may take, in every place (sizes are bounded, never slow)."""
MEMORY_LIMIT = 3 << 30
"""The address-space limit of the in-process child and the command line (the worker sets its
own, 4 GiB): a size attack that gets through fails here instead of taking the machine."""

WORKER = pathlib.Path(os.environ.get("TVM_LSP_BUILD_DIR", REPO / "build")) / "lsp" / \
    "tvm-lsp-worker"


def render(attack: Attack, canary_dir: pathlib.Path) -> str:
    return UA.render(attack.source, str(canary_dir)).replace("{MARKER}", untrusted_state.MARKER)


def _marker_ranges(attack: Attack, text: str, canary_dir: pathlib.Path) -> List[Any]:
    return [UA.marker_range(text, UA.render(marker, str(canary_dir)).replace(
        "{MARKER}", untrusted_state.MARKER), occurrence) for marker, occurrence in attack.markers]


def canary_dir(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "canary_dir"
    path.mkdir()
    return path


BUDGET_STOP = "budget-stop"
"""The code a size attack's refusal gets here when the analysis stopped it at its own budget:
a ``memory-error`` whose message names the budget (running out of the harness's memory limit
is no bound)."""


def _budget_stop(code: str, message: str) -> bool:
    return code == "memory-error" and "budget" in message


def _verdict(attack: Attack, text: str, folder: pathlib.Path,
             diagnostics: Sequence[Dict[str, Any]]) -> List[str]:
    """Problems of one place's diagnostics of the attack: a refusal at a marker, no
    internal error."""
    problems = []
    internal = [d["message"] for d in diagnostics if d["code"] == "internal-error"]
    if internal:
        problems.append(f"internal-error: {internal[0]}")
    if attack.plain_python:
        return problems  # ordinary Python outside TVMScript is skipped without a report
    diagnostics = [dict(d, code=BUDGET_STOP) if _budget_stop(d["code"], d["message"]) else d
                   for d in diagnostics]
    if "time-limit" in attack.refusal_codes and any(d["code"] == "time-limit"
                                                    for d in diagnostics):
        return problems  # stopped by the worker's limit (half the bound), wherever it says
    problems += refusal_problems(diagnostics, _marker_ranges(attack, text, folder),
                                 attack.refusal_codes)
    return problems


def _created(folder: pathlib.Path) -> List[str]:
    return sorted(os.listdir(folder))


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


# --- in process ---------------------------------------------------------------------------------

CHILD = HERE / "untrusted_child.py"


def _run_child(text: str) -> Dict[str, Any]:
    """untrusted_child.py's answer for ``text``, or ``{"child_error": why}``."""
    try:
        result = subprocess.run([sys.executable, str(CHILD), str(MEMORY_LIMIT)],
                                input=text.encode("utf-8"), capture_output=True,
                                timeout=TIME_BOUND * 2)
    except subprocess.TimeoutExpired:
        return {"child_error": f"no answer within {TIME_BOUND * 2} s"}
    if result.returncode != 0:
        return {"child_error": f"exit {result.returncode}: "
                               f"{result.stderr.decode('utf-8', 'replace')[-1500:]}"}
    return json.loads(result.stdout)


@functools.lru_cache(maxsize=None)
def fresh_probe_reports() -> List[str]:
    """The probes' reports in a fresh interpreter."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import untrusted_state; "
            "print(json.dumps(untrusted_state.probe_reports()))")
    result = subprocess.run([sys.executable, "-c", code, str(HERE)], capture_output=True,
                            text=True, timeout=120, check=True)
    return json.loads(result.stdout)


def probe_problems(place: str, probes: Sequence[str], fresh: Sequence[str]) -> List[str]:
    return [f"{place}: probe {name} reports differently after the attack:\n  after: "
            f"{after[:600]}\n  fresh: {before[:600]}"
            for (name, _), after, before in zip(untrusted_state.PROBES, probes, fresh)
            if after != before]


def in_process(attack: Attack, tmp_path: pathlib.Path) -> List[str]:
    """Every problem of the attack analysed by ``parse_diagnostics`` in a fresh child."""
    folder = canary_dir(tmp_path)
    text = render(attack, folder)
    answer = _run_child(text)
    problems = [f"in process: created {_created(folder)}"] if _created(folder) else []
    if "child_error" in answer:
        return problems + [f"in process: {answer['child_error']}"]
    if answer["seconds"] > TIME_BOUND:
        problems.append(f"in process: the analysis took {answer['seconds']:.1f} s")
    problems += [f"in process: {change}" for change in answer["changes"]]
    problems += [f"in process: {p}" for p in _verdict(attack, text, folder,
                                                        answer["diagnostics"])]
    return problems + probe_problems("in process", answer["probes"], fresh_probe_reports())


# --- the command line ---------------------------------------------------------------------------

def _write_probes(folder: pathlib.Path) -> List[str]:
    (folder / "probes").mkdir()
    names = []
    for name, text in untrusted_state.PROBES:
        (folder / "probes" / name).write_text(text)
        names.append(f"probes/{name}")
    return names


def _check(folder: pathlib.Path, files: Sequence[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tvm_tirx.script.check", *files],
                          capture_output=True, text=True, timeout=TIME_BOUND * 2,
                          cwd=str(folder), env=dict(os.environ), preexec_fn=_limit_memory)


def _sections(output: str) -> Dict[str, str]:
    """The command's output by file: ``== FILE`` starts a file's section."""
    found: Dict[str, List[str]] = {}
    current: List[str] = found.setdefault("", [])
    for line in output.splitlines():
        if line.startswith("== "):
            current = found.setdefault(line[3:], [])
        current.append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


@functools.lru_cache(maxsize=None)
def _fresh_command_line() -> Dict[str, str]:
    with tempfile.TemporaryDirectory() as folder:
        names = _write_probes(pathlib.Path(folder))
        return _sections(_check(pathlib.Path(folder), names).stdout)


def _command_line_refusal(attack: Attack, text: str, folder: pathlib.Path,
                          section: str) -> List[str]:
    """The command prints ``attack.py:LINE:COLUMN: SEVERITY [CODE] message`` (the start
    only): one of the attack's refusal codes must start on a line of one of its markers."""
    if attack.plain_python:
        return []
    lines = {line for start, _, end, _ in _marker_ranges(attack, text, folder)
             for line in range(start, end + 1)}
    for match in re.finditer(r"^attack\.py:(\d+):\d+: (\w+) \[([\w-]+)\](.*)$", section,
                             re.M):
        line, severity, code = int(match.group(1)), match.group(2), match.group(3)
        code = BUDGET_STOP if _budget_stop(code, match.group(4)) else code
        if line in lines and code in attack.refusal_codes and (
                code != "untrusted-not-evaluated" or severity == "information"):
            return []
    return [f"command line: no refusal ({', '.join(attack.refusal_codes)}) on the marker's "
            f"lines {sorted(lines)}:\n{section[-1200:]}"]


def command_line(attack: Attack, tmp_path: pathlib.Path) -> List[str]:
    """Every problem of ``python -m tvm_tirx.script.check attack.py probes...``."""
    folder = canary_dir(tmp_path)
    text = render(attack, folder)
    (tmp_path / "attack.py").write_text(text)
    names = _write_probes(tmp_path)
    try:
        result = _check(tmp_path, ["attack.py", *names])
    except subprocess.TimeoutExpired:
        return [f"command line: no answer within {TIME_BOUND * 2} s"]
    problems = [f"command line: created {_created(folder)}"] if _created(folder) else []
    if result.returncode not in (0, 1) or "Traceback" in result.stderr:
        problems.append(f"command line: exit {result.returncode}: {result.stderr[-800:]}")
    if "[internal-error]" in result.stdout:
        problems.append(f"command line: internal error: {result.stdout[-800:]}")
    sections, fresh = _sections(result.stdout), _fresh_command_line()
    problems += _command_line_refusal(attack, text, folder, sections.get("attack.py", ""))
    for name in names:
        if sections.get(name) != fresh.get(name):
            problems.append(f"command line: {name} reports differently after the attack:\n"
                            f"  after: {sections.get(name)}\n  fresh: {fresh.get(name)}")
    return problems


# --- the sandboxed worker -----------------------------------------------------------------------

class AttackWorker:
    """One long-lived sandboxed worker for a test module's attacks, as the server keeps one;
    replaced when an attack ends it."""

    def __init__(self) -> None:
        self.worker: Optional[Worker] = None
        self.documents = 0

    def _live(self) -> Worker:
        if self.worker is None or self.worker.process.poll() is not None:
            self.worker = Worker(WORKER)
            assert self.worker.ready["sandboxed"] is True, self.worker.ready
            # A computation in C (``sum(range(10**12))``) outlives the worker's own time
            # limit: wait twice the bound, then count the worker as dead.
            self.worker.read = functools.partial(self.worker.read, timeout=TIME_BOUND * 2)
        return self.worker

    def analyse(self, uri: str, text: str) -> Dict[str, Any]:
        """The worker's result for ``text``, or ``{"died": why}``."""
        worker = self._live()
        self.documents += 1
        try:
            worker.reply(worker.send("open", {"uri": uri, "version": 1, "text": text}))
            started = time.monotonic()
            result = worker.analyze(uri, 1, time_limit_ms=int(TIME_BOUND * 500))
            result["seconds"] = time.monotonic() - started
            worker.reply(worker.send("close", {"uri": uri}))
            return result
        except (EOFError, TimeoutError, BrokenPipeError, OSError) as error:
            worker.process.kill()
            worker.process.wait()
            self.worker = None
            return {"died": f"{type(error).__name__}: {error}"}

    def probe_replies(self) -> List[str]:
        replies = []
        for name, text in untrusted_state.PROBES:
            result = self.analyse(f"file:///probes/{name}", text)
            replies.append(json.dumps(result.get("result", result), sort_keys=True))
        return replies

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None


@functools.lru_cache(maxsize=None)
def fresh_worker_replies() -> List[str]:
    fresh = AttackWorker()
    try:
        return fresh.probe_replies()
    finally:
        fresh.close()


@pytest.fixture(scope="module")
def attack_worker() -> Iterator[AttackWorker]:
    worker = AttackWorker()
    yield worker
    worker.close()


def in_worker(attack: Attack, worker: AttackWorker, tmp_path: pathlib.Path) -> List[str]:
    """Every problem of the attack analysed by the module's long-lived sandboxed worker."""
    folder = canary_dir(tmp_path)
    text = render(attack, folder)
    result = worker.analyse(f"file:///attacks/{attack.id}.py", text)
    problems = [f"worker: created {_created(folder)}"] if _created(folder) else []
    if "died" in result:
        return problems + [f"worker: died on the attack: {result['died']}"]
    if result.get("status") != "done":
        return problems + [f"worker: status {result.get('status')}: {str(result)[:600]}"]
    if result["seconds"] > TIME_BOUND:
        problems.append(f"worker: the analysis took {result['seconds']:.1f} s")
    problems += [f"worker: {p}" for p in _verdict(attack, text, folder,
                                                    result["result"]["diagnostics"])]
    return problems + probe_problems("worker", worker.probe_replies(), fresh_worker_replies())


def place_tests(attacks: Sequence[Attack]) -> Tuple[Callable[..., None], ...]:
    """The three tests of a class of attacks, one per place, parametrized by attack:
    ``test_in_process, test_command_line, test_in_worker = place_tests(ATTACKS)``."""
    ids = [a.id for a in attacks]
    each = pytest.mark.parametrize("attack", attacks, ids=ids)

    @each
    def test_in_process(attack: Attack, tmp_path: pathlib.Path) -> None:
        problems = in_process(attack, tmp_path)
        assert not problems, "\n".join(problems)

    @each
    def test_command_line(attack: Attack, tmp_path: pathlib.Path) -> None:
        problems = command_line(attack, tmp_path)
        assert not problems, "\n".join(problems)

    @each
    def test_in_worker(attack: Attack, attack_worker: AttackWorker,
                       tmp_path: pathlib.Path) -> None:
        problems = in_worker(attack, attack_worker, tmp_path)
        assert not problems, "\n".join(problems)

    return test_in_process, test_command_line, test_in_worker


__all__ = ["AttackWorker", "MEMORY_LIMIT", "TIME_BOUND", "attack_worker", "canary_dir",
           "command_line", "fresh_probe_reports", "in_process", "in_worker", "place_tests",
           "render"]
