"""The grammar fuzzer of untrusted programs (issue 22, item 6): random Python ASTs over the
whole grammar, with the namespaces' members, IR values, dunder names, builtins and literals
(tests/python/script/untrusted_programs.py), unparsed into TVMScript files and analysed as
untrusted text one after another, in process or (``--worker``) in the sandboxed worker, with
the oracles of tests/python/script/untrusted_fuzz.py (canary files, state changes, imported
modules, the probe documents against a fresh process every ``--probe-every`` programs, internal
errors, time and crashes).

    PYTHONPATH=build/parser_bridge/python:build/parser_bridge/facade TVM_LSP_BUILD_DIR=build \\
      .venv/bin/python3 scripts/fuzz_untrusted.py --seed 1 --count 100000 \\
      --save fuzz-untrusted-failures

Program ``seed + k`` is the same text on every run (``--show SEED`` prints it). Each failing
program is saved as ``<save>/seed_<n>.py`` with its problems in ``seed_<n>.txt``. Prints a
progress line every ``--every`` programs and ends with the summary line ``N programs, F
failures (rate, seconds; by class)``; exits 1 if any program failed.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import warnings
from typing import Optional, Sequence

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "python" / "script"))

import untrusted_fuzz  # noqa: E402 - found through the path set above
import untrusted_programs  # noqa: E402


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the first program's seed")
    parser.add_argument("--count", type=int, default=1000, help="how many programs")
    parser.add_argument("--time-limit", type=float, default=10.0,
                        help="seconds one analysis may take (past it: a timeout failure)")
    parser.add_argument("--budget", type=float, default=0.0,
                        help="stop after this many seconds in all (0: no limit)")
    parser.add_argument("--probe-every", type=int, default=25,
                        help="check the probe documents after this many programs")
    parser.add_argument("--worker", action="store_true", help="analyse in the sandboxed worker")
    parser.add_argument("--save", type=pathlib.Path, default=pathlib.Path("fuzz-untrusted-failures"),
                        help="folder for failing programs")
    parser.add_argument("--every", type=int, default=1000, help="progress line interval")
    parser.add_argument("--show", type=int, default=None, help="print program SEED and stop")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore", SyntaxWarning)  # CPython on odd literals: noise here
    if args.show is not None:
        names = untrusted_programs.Names.from_catalog()
        print(untrusted_programs.program(args.show, names, "/tmp/fuzz_canary/canary"), end="")
        return 0
    summary = untrusted_fuzz.run(args.seed, args.count, bound=args.time_limit,
                                 probe_every=args.probe_every, worker=args.worker,
                                 save=args.save, budget=args.budget, every=args.every)
    print(("worker: " if args.worker else "in process: ") + summary.line())
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
