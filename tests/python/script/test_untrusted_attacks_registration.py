"""Registration from untrusted text (issue 22: "Registration trusts the caller"): calls and
stores that would register a namespace, a member, a member kind, a definition kind, an
annotation or a dialect. What they would change is process-wide (the registries, the member
catalog's cache version), so besides the refusal the canary is the registries' data and the
probes' reports (untrusted_state.py).
"""

from __future__ import annotations

from typing import List

import attack_harness as H
from attack_harness import attack_worker  # noqa: F401 - the fixture
from untrusted_attacks import (ALL_IMPORTS, Attack, in_body, in_header, in_unused_macro_default)

REGISTER_TIRX_AS_I = 'I.register_namespace("tirx", I)'


def _body(ident: str, marker: str, *lines: str) -> Attack:
    return Attack(ident, "registration", "body", in_body(*lines), marker)


def _module_level(ident: str, prelude: str, marker: str, body: str) -> Attack:
    """``prelude`` at module level (never run), ``body`` in the function reading it."""
    return Attack(ident, "registration", "module-level",
                  ALL_IMPORTS + prelude + in_body(body).split("\n\n\n", 1)[1], marker)


ATTACKS: List[Attack] = [
    _body("register-namespace-from-body", "I.register_namespace", REGISTER_TIRX_AS_I),
    _body("register-namespace-new-alias", "I.register_namespace",
          'I.register_namespace("evil", T)'),
    _body("register-namespace-through-lambda", "I.register_namespace",
          "bump = lambda: I.register_namespace(\"s_tir\", T)", "done = bump()"),
    _body("register-namespace-in-comprehension", "I.register_namespace",
          'done = [I.register_namespace(name, I) for name in ["tirx", "s_tir", "ir"]]'),
    _body("private-register-namespace", "Ts._register_namespace",
          'Ts._register_namespace("tirx", I)'),
    _body("private-scalar-annotation", "Ts._register_scalar_annotation",
          'Ts._register_scalar_annotation("tirx.int32", "float16")'),
    _body("private-mutable-decl", "Ts._register_mutable_decl",
          'Ts._register_mutable_decl("tirx.float16", syntax="annotation")'),
    _body("private-make-decorator", "Ts._make_decorator",
          'made = Ts._make_decorator(I, namespace_path="tirx.serial")'),
    _body("member-kinds-store-T", "T.__member_kinds__",
          'done = [0 for T.__member_kinds__ in [{"intrinsic": ["builtins", "sys"]}]]'),
    _body("member-kinds-store-I", "I.__member_kinds__",
          'done = [0 for I.__member_kinds__ in [{"internal": ["Tensor", "function"]}]]'),
    _body("member-aliases-store", "Ts.__member_aliases__",
          'done = [0 for Ts.__member_aliases__ in [{"serial": "unroll"}]]'),
    _body("script-members-store", "T.axis.__tvm_script_members__",
          'done = [0 for T.axis.__tvm_script_members__ in [("__class__", "__init__")]]'),
    _body("with-target-member-kinds", "Ts.__member_kinds__",
          'with T.attr(A, "k", 1) as Ts.__member_kinds__:', "    A[1] = 1"),
    Attack("register-namespace-in-macro-default", "registration", "default",
           in_unused_macro_default(REGISTER_TIRX_AS_I), "I.register_namespace"),
    Attack("register-namespace-in-header", "registration", "header-annotation",
           in_header(REGISTER_TIRX_AS_I), "I.register_namespace"),
    Attack("register-namespace-in-decorator-option", "registration", "decorator-option",
           in_body().replace("@T.function", f"@T.function(private={REGISTER_TIRX_AS_I} is None)"),
           REGISTER_TIRX_AS_I),
    Attack("register-namespace-in-annotation", "registration", "annotation",
           in_body().replace("(4,)", f"(({REGISTER_TIRX_AS_I}, 4)[1],)"), REGISTER_TIRX_AS_I),
    # Module-level imports of the registration API bind nothing, and its calls never run.
    _module_level("imported-register-namespace",
                  "from tvm_tirx.script.parser import register_namespace\n",
                  'register_namespace("tirx", I)', 'register_namespace("tirx", I)'),
    _module_level("imported-register-dialect", "from tvm_tirx.script import register_dialect\n",
                  "register_dialect(", 'register_dialect("evil", "os")'),
    _module_level("imported-parser-module", "import tvm_tirx.script.parser as P\n",
                  'P.register_namespace("tirx", I)', 'P.register_namespace("tirx", I)'),
    _module_level("imported-registry-module",
                  "from tvm_tirx.script.parser import protocol_registry as R\n",
                  'R.register_scalar_annotation("tirx.int32", "float16")',
                  'R.register_scalar_annotation("tirx.int32", "float16")'),
    Attack("module-level-registration-call", "registration", "module-level", ALL_IMPORTS + '''
from tvm_tirx.script.parser import register_namespace

register_namespace("tirx", I)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
''', 'register_namespace("tirx", I)', plain_python=True,
           note="module code that no definition reads: skipped, so nothing to report"),
    Attack("namespace-import-of-unregistered-name", "registration", "module-level",
           ALL_IMPORTS.replace("s_tir as Ts", "parser as Ts") +
           in_body('Ts.register_namespace("tirx", I)').split("\n\n\n", 1)[1],
           "Ts.register_namespace", alt_markers=("Ts",),
           note="only registered names bind on import; `parser` is not one"),
]

test_in_process, test_command_line, test_in_worker = H.place_tests(ATTACKS)
