"""Long fuzz runs of the analysis: ``parse_diagnostics`` (untrusted, the default) over
deterministic mutants of the corpus, checked with the invariants of
tests/python/script/fuzz_mutants.py (the same ones as the test command's bounded run).

    PYTHONPATH=build/parser_bridge/python:build/parser_bridge/facade TVM_LSP_BUILD_DIR=build \\
      .venv/bin/python3 scripts/fuzz_analysis.py --mutants 100000 --seed 1000000 \\
      --save fuzz-failures

Seeds ``seed .. seed + mutants - 1`` are run; each failing input is saved as
``<save>/seed_<n>.py`` (written with surrogatepass, so lone surrogates survive), with its
problems in ``seed_<n>.txt``. Prints throughput every ``--every`` mutants and a summary at the
end; exits 1 if any mutant failed. A mutant that takes longer than ``--slow`` seconds is listed
too (the analysis cannot be interrupted in-process, so a hang shows as a stalled counter; the
``faulthandler`` dump after ``--hang`` seconds says where).
"""

from __future__ import annotations

import argparse
import collections
import faulthandler
import pathlib
import re
import sys
import time
import warnings
from typing import List, Optional, Sequence

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "python" / "script"))

import fuzz_mutants  # noqa: E402 - found through the path set above

from tvm_tirx.script import parse_diagnostics  # noqa: E402


def problem_kind(problem: str) -> str:
    """The problem without its numbers and details: ``diagnostics[N]: repeated``."""
    head = ":".join(problem.split(":")[:2])
    return re.sub(r"\d+", "N", re.sub(r" in \[.*", "", head))[:90]


def save(folder: pathlib.Path, seed: int, text: str, problems: Sequence[str], about: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"seed_{seed}.py").write_bytes(text.encode("utf-8", "surrogatepass"))
    (folder / f"seed_{seed}.txt").write_text(about + "\n" + "\n".join(problems) + "\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1_000_000, help="the first seed")
    parser.add_argument("--save", type=pathlib.Path, default=pathlib.Path("fuzz-failures"),
                        help="folder for failing inputs")
    parser.add_argument("--every", type=int, default=5_000, help="progress line interval")
    parser.add_argument("--slow", type=float, default=2.0, help="report mutants slower than this")
    parser.add_argument("--hang", type=float, default=120.0, help="dump tracebacks after this")
    args = parser.parse_args(argv)

    warnings.simplefilter("ignore", SyntaxWarning)  # CPython on broken literals: noise here
    programs = fuzz_mutants.corpus()
    failures: List[int] = []
    slow: List[str] = []
    kinds: collections.Counter = collections.Counter()
    started = time.perf_counter()
    analysed = 0.0
    for number, seed in enumerate(range(args.seed, args.seed + args.mutants), 1):
        found = fuzz_mutants.mutant(seed, programs)
        faulthandler.dump_traceback_later(args.hang, exit=False)
        before = time.perf_counter()
        problems = fuzz_mutants.report_problems(found.text, parse_diagnostics)
        spent = time.perf_counter() - before
        faulthandler.cancel_dump_traceback_later()
        analysed += spent
        if spent > args.slow:
            slow.append(f"{found.describe()}: {spent:.1f} s")
            problems = problems + [f"slow: {spent:.1f} s"]
        if problems:
            failures.append(seed)
            kinds.update(set(map(problem_kind, problems)))  # each kind once per mutant
            save(args.save, seed, found.text, problems, found.describe())
            print(f"FAIL {found.describe()}: {problems[0][:300]}", flush=True)
        if number % args.every == 0 or number == args.mutants:
            elapsed = time.perf_counter() - started
            print(f"{number} mutants in {elapsed:.1f} s ({number / elapsed:.0f}/s overall, "
                  f"{number / analysed:.0f}/s in parse_diagnostics), {len(failures)} failing",
                  flush=True)
    elapsed = time.perf_counter() - started
    print(f"done: {args.mutants} mutants (seeds {args.seed}..{args.seed + args.mutants - 1}) in "
          f"{elapsed:.1f} s, {args.mutants / elapsed:.0f} mutants/s; {len(failures)} failing"
          + (f", saved under {args.save}" if failures else ""))
    for kind, count in kinds.most_common():
        print(f"  {count:6d} mutants: {kind}")
    for line in slow:
        print(f"  slow: {line}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
