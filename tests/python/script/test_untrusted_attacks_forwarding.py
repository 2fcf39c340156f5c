"""Namespace forwarding (issue 22: "`Ts.__getattr__` forwards any unknown name to the module
held in `Ts._tirx`"): reads of names that are not members of the closed list, through `T`,
`Ts` and `I`, their members and the values they give. Each read is the first step of a chain
that ends in a canary (a file, the marker, a poisoned registry); the read itself must be
refused, at its span, before anything of the chain runs.
"""

from __future__ import annotations

import pathlib
from typing import List

import attack_harness as H
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import (ALL_IMPORTS, Attack, in_body, in_header, in_unused_macro_default,
                               with_macro)

NOT_A_MEMBER = ("untrusted-not-evaluated", "attribute-error")
"""A namespace that does not have the name at all may say so (an attribute error at the
read); one that has it must refuse it."""

# Names every namespace module holds as globals without listing them as members: builder
# internals, registration, hooks (the generated code's own calls), decorators, modules.
INTERNAL = {
    "decl_function": 'done = {ns}.decl_function("main", T.serial)',
    "IRBuilder": "with {ns}.IRBuilder() as builder:\n        A[1] = 1",
    "IRModuleFrame": "frame = {ns}.IRModuleFrame()",
    "AlreadyEmitted": "error = {ns}.AlreadyEmitted()",
    "resolve_global_info_args": 'wrap = {ns}.resolve_global_info_args("start", '
                                'resolver=lambda s: 0)',
    "_register_namespace": '{ns}._register_namespace("tirx", I)',
    "_make_decorator": 'made = {ns}._make_decorator(I, namespace_path="tirx.x")',
    "sys": 'status = {ns}.sys.modules["os"].system("touch {{CANARY}}")',
    "pyfunc": "wrapped = {ns}.pyfunc(lambda: 0)",
    "ir_module": "wrapped = {ns}.ir_module(lambda: 0)",
}
ONLY_T = {  # T and Ts (Ts forwards them) but not I
    "builtins": '{ns}.builtins.open("{{CANARY}}", "w")',
    "tvm_ffi": 'done = {ns}.tvm_ffi.structural.inspect.os.system("touch {{CANARY}}")',
    "function_": 'hook = {ns}.function_',
    "emit_": "{ns}.emit_(T.evaluate(0))",
    "let_": '{ns}.let_(T.Let, "x", 1, lambda x: x)',
    "macro": "made = {ns}.macro(lambda: 0)",
}


def _forward(namespace: str, name: str, statement: str) -> Attack:
    return Attack(f"{namespace}-{name}", "forwarding", "body",
                  in_body(*statement.format(ns=namespace).split("\n    ")),
                  f"{namespace}.{name}", refusal_codes=NOT_A_MEMBER)


def _matrix() -> List[Attack]:
    attacks = [_forward(ns, name, text) for name, text in INTERNAL.items()
               for ns in ("T", "Ts", "I")]
    attacks += [_forward(ns, name, text) for name, text in ONLY_T.items() for ns in ("T", "Ts")]
    attacks.append(_forward("I", "register_namespace", '{ns}.register_namespace("tirx", I)'))
    attacks.append(_forward("Ts", "_tirx", 'module = Ts._tirx.builtins.open("{{CANARY}}", "w")'))
    return attacks


def _dunder(ident: str, expression: str, marker: str, entry: str = "body") -> Attack:
    return Attack(ident, "forwarding", entry, in_body(f"done = {expression}"), marker)


ATTACKS: List[Attack] = _matrix() + [
    # Dunder paths to a module's globals, written without a builtin.
    _dunder("dict-of-namespace", 'T.__dict__["builtins"].open("{CANARY}", "w")', "T.__dict__"),
    _dunder("getattr-of-namespace", 'Ts.__getattr__("builtins").open("{CANARY}", "w")',
            "Ts.__getattr__"),
    _dunder("globals-of-member", 'T.serial.__globals__["builtins"].open("{CANARY}", "w")',
            "T.serial.__globals__"),
    _dunder("class-of-dtype", 'T.int32.__class__.__init__.__globals__["__builtins__"]'
            '["open"]("{CANARY}", "w")', "T.int32.__class__"),
    _dunder("class-of-ir-value", 'A.__class__.__init__.__globals__["__builtins__"]'
            '["open"]("{CANARY}", "w")', "A.__class__"),
    _dunder("spec-of-namespace", 'I.__spec__.loader.load_module("os").system("touch {CANARY}")',
            "I.__spec__"),
    Attack("macro-globals", "forwarding", "body", with_macro(
        "@T.macro\ndef store(A, v):\n    A[0] = v\n",
        'done = store.__globals__["__builtins__"]["open"]("{CANARY}", "w")'),
        "store.__globals__"),
    _dunder("lambda-globals", '(lambda: 0).__globals__["__builtins__"]["open"]'
            '("{CANARY}", "w")', "(lambda: 0).__globals__"),
    _dunder("builtin-self", 'len.__self__.open("{CANARY}", "w")', "len.__self__"),
    _dunder("type-of-builtin", 'range.__class__.__subclasses__(range.__class__)',
            "range.__class__"),
    _dunder("sub-namespace-class", 'T.axis.__class__.__init__.__globals__["__builtins__"]'
            '["open"]("{CANARY}", "w")', "T.axis.__class__"),
    _dunder("dtype-reduce", 'T.int32.__reduce_ex__(2)[0].__globals__["__builtins__"]'
            '["open"]("{CANARY}", "w")', "T.int32.__reduce_ex__"),
    # The same reads where no body runs.
    Attack("ts-sys-in-macro-default", "forwarding", "default",
           in_unused_macro_default('Ts.sys.modules["os"].system("touch {CANARY}")'), "Ts.sys",
           refusal_codes=NOT_A_MEMBER),
    Attack("ts-builtins-in-header", "forwarding", "header-annotation",
           in_header('Ts.builtins.open("{CANARY}", "w")'), "Ts.builtins",
           refusal_codes=NOT_A_MEMBER),
    Attack("ts-decl-function-in-annotation", "forwarding", "annotation", ALL_IMPORTS + '''

@T.function
def f(A: T.Tensor((Ts.decl_function("g", T.serial),), T.int32)):
    A[0] = 1
''', "Ts.decl_function", refusal_codes=NOT_A_MEMBER),
    Attack("ts-irbuilder-in-lambda", "forwarding", "body", in_body(
        "make = lambda: Ts.IRBuilder()", "builder = make()"), "Ts.IRBuilder",
        refusal_codes=NOT_A_MEMBER),
    Attack("ts-hook-in-module-level-symbol", "forwarding", "module-level", ALL_IMPORTS + '''
N = Ts.function_


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = N
''', "Ts.function_", alt_markers=("A[0] = N",),
           note="module-level code does not run: the refusal sits at the use"),
]


test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)
