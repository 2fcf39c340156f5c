#!/usr/bin/env python3
"""Per-call cost of tvm_ffi function calls next to plain pybind11 functions of the same signature.

Run from the repository root (after ``ninja -C build``)::

    .venv/bin/python3 benchmarks/bench_ffi_calls.py            # table
    .venv/bin/python3 benchmarks/bench_ffi_calls.py --json     # machine-readable

The build folder is ``build/`` unless ``TVM_LSP_BUILD_DIR`` names another one. The pybind11
side is the ``pybind_baseline`` extension built from ``benchmarks/pybind_baseline.cc``.

Each figure is the best (minimum) of several timeit repeats, in nanoseconds per call, including
the cost of the empty timeit loop around the call (the same on both sides; reported separately).
Repeats of the two sides are interleaved so that both see the same machine load; the median of
the repeats is reported too, as a check on noise. The target is a ratio tvm_ffi / pybind11 of at
most 1.5.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import timeit
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

TARGET_RATIO = 1.5


def _setup_path() -> Path:
    repo = Path(__file__).resolve().parent.parent
    build = Path(os.environ.get("TVM_LSP_BUILD_DIR", str(repo / "build")))
    if not build.is_absolute():
        build = (Path.cwd() / build).resolve()
    for sub in ("parser_bridge/python", "benchmarks"):
        path = build / sub
        if not path.is_dir():
            sys.exit(f"bench_ffi_calls: {path} does not exist; build first (ninja -C {build})")
        sys.path.insert(0, str(path))
    return build


BUILD_DIR = _setup_path()

import pybind_baseline  # noqa: E402
import tvm_ffi  # noqa: E402


class PlainObject:
    """The Python object handed to pybind11's echo (it just passes the reference through)."""


def _timer(func: Callable[..., Any], args: tuple) -> timeit.Timer:
    names = [f"a{i}" for i in range(len(args))]
    env = {"_f": func, **{f"_{n}": v for n, v in zip(names, args)}}
    setup = "; ".join(["f = _f"] + [f"{n} = _{n}" for n in names])
    return timeit.Timer(f"f({', '.join(names)})", setup=setup, globals=env)


def _loop_count(timer: timeit.Timer, min_time: float) -> int:
    """The loop count that makes one repeat of timer take about min_time seconds."""
    number, elapsed = timer.autorange()
    return max(1, int(number * min_time / max(elapsed, 1e-9)))


def measure_pair(ffi: tuple, pybind: tuple, repeat: int, min_time: float) -> Dict[str, float]:
    """ns per call of both sides, best and median of `repeat` interleaved repeats.

    The repeats alternate between the two sides so that both see the same machine load.
    """
    timers = [_timer(*ffi), _timer(*pybind)]
    numbers = [_loop_count(t, min_time) for t in timers]
    samples: List[List[float]] = [[], []]
    for _ in range(repeat):
        for side in (0, 1):
            samples[side].append(timers[side].timeit(numbers[side]) / numbers[side] * 1e9)
    return {
        "ffi_best": min(samples[0]),
        "pybind_best": min(samples[1]),
        "ffi_median": statistics.median(samples[0]),
        "pybind_median": statistics.median(samples[1]),
    }


def loop_overhead(repeat: int, min_time: float) -> float:
    """Nanoseconds per iteration of an empty timeit loop (included in every figure)."""
    timer = timeit.Timer("pass")
    number = _loop_count(timer, min_time)
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e9


def cases() -> List[Dict[str, Any]]:
    echo = tvm_ffi.get_global_func("testing.echo")
    add3 = tvm_ffi.get_global_func("testing.add3")
    nop = tvm_ffi.get_global_func("testing.nop")
    pair = tvm_ffi.testing.TestIntPair(1, 2)
    ints = list(range(1000))
    text = "hello world"
    return [
        {"case": "echo(1)", "ffi": (echo, (1,)), "pybind": (pybind_baseline.echo, (1,))},
        {
            "case": "echo(object)",
            "ffi": (echo, (pair,)),
            "pybind": (pybind_baseline.echo, (PlainObject(),)),
        },
        {"case": "echo(str)", "ffi": (echo, (text,)), "pybind": (pybind_baseline.echo, (text,))},
        {
            "case": "add3(1, 2, 3)",
            "ffi": (add3, (1, 2, 3)),
            "pybind": (pybind_baseline.add3, (1, 2, 3)),
        },
        {
            "case": "convert(list[1000])",
            "ffi": (tvm_ffi.convert, (ints,)),
            "pybind": (pybind_baseline.take_list, (ints,)),
        },
        # Not one of the target cases: the bare call cost, for reading the others.
        {"case": "nop()", "ffi": (nop, ()), "pybind": (pybind_baseline.nop, ()), "extra": True},
    ]


def check_cases(rows: List[Dict[str, Any]]) -> None:
    """The two sides must do what the case says before their speed means anything."""

    def require(ok: bool, what: str) -> None:
        if not ok:
            sys.exit(f"bench_ffi_calls: sanity check failed: {what}")

    echo = rows[0]["ffi"][0]
    require(echo(1) == 1 and pybind_baseline.echo(1) == 1, "echo(1)")
    pair = rows[1]["ffi"][1][0]
    require(echo(pair).same_as(pair), "echo(TestIntPair) returns the same FFI object")
    require(echo("hello world") == "hello world", "echo(str)")
    require(rows[3]["ffi"][0](1, 2, 3) == 6 and pybind_baseline.add3(1, 2, 3) == 6, "add3")
    ints = rows[4]["ffi"][1][0]
    array = tvm_ffi.convert(ints)
    require(isinstance(array, tvm_ffi.Array) and list(array) == ints, "convert(list)")
    require(pybind_baseline.take_list(ints) == len(ints), "take_list returns the size")


def run(repeat: int, min_time: float, only: Optional[List[str]]) -> Dict[str, Any]:
    rows = cases()
    check_cases(rows)
    unknown = sorted(set(only or []) - {row["case"] for row in rows})
    if unknown:
        names = ", ".join(row["case"] for row in rows)
        sys.exit(f"bench_ffi_calls: unknown case(s) {', '.join(unknown)}; cases: {names}")
    results = []
    for row in rows:
        if only and row["case"] not in only:
            continue
        m = measure_pair(row["ffi"], row["pybind"], repeat, min_time)
        ffi_ns, pybind_ns = m["ffi_best"], m["pybind_best"]
        ratio = ffi_ns / pybind_ns
        results.append(
            {
                "case": row["case"],
                "tvm_ffi_ns": round(ffi_ns, 1),
                "pybind11_ns": round(pybind_ns, 1),
                "ratio": round(ratio, 2),
                "tvm_ffi_median_ns": round(m["ffi_median"], 1),
                "pybind11_median_ns": round(m["pybind_median"], 1),
                "median_ratio": round(m["ffi_median"] / m["pybind_median"], 2),
                "meets_target": ratio <= TARGET_RATIO,
                "target_case": not row.get("extra", False),
            }
        )
    return {
        "target_ratio": TARGET_RATIO,
        "repeat": repeat,
        "min_time_s": min_time,
        "loop_overhead_ns": round(loop_overhead(repeat, min_time), 1),
        "python": platform.python_version(),
        "build_dir": str(BUILD_DIR),
        "results": results,
    }


def print_table(report: Dict[str, Any]) -> None:
    header = (
        f"{'case':<22}{'tvm_ffi ns':>12}{'pybind11 ns':>13}{'ratio':>8}"
        f"{'median ratio':>14}  target <= {TARGET_RATIO}x"
    )
    print(header)
    print("-" * len(header))
    for r in report["results"]:
        verdict = "met" if r["meets_target"] else "MISSED"
        if not r["target_case"]:
            verdict += " (informative)"
        print(
            f"{r['case']:<22}{r['tvm_ffi_ns']:>12.1f}{r['pybind11_ns']:>13.1f}"
            f"{r['ratio']:>7.2f}x{r['median_ratio']:>13.2f}x  {verdict}"
        )
    print(
        f"\nns per call: best of {report['repeat']} interleaved repeats of"
        f" ~{report['min_time_s']} s per side; each includes"
        f" ~{report['loop_overhead_ns']:.1f} ns of empty timeit loop."
        f"\nratio = best tvm_ffi / best pybind11; median ratio uses the medians instead."
        f"\nPython {report['python']}, build {report['build_dir']}"
    )


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--repeat", type=int, default=15, help="timeit repeats (best is kept)")
    parser.add_argument(
        "--min-time", type=float, default=0.1, help="seconds per repeat (sets the loop count)"
    )
    parser.add_argument("--case", action="append", help="run only this case (repeatable)")
    args = parser.parse_args(argv)
    report = run(args.repeat, args.min_time, args.case)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
