"""Implicit dunders and the syntax the closed list leaves out (issue 22, item 1): operations
for which Python calls a method of a value (``__add__``, ``__iter__``, ``__index__``,
``__format__``, ``__eq__``, ``__hash__``, ``__bool__``, ``__getitem__``, ``__enter__``,
``__len__`` ...) where the value is not an IR value, a Python number, a literal container or a
tensor: the file's macro, a lambda, a namespace function, a sub-namespace, a builder object
reached through ``Ts``. And generators, ``del``, ``global``, ``nonlocal``, ``yield``, nested
definitions and imports in bodies, lambdas that escape.

Each must be refused where it stands (``untrusted-not-evaluated``; statements TVMScript has in
no mode may be ``syntax-error``) before the method runs.
"""

from __future__ import annotations

from typing import List

import attack_harness as H
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import Attack, with_macro

STATEMENT_CODES = ("untrusted-not-evaluated", "syntax-error")
DUNDER_CODES = ("untrusted-not-evaluated", "type-error")
"""A value that has no such method may fail as Python fails (a type error at the expression);
one that has it must not run it."""

MACRO = "@T.macro\ndef store(A, v):\n    A[0] = v\n"

# Values that are not ours to operate on, reachable from a body.
FOREIGN = {"macro": "store", "lambda": "(lambda: 0)", "namespace-function": "T.serial",
           "sub-namespace": "T.axis", "builtin-function": "len"}

# An operation per implicit method: (name, the expression with {v} for the value).
OPERATIONS = (
    ("add", "{v} + 1"), ("radd", "1 + {v}"), ("neg", "-{v}"),
    ("iter", "[x for x in {v}]"), ("index", "[1, 2][{v}]"),
    ("format", 'f"{{{v}:>4}}"'), ("eq", "{v} == 1"), ("contains", "1 in {v}"),
    ("hash", "{{{v}: 1}}"), ("bool", "1 if {v} else 0"), ("not", "not {v}"),
    ("getitem", "{v}[0]"), ("len", "len({v})"), ("lt", "sorted([{v}, 1])"),
    ("str", "str({v})"), ("range", "range({v})"),
)


def _attack(ident: str, expression_or_lines, marker: str,
            codes=("untrusted-not-evaluated",), note: str = "") -> Attack:
    lines = [f"done = {expression_or_lines}"] if isinstance(expression_or_lines, str) \
        else list(expression_or_lines)
    return Attack(ident, "implicit-dunder", "body", with_macro(MACRO, *lines), marker,
                  refusal_codes=codes, note=note)


def _matrix() -> List[Attack]:
    attacks = []
    for kind, value in FOREIGN.items():
        for name, pattern in OPERATIONS:
            expression = pattern.format(v=value)
            attacks.append(_attack(f"{name}-of-{kind}", expression, expression,
                                   codes=DUNDER_CODES))
    return attacks


ATTACKS: List[Attack] = _matrix() + [
    # A builder object reached through the namespace, then used implicitly.
    _attack("with-builder", ["with Ts.IRBuilder():", "    A[1] = 1"], "Ts.IRBuilder()",
            codes=DUNDER_CODES),
    _attack("with-macro", ["with store:", "    A[1] = 1"], "with store:", codes=DUNDER_CODES),
    _attack("with-lambda", ["with (lambda: 0):", "    A[1] = 1"], "(lambda: 0)",
            codes=DUNDER_CODES),
    _attack("unpack-builder", ["a, b = Ts.IRBuilder()"], "Ts.IRBuilder()",
            codes=STATEMENT_CODES + DUNDER_CODES),
    _attack("host-loop-over-macro", ["for x in T.constexpr(store):", "    A[1] = 1"],
            "T.constexpr(store)", codes=DUNDER_CODES),
    _attack("host-if-on-lambda", ["if T.constexpr(lambda: 0):", "    A[1] = 1"],
            "T.constexpr(lambda: 0)", codes=DUNDER_CODES),
    # Generators and their frames.
    _attack("generator-expression", "(x for x in [1])", "(x for x in [1])"),
    _attack("generator-in-call", "sum(x for x in [1, 2])", "x for x in [1, 2]"),
    Attack("generator-frame-builtins", "implicit-dunder", "body", with_macro(
        MACRO, 'done = [g.gi_frame.f_builtins["open"]("{CANARY}", "w") '
        "for g in [(x for x in [0])]]"), "(x for x in [0])", alt_markers=("g.gi_frame",)),
    _attack("lambda-yield", "(lambda: (yield))()", "(yield)", codes=STATEMENT_CODES),
    # Statements outside the list.
    _attack("del-name", ["x = 1", "del x"], "del x", codes=STATEMENT_CODES),
    _attack("del-attribute", ["del T.serial"], "del T.serial", codes=STATEMENT_CODES),
    _attack("del-subscript", ["cells = [1]", "del cells[0]"], "del cells[0]",
            codes=STATEMENT_CODES),
    _attack("global-namespace", ["global T", "T = I"], "global T", codes=STATEMENT_CODES),
    _attack("nested-def-nonlocal", ["x = 1", "def poke():", "    nonlocal x", "    x = 2"],
            "def poke():", codes=STATEMENT_CODES),
    _attack("nested-class", ["class Poke:", "    __add__ = T.serial"], "class Poke:",
            codes=STATEMENT_CODES),
    _attack("import-in-body", ["import os", 'os.system("touch {CANARY}")'], "import os",
            codes=STATEMENT_CODES),
    _attack("yield-in-body", ["yield T.serial"], "yield T.serial", codes=STATEMENT_CODES),
    _attack("match-on-macro", ["match store:", "    case T.serial:", "        A[1] = 1"],
            "match store:", codes=STATEMENT_CODES),
    _attack("walrus-to-namespace-module", "(b := T.builtins).open(\"{CANARY}\", \"w\")",
            "b := T.builtins", codes=STATEMENT_CODES),
    # Lambdas escaping into what frontend code calls.
    _attack("lambda-into-hook", 'T.let_(T.Let, "x", 1, lambda x: [0 for T.{MARKER} in [x]])',
            "T.let_"),
    _attack("lambda-as-sort-key", "sorted([2, 1], key=lambda x: T.builtins)",
            "sorted([2, 1], key=lambda x: T.builtins)",
            note="`key=` is outside the list of pure builtins' arguments"),
    _attack("lambda-as-max-key", "max([2, 1], key=lambda x: x)",
            "max([2, 1], key=lambda x: x)"),
]

test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)
