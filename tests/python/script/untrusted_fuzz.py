"""The fuzzer of untrusted programs (issue 22, item 6): random files of untrusted_programs.py
analysed one after another by one long-lived analyser, checked by oracles after each.

Places: ``in-process`` (a child interpreter, ``python untrusted_fuzz.py --child``, calls
``parse_diagnostics`` under a 3 GiB address-space limit; the driver speaks JSON lines with it)
and ``worker`` (the sandboxed ``tvm-lsp-worker``, through attack_harness.AttackWorker).

Oracles, each a failure class:

- ``canary-file``: a file appeared in the canary directory the programs name;
- ``state-change`` (in process): a watched global, class attribute or registry changed, or the
  ``MARKER`` attribute appeared (untrusted_state.changes), or the sentinel the child puts on
  ``builtins`` was rebound;
- ``new-module`` (in process): a module outside the frontend's packages was imported;
- ``probe-mismatch``: after every ``probe_every`` programs, the probe documents report other
  than a fresh process (or worker) does;
- ``internal-error``: the analysis reported one;
- ``timeout``: an analysis did not return within the bound; ``crash``: the analyser died.

After a failure the analyser is replaced, so each failure is charged to the programs since
the last clean check (saved with it).
"""

from __future__ import annotations

import builtins
import collections
import json
import os
import pathlib
import resource
import select
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import untrusted_programs  # noqa: E402
import untrusted_state  # noqa: E402

MEMORY_LIMIT = 3 << 30
SENTINEL = "tvm_fuzz_sentinel"
WATCHED_PACKAGES = ("tvm_tirx", "tvm_ffi")


# --- the in-process analyser (the child) --------------------------------------------------------

class ChildOracle:
    """In the child: analyses texts and says what the oracles saw."""

    def __init__(self, canary_dir: str, probe_every: int, trusted: bool) -> None:
        from tvm_tirx.script.parser import namespaces

        namespaces.ensure_initialized()
        self.fresh = untrusted_state.probe_reports()  # before any program: a fresh process's
        setattr(builtins, SENTINEL, object())
        self.canary_dir = canary_dir
        self.probe_every = probe_every
        self.trusted = trusted
        self.count = 0
        self.modules = set(sys.modules)
        self.before = untrusted_state.snapshot()

    def check(self, text: str) -> List[List[str]]:
        from tvm_tirx.script import parse_diagnostics

        report = parse_diagnostics(text, source_name="fuzz.py", trusted=self.trusted)
        problems = [["internal-error", d["message"][:400]]
                    for d in report.to_plain()["diagnostics"] if d["code"] == "internal-error"]
        after = untrusted_state.snapshot()
        problems += [["state-change", c] for c in untrusted_state.changes(self.before, after)]
        self.before = after
        new = {m for m in set(sys.modules) - self.modules if not m.startswith(WATCHED_PACKAGES)}
        problems += [["new-module", m] for m in sorted(new)]
        self.modules = set(sys.modules)
        self.count += 1
        if self.count % self.probe_every == 0 and untrusted_state.probe_reports() != self.fresh:
            problems.append(["probe-mismatch", "a probe reports other than a fresh process"])
        return problems


def child_main(canary_dir: str, probe_every: int, trusted: bool) -> None:
    """The child's loop: one JSON line in (the text), one out (problems, seconds)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    oracle = ChildOracle(canary_dir, probe_every, trusted)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        started = time.monotonic()
        problems = oracle.check(json.loads(line))
        print(json.dumps({"problems": problems, "seconds": time.monotonic() - started}),
              flush=True)


class InProcess:
    """The driver's end of a child."""

    def __init__(self, canary_dir: pathlib.Path, probe_every: int, trusted: bool = False) -> None:
        self.args = [sys.executable, str(pathlib.Path(__file__)), "--child", str(canary_dir),
                     str(probe_every)] + (["--trusted"] if trusted else [])
        self.process: Optional[subprocess.Popen] = None

    def _start(self) -> subprocess.Popen:
        if self.process is None:
            self.process = subprocess.Popen(self.args, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                            text=True)
            self._answer(120.0)
        return self.process

    def _answer(self, bound: float) -> Dict[str, Any]:
        """The child's next line; ``{"timeout": True}`` after ``bound`` seconds, ``{}`` when
        its output ended (it died)."""
        ready, _, _ = select.select([self.process.stdout], [], [], bound)
        if not ready:
            return {"timeout": True}
        line = self.process.stdout.readline()
        return json.loads(line) if line else {}

    def analyse(self, text: str, bound: float) -> List[List[str]]:
        process = self._start()
        try:
            process.stdin.write(json.dumps(text) + "\n")
            process.stdin.flush()
            answer = self._answer(bound)
        except (BrokenPipeError, OSError):
            answer = {}
        if "problems" not in answer:
            self.restart()
            if answer.get("timeout"):
                return [["timeout", f"no answer within {bound} s"]]
            return [["crash", "the child died"]]
        problems = answer["problems"]
        if answer["seconds"] > bound:
            problems.append(["timeout", f"{answer['seconds']:.1f} s"])
        return problems

    def restart(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class InWorker:
    """The sandboxed worker: only canaries, crashes, time and the probes are seen from here."""

    def __init__(self, probe_every: int) -> None:
        import attack_harness

        self.harness = attack_harness
        self.worker = attack_harness.AttackWorker()
        self.fresh = attack_harness.fresh_worker_replies()
        self.probe_every = probe_every
        self.count = 0

    def analyse(self, text: str, bound: float) -> List[List[str]]:
        result = self.worker.analyse("file:///fuzz.py", text)
        if "died" in result:
            return [["crash", result["died"]]]
        problems = []
        if result.get("status") != "done":
            problems.append(["crash", f"status {result.get('status')}"])
        else:
            problems += [["internal-error", d["message"][:400]]
                         for d in result["result"]["diagnostics"]
                         if d["code"] == "internal-error"]
        if result["seconds"] > bound:
            problems.append(["timeout", f"{result['seconds']:.1f} s"])
        self.count += 1
        if self.count % self.probe_every == 0 and self.worker.probe_replies() != self.fresh:
            problems.append(["probe-mismatch", "a probe reports other than a fresh worker"])
        return problems

    def restart(self) -> None:
        self.worker.close()
        self.count = 0

    def close(self) -> None:
        self.worker.close()


# --- the driver ---------------------------------------------------------------------------------

@dataclass
class Summary:
    programs: int = 0
    failures: int = 0
    seconds: float = 0.0
    by_class: Dict[str, int] = field(default_factory=collections.Counter)

    def line(self) -> str:
        rate = self.programs / self.seconds if self.seconds else 0.0
        classes = ", ".join(f"{k} {v}" for k, v in sorted(self.by_class.items())) or "none"
        return (f"{self.programs} programs, {self.failures} failures "
                f"({rate:.1f} programs/s, {self.seconds:.0f} s; by class: {classes})")


def _save(folder: pathlib.Path, seeds: List[int], texts: List[str],
          problems: List[List[str]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    if all(kind != "probe-mismatch" for kind, _ in problems):
        seeds, texts = seeds[-1:], texts[-1:]  # the other oracles look after every program
    seed = seeds[-1]
    (folder / f"seed_{seed}.py").write_text(texts[-1])
    about = [f"{kind}: {detail}" for kind, detail in problems]
    if len(seeds) > 1:
        about.append(f"charged to the programs since the last clean check: seeds {seeds}")
    (folder / f"seed_{seed}.txt").write_text("\n".join(about) + "\n")


def run(seed: int, count: int, *, bound: float = 10.0, probe_every: int = 25,
        worker: bool = False, save: Optional[pathlib.Path] = None, budget: float = 0.0,
        every: int = 0, trusted: bool = False) -> Summary:
    """Analyses programs ``seed .. seed + count - 1``; stops early after ``budget`` seconds
    when it is positive. ``trusted`` analyses them as trusted text (the oracles' own check:
    trusted text runs its Python, so state changes must show)."""
    canary_dir = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"fuzz_canary_{os.getpid()}"
    canary_dir.mkdir(parents=True, exist_ok=True)
    canary = str(canary_dir / "canary")
    analyser = InWorker(probe_every) if worker else InProcess(canary_dir, probe_every, trusted)
    names = untrusted_programs.Names.from_catalog()
    summary, started = Summary(), time.monotonic()
    window_seeds: List[int] = []
    window_texts: List[str] = []
    try:
        for index in range(count):
            if budget and time.monotonic() - started > budget:
                break
            text = untrusted_programs.program(seed + index, names, canary)
            window_seeds.append(seed + index)
            window_texts.append(text)
            problems = analyser.analyse(text, bound)
            if os.listdir(canary_dir):
                problems.append(["canary-file", ", ".join(sorted(os.listdir(canary_dir)))])
                shutil.rmtree(canary_dir)
                canary_dir.mkdir()
            summary.programs += 1
            if problems:
                summary.failures += 1
                for kind in {kind for kind, _ in problems}:
                    summary.by_class[kind] += 1
                if save is not None:
                    _save(save, window_seeds, window_texts, problems)
                analyser.restart()
            if problems or len(window_seeds) == probe_every:  # the analyser checked, or is new
                window_seeds, window_texts = [], []
            summary.seconds = time.monotonic() - started
            if every and summary.programs % every == 0:
                print(summary.line(), flush=True)
    finally:
        (analyser.close if worker else analyser.restart)()
        shutil.rmtree(canary_dir, ignore_errors=True)
    summary.seconds = time.monotonic() - started
    return summary


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    child_main(sys.argv[2], int(sys.argv[3]), "--trusted" in sys.argv[4:])
