"""Sizes (issue 22, item 1: "Sizes are bounded"): host computations whose cost the text sets,
in memory (``[0] * 10**9``), time (a ``range(10**12)`` host loop) or depth (recursion,
nesting). Each must be refused or stopped with an error at the construct, within
``attack_harness.TIME_BOUND`` seconds, in every place; the harness runs the in-process child
and the command line under a 3 GiB address-space limit (the worker under its own 4 GiB), so an
attack that gets through fails instead of taking the machine. Running out of that memory is no
bound: ``memory-error`` counts as a refusal only when its message names the analysis's budget
(``attack_harness.BUDGET_STOP``).
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import List

import attack_harness as H
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import ALL_IMPORTS, Attack, in_body, in_unused_macro_default, with_macro

STOPPED = ("untrusted-not-evaluated", "value-error", "time-limit", "recursion-error",
           H.BUDGET_STOP)


def _size(ident: str, marker: str, *lines: str, entry: str = "body") -> Attack:
    return Attack(ident, "size", entry, in_body(*lines), marker, refusal_codes=STOPPED)


ATTACKS: List[Attack] = [
    _size("list-repeat", "[0] * 10**9", "cells = [0] * 10**9"),
    _size("list-repeat-reflected", "10**9 * [0]", "cells = 10**9 * [0]"),
    _size("string-repeat", '"x" * 10**9', 'text = "x" * 10**9'),
    _size("tuple-repeat", "(0,) * 10**9", "cells = (0,) * 10**9"),
    _size("list-of-range", "list(range(10**9))", "cells = list(range(10**9))"),
    _size("comprehension-over-range", "[0 for _ in range(10**9)]",
          "cells = [0 for _ in range(10**9)]"),
    _size("nested-comprehension", "[[0] * 10**4 for _ in range(10**4)]",
          "cells = [[0] * 10**4 for _ in range(10**4)]"),
    _size("sum-of-range", "sum(range(10**12))", "total = sum(range(10**12))"),
    _size("sorted-range", "sorted(range(10**9))", "cells = sorted(range(10**9))"),
    _size("host-loop", "T.constexpr(range(10**12))",
          "for i in T.constexpr(range(10**12)):", "    x = i"),
    _size("nested-host-loops", "T.constexpr(range(10**5))",
          "for i in T.constexpr(range(10**5)):", "    for j in T.constexpr(range(10**5)):",
          "        x = j"),
    _size("string-doubling-loop", "s + s",
          's = "x"', "for i in T.constexpr(range(64)):", "    s = s + s"),
    _size("list-doubling-loop", "cells + cells",
          "cells = [0]", "for i in T.constexpr(range(64)):", "    cells = cells + cells"),
    _size("power-tower", "10**10**10", "x = 10**10**10"),
    _size("shift", "1 << 10**10", "x = 1 << 10**10"),
    _size("lambda-recursion", "(lambda f: f(f))(lambda f: f(f))",
          "x = (lambda f: f(f))(lambda f: f(f))"),
    _size("unbounded-in-lambda-default", "[0] * 10**9",
          "make = lambda cells=[0] * 10**9: cells"),
    Attack("unbounded-in-macro-default", "size", "default",
           in_unused_macro_default("[0] * 10**9"), "[0] * 10**9", refusal_codes=STOPPED),
    Attack("unbounded-in-header", "size", "header-annotation",
           in_body().replace("def f(", "def f[n: len([0] * 10**9)]("), "[0] * 10**9",
           refusal_codes=STOPPED),
    Attack("macro-recursion", "size", "macro", with_macro(
        "@T.macro\ndef store(A, v):\n    store(A, v)\n", "store(A, 1)"), "store(A, v)",
        occurrence=1, alt_markers=("store(A, 1)",), refusal_codes=STOPPED),
    Attack("module-level-huge-symbol", "size", "module-level", ALL_IMPORTS + '''
N = len([0] * 10**9)


@T.function
def f(A: T.Tensor((N,), T.int32)):
    A[0] = 1
''', "[0] * 10**9", alt_markers=("(N,)",), refusal_codes=STOPPED + ("untrusted-not-evaluated",)),
]


def _folded(ident: str, expression: str) -> Attack:
    """A module-level constant (literal_constants.py folds these without running anything)
    whose value would take the machine: it is not folded, and its use is refused."""
    source = ALL_IMPORTS + "\nN = " + expression + \
        "\n\n\n@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = N\n"
    return Attack(ident, "size", "module-level", source, expression, alt_markers=("= N",),
                  refusal_codes=STOPPED)


ATTACKS += [
    _folded("constant-power-tower", "10**10**10"),
    _folded("constant-shift", "1 << 10**10"),
    _folded("constant-tuple-repeat", "(0,) * 10**9"),
    _folded("constant-string-repeat", '"x" * 10**9'),
    _folded("constant-wide-product", "(1 << 60000) * (1 << 60000)"),
]

test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)


def _nested_loops(depth: int) -> str:
    lines = [f"{'    ' * k}for i{k} in T.serial(2):" for k in range(depth)]
    return in_body(*lines, "    " * depth + "A[0] = 1")


def test_deep_but_small_is_analysed(tmp_path: pathlib.Path) -> None:
    """Depth alone is no attack: 40 nested loops (past CPython's 20 static blocks) build, in
    process, with no error and within the bound."""
    path = tmp_path / "deep.py"
    path.write_text(_nested_loops(40))
    result = subprocess.run([sys.executable, "-m", "tvm_tirx.script.check", str(path)],
                            capture_output=True, text=True, timeout=H.TIME_BOUND * 2)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout, result.stdout
    assert result.stdout.count("for i") == 40, result.stdout
