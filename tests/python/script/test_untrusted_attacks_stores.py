"""Attribute and subscript stores from untrusted text (issue 22: "Attribute stores are never
checked"). Every syntax that stores, on every receiver a file can reach, at every place of a
file that is evaluated: each store sets ``{MARKER}`` (or rebinds a member the probes use), and
must be refused before it runs, in process, on the command line and in the sandboxed worker
(attack_harness.py says what is checked in each place).

Statement forms that TVMScript does not have in any mode (``T.x, y = ...``) may be refused as
``syntax-error``; the forms Python evaluates inside expressions (comprehension and ``with``
targets) must be ``untrusted-not-evaluated``.
"""

from __future__ import annotations

import pathlib
from typing import List

import attack_harness as H
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import (ALL_IMPORTS, Attack, in_body, in_header, in_unused_macro_default,
                               with_macro)

STATEMENT_CODES = ("untrusted-not-evaluated", "syntax-error")

# Receivers a body can read today: the namespaces, their members (a dtype, a constructor class,
# a function, a sub-namespace), an IR value (a parameter), an IR class, a pure builtin function
# and class, the file's macro, a lambda, a local list.
RECEIVERS = ("T", "Ts", "I", "T.int32", "T.Tensor", "T.serial", "T.axis", "A", "A.shape",
             "T.Buffer", "len", "range", "store", "(lambda: 0)", "[1]")

MACRO = '''
@T.macro
def store(A, v):
    A[0] = v
'''


def _store_attack(ident: str, target: str, *lines: str, codes=("untrusted-not-evaluated",),
                  note: str = "") -> Attack:
    return Attack(ident, "attribute-store", "body", with_macro(MACRO, *lines), target,
                  refusal_codes=codes, note=note)


def _comprehension_matrix() -> List[Attack]:
    attacks = []
    for receiver in RECEIVERS:
        name = receiver.strip("()[]").replace(": ", "-").replace(".", "-").replace(" ", "")
        target = f"{receiver}.{{MARKER}}"
        attacks.append(_store_attack(f"comprehension-{name}", target,
                                     f"done = [0 for {target} in [1]]"))
        attacks.append(_store_attack(f"with-as-{name}", target,
                                     f'with T.attr(A, "k", 1) as {target}:', "    A[1] = 1"))
    return attacks


ATTACKS: List[Attack] = _comprehension_matrix() + [
    # Every other syntax that stores, on the namespace.
    _store_attack("dict-comprehension", "T.{MARKER}", "done = {1: 0 for T.{MARKER} in [1]}"),
    _store_attack("set-comprehension", "Ts.{MARKER}", "done = {0 for Ts.{MARKER} in [1]}"),
    _store_attack("nested-comprehension-second-for", "I.{MARKER}",
                  "done = [0 for x in [1] for I.{MARKER} in [x]]"),
    _store_attack("comprehension-tuple-target", "T.{MARKER}",
                  "done = [0 for (x, T.{MARKER}) in [(1, 2)]]"),
    _store_attack("comprehension-starred-target", "T.{MARKER}",
                  "done = [0 for x, *T.{MARKER} in [(1, 2, 3)]]"),
    _store_attack("comprehension-subscript-target", "A.shape[0]",
                  "done = [0 for A.shape[0] in [8]]"),
    _store_attack("comprehension-subscript-of-list", "cells[0]",
                  "cells = [0]", "done = [0 for cells[0] in [T.serial]]",
                  note="a subscript store is allowed on tensors only"),
    _store_attack("with-tuple-target", "T.{MARKER}",
                  'with T.attr(A, "k", 1) as (T.{MARKER}):', "    A[1] = 1"),
    _store_attack("assign-attribute", "T.{MARKER}", "T.{MARKER} = 1", codes=STATEMENT_CODES),
    _store_attack("assign-chained", "T.{MARKER}", "x = T.{MARKER} = 1", codes=STATEMENT_CODES),
    _store_attack("assign-tuple-target", "T.{MARKER}", "T.{MARKER}, x = 1, 2",
                  codes=STATEMENT_CODES),
    _store_attack("assign-starred-target", "T.{MARKER}", "x, *T.{MARKER} = [1, 2, 3]",
                  codes=STATEMENT_CODES),
    _store_attack("assign-annotated-target", "T.{MARKER}", "T.{MARKER}: T.int32 = 1",
                  codes=STATEMENT_CODES),
    _store_attack("augmented-attribute", "T.int32 += 0", "T.int32 += 0",
                  codes=STATEMENT_CODES),
    _store_attack("augmented-subscript-of-list", "cells[0]", "cells = [0]", "cells[0] += 1",
                  codes=STATEMENT_CODES),
    _store_attack("for-target-attribute", "T.{MARKER}",
                  "for T.{MARKER} in T.constexpr([1]):", "    A[1] = 1", codes=STATEMENT_CODES),
    _store_attack("dunder-getattr-store", "T.__getattr__",
                  "done = [0 for T.__getattr__ in [T.serial]]",
                  note="a module's __getattr__ answers every name the namespace lacks"),
    _store_attack("dunder-member-kinds-store", "Ts.__member_kinds__",
                  'done = [0 for Ts.__member_kinds__ in [{"intrinsic": ["builtins"]}]]',
                  note="the member catalog trusted __member_kinds__"),
    _store_attack("forwarding-target-store", "Ts._tirx", "done = [0 for Ts._tirx in [I]]",
                  note="Ts forwards unknown names to the module held in _tirx"),
    _store_attack("dunder-class-store", "A.__class__",
                  "done = [0 for A.__class__ in [T.Buffer]]"),
    _store_attack("function-code-store", "T.serial.__defaults__",
                  "done = [0 for T.serial.__defaults__ in [(1, 2)]]"),
    # The same store where no body runs: macro defaults that are never called, header and
    # parameter annotations, decorator options, module-level code, lambdas.
    Attack("macro-default-never-called", "attribute-store", "default",
           in_unused_macro_default("[0 for T.{MARKER} in [1]]"), "T.{MARKER}"),
    Attack("header-annotation", "attribute-store", "header-annotation",
           in_header("[T.int32 for T.{MARKER} in [1]][0]"), "T.{MARKER}"),
    Attack("parameter-annotation", "attribute-store", "annotation", ALL_IMPORTS + '''

@T.function
def f(A: T.Tensor((4,), [T.int32 for I.{MARKER} in [1]][0])):
    A[0] = 1
''', "I.{MARKER}"),
    Attack("return-annotation", "attribute-store", "annotation", ALL_IMPORTS + '''

@T.function
def f(A: T.Tensor((4,), T.int32)) -> [T.int32 for Ts.{MARKER} in [1]][0]:
    A[0] = 1
''', "Ts.{MARKER}"),
    Attack("decorator-option", "attribute-store", "decorator-option", ALL_IMPORTS + '''

@T.function(private=[True for T.{MARKER} in [1]][0])
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
''', "T.{MARKER}", alt_markers=("[True for T.{MARKER} in [1]][0]",)),
    Attack("module-level-symbol", "attribute-store", "module-level", ALL_IMPORTS + '''
N = [4 for T.{MARKER} in [1]][0]


@T.function
def f(A: T.Tensor((N,), T.int32)):
    A[0] = 1
''', "T.{MARKER}", alt_markers=("[4 for T.{MARKER} in [1]][0]", "(N,)")),
    Attack("lambda-body", "attribute-store", "body", in_body(
        "poke = lambda: [0 for T.{MARKER} in [1]]", "done = poke()"), "T.{MARKER}"),
    Attack("lambda-default", "attribute-store", "default", in_body(
        "poke = lambda v=[0 for T.{MARKER} in [1]]: v"), "T.{MARKER}"),
    Attack("macro-body", "attribute-store", "macro", with_macro('''
@T.macro
def store(A, v):
    done = [0 for T.{MARKER} in [v]]
    A[0] = v
''', "store(A, 1)"), "T.{MARKER}"),
    Attack("non-hygienic-macro-body", "attribute-store", "macro", with_macro('''
@T.macro(hygienic=False)
def store(A, v):
    done = [0 for T.{MARKER} in [v]]
    A[0] = v
''', "store(A, 1)"), "T.{MARKER}"),
    Attack("module-class-member", "attribute-store", "class-body", ALL_IMPORTS + '''

@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        done = [0 for Module.{MARKER} in [1]]
        A[0] = 1
''', "Module.{MARKER}"),
    Attack("constexpr-host-loop", "attribute-store", "body", in_body(
        "for x in T.constexpr([0 for T.{MARKER} in [1]]):", "    A[1] = 1"), "T.{MARKER}"),
]


test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)
