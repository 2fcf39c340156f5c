#!/usr/bin/env python3
"""The whole-file cold analysis as the analysis worker runs it, counted in instructions
(issue 24, item 2: "measure before and after, by instruction counts").

    .venv/bin/python3 benchmarks/bench_cold_analysis.py [--lines 1000] [--parts]
    .venv/bin/python3 benchmarks/bench_cold_analysis.py --clock [--runs 5]

What is measured: ``worker_entry.analyze_document`` of bench_frontend.py's generated file in a
process that has analysed another document already (the worker is warm before the first
document arrives), then ``to_parts()``, the per-definition answer the worker encodes: every
definition built, its diagnostics, occurrences, comments and position index. Nothing is
reused (a new document name). Beside it, ``ast.parse`` of the same text (header lists blanked,
which CPython 3.11 cannot read), the scale of the issue's target (at most 6x).

Two shapes of the same analysis are compared:

- ``untrusted``: what the worker runs for every file (the evaluator of evaluator.py reads the
  definition's tree and calls the namespace hooks; nothing is rewritten or compiled);
- ``trusted``: the builder-program shape (the transpiler rewrites every expression of the tree
  into a builder program, which is compiled and run), the only shape before the evaluator.

Instructions come from ``valgrind --tool=cachegrind`` over one child process per variant, minus
a child that does the same setup and stops before the measured pass, so other processes' load
does not move them. ``--parts`` adds what each named part of the untrusted analysis costs: the
part is made to run twice, and the difference to a normal run is its cost. ``--clock`` measures
process CPU time in this process instead (best of ``--runs``).
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_frontend as bench  # noqa: E402  (puts the build's Python packages on the path)

from tvm_tirx.script.parser import analysis, program, report  # noqa: E402
from tvm_tirx.script.parser import source_text, worker_entry  # noqa: E402

VARIANTS = ("none", "ast.parse", "untrusted", "trusted")


def _twice(owner: Any, name: str) -> Callable[[], Any]:
    """A patch that runs ``owner.name`` twice per call (the second result is returned)."""
    original = getattr(owner, name)

    @functools.wraps(original)
    def doubled(*args: Any, **kwargs: Any) -> Any:
        original(*args, **kwargs)
        return original(*args, **kwargs)

    @contextlib.contextmanager
    def patch() -> Iterator[None]:
        setattr(owner, name, doubled)
        try:
            yield
        finally:
            setattr(owner, name, original)

    return patch


# Parts of the untrusted analysis whose cost --parts reports (each is idempotent: running it
# twice gives the same result as once).
PARTS: Dict[str, Callable[[], Any]] = {
    "static check of the tree (evaluated.check_function)": _twice(program, "check_function"),
    "names' precheck and bound names (BuilderProgram._transpile_options)":
        _twice(program.BuilderProgram, "_transpile_options"),
    "lossy verdict (_FileAnalysis._lossy)": _twice(analysis._FileAnalysis, "_lossy"),
    "Apache spellings (spelling.apache_members)": _twice(analysis, "apache_members"),
    "occurrences (_FileAnalysis._occurrences)": _twice(analysis._FileAnalysis, "_occurrences"),
    "well-formedness (_FileAnalysis._well_formed)": _twice(analysis._FileAnalysis,
                                                            "_well_formed"),
    "plain part, position index included (UnitPart._make_plain)":
        _twice(report.UnitPart, "_make_plain"),
    "position index (report.hover_nodes)": _twice(report, "hover_nodes"),
}


def _setup(lines: int) -> Tuple[str, str]:
    """The generated text and its blanked twin, with the frontend warm (another document
    analysed, as the worker does at ``initialize``)."""
    text, _ = bench.generate_file(lines)
    warm, _ = bench.generate_file(120, seed=7)
    worker_entry.analyze_document(warm, source_name="warm.py").to_parts()
    worker_entry.analyze_document(warm, source_name="warm-trusted.py",
                                  trusted=True).to_parts()
    return text, source_text.scan(text, "bench").blanked_text


def _measured(variant: str, text: str, blanked: str, name: str) -> Any:
    if variant == "ast.parse":
        return ast.parse(blanked)
    if variant in ("untrusted", "trusted"):
        answer = worker_entry.analyze_document(text, source_name=name,
                                               trusted=variant == "trusted")
        parts = answer.to_parts()
        return parts
    return None


def child(variant: str, lines: int, passes: int, part: Optional[str]) -> None:
    text, blanked = _setup(lines)
    patch = PARTS[part]() if part else contextlib.nullcontext()
    with patch:
        for index in range(passes):
            _measured(variant, text, blanked, f"cold-{index}.py")


def instructions(variant: str, lines: int, passes: int, part: Optional[str] = None) -> int:
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", variant,
               "--lines", str(lines), "--passes", str(passes)]
    if part:
        command += ["--part", part]
    done = subprocess.run(command, capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in cachegrind's output:\n{done.stderr}")
    return int(found.group(1).replace(",", ""))


def clock(lines: int, runs: int) -> Dict[str, float]:
    text, blanked = _setup(lines)
    best: Dict[str, float] = {}
    for index in range(runs):
        for variant in VARIANTS[1:]:
            start = time.process_time()
            _measured(variant, text, blanked, f"clock-{variant}-{index}.py")
            spent = (time.process_time() - start) * 1000.0
            best[variant] = min(best.get(variant, spent), spent)
    return best


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument("--clock", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", choices=VARIANTS, help=argparse.SUPPRESS)
    parser.add_argument("--passes", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--part", choices=sorted(PARTS), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.lines, args.passes, args.part)
        return 0
    count = bench.generate_file(args.lines)[0].count("\n")
    if args.clock:
        best = clock(args.lines, args.runs)
        parse = best["ast.parse"]
        print(f"{count:,} lines; process CPU time, best of {args.runs}")
        print("| variant | ms | x ast.parse |\n|---|---:|---:|")
        for variant in VARIANTS[1:]:
            print(f"| {variant} | {best[variant]:.1f} | {best[variant] / parse:.1f} |")
        return 0
    base = instructions("none", args.lines, 0)
    counts = {variant: instructions(variant, args.lines, 1) - base for variant in VARIANTS[1:]}
    parse = counts["ast.parse"]
    per_k = 1000.0 / count / 1e6
    print(f"{count:,} lines; millions of instructions per 1,000 lines (cachegrind)")
    print("| variant | M instructions / 1k lines | x ast.parse |\n|---|---:|---:|")
    for variant in VARIANTS[1:]:
        print(f"| {variant} | {counts[variant] * per_k:.0f} | {counts[variant] / parse:.1f} |")
    if args.parts:
        whole = counts["untrusted"]
        print("\n| part of the untrusted analysis | M instructions / 1k lines | share |")
        print("|---|---:|---:|")
        for part in PARTS:
            cost = instructions("untrusted", args.lines, 1, part) - base - whole
            print(f"| {part} | {cost * per_k:.0f} | {cost / whole:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
