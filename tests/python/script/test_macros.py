"""Macros, inline helpers, host control flow, JIT construction and Python module members (issue 4,
items 1, 3 and 6; docs/frontend.md "Macros, JIT and Python functions").

Every construction is compared with a hand-written canonical twin parsed by ``from_source``
(structural equality) and with its exact printed text; errors are checked for their type,
message and location.
"""

from __future__ import annotations

import types

import pytest

from tvm_tirx import ir
from tvm_tirx.script import DEFINITION_KIND, DefinitionKind, error_location, from_source
from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser import GeneratedBuilder
from tvm_tirx.script.parser.untrusted import UntrustedNotEvaluated

ENV = {"T": T, "I": I}
HEADER = "from __future__ import annotations\n\n# from tvm_tirx.script import tirx as T\n\n"
THIS_FILE = __file__


def _twin(text: str, **extra: object) -> object:
    return from_source(text, extra_vars={**ENV, **extra})


def _same(built: object, twin_text: str) -> None:
    """``built`` is structurally equal to the canonical twin and prints exactly like it."""
    twin = _twin(twin_text)
    ir.assert_structural_equal(built, twin)
    assert built.script() == twin.script()


def _line_of(marker: str) -> int:
    """The line of this file holding ``marker`` (where a test expects an error)."""
    with open(THIS_FILE, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if marker in line and "_line_of" not in line:
                return number
    raise AssertionError(marker)


ADD_ONE_TWIN = '''
@T.function
def f(A: T.Tensor((4,), T.int32)):
    for i in range(4):
        A[i] = A[i] + 1
'''


# --- macros on Python functions -----------------------------------------------------------------

def test_macro_emits_statements_into_the_callers_frame() -> None:
    @T.macro
    def add_to(A, i, v):
        A[i] = A[i] + v

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        for i in range(4):
            add_to(A, i, 1)

    _same(f, ADD_ONE_TWIN)
    assert f.script() == HEADER + (
        "@T.function\n"
        "def f(A: T.Tensor((4,), T.int32)):\n"
        "    for i in range(4):\n"
        "        A[i] = A[i] + 1"
    )


def test_macro_returns_a_value_to_its_caller() -> None:
    @T.macro
    def twice(x):
        return x * 2

    @T.macro
    def reset_then_read(A, i):
        A[i] = 0
        return A[i] + 1

    @T.function
    def f(A: T.Tensor((4,), T.int32), k: T.int32):
        y = twice(k)
        A[0] = twice(A[1])
        A[2] = reset_then_read(A, 3) + y

    _same(f, '''
@T.function
def f(A: T.Tensor((4,), T.int32), k: T.int32):
    y = k * 2
    A[0] = A[1] * 2
    A[3] = 0
    A[2] = A[3] + 1 + y
''')


def test_macro_parameters_take_defaults_keywords_and_ignore_annotations() -> None:
    @T.macro
    def fill(A, value: "not evaluated", *, start=0, count=2):
        for i in range(start, start + count):
            A[i] = value

    @T.function
    def f(A: T.Tensor((8,), T.int32)):
        fill(A, 7)
        fill(A, 9, start=4, count=3)

    _same(f, '''
@T.function
def f(A: T.Tensor((8,), T.int32)):
    for i in range(0, 2):
        A[i] = 7
    for i in range(4, 7):
        A[i] = 9
''')


def test_hygienic_macro_snapshots_its_definition_environment() -> None:
    offset = 1

    @T.macro
    def shift(A, i):
        A[i] = A[i] + offset

    @T.inline
    def shift_late(A, i):
        A[i] = A[i] + offset

    offset = 100  # after the definitions: the macro keeps 1, the inline helper sees 100

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        shift(A, 0)
        shift_late(A, 1)

    _same(f, '''
@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = A[0] + 1
    A[1] = A[1] + 100
''')


def test_macro_body_names_do_not_see_the_callers_locals() -> None:
    @T.macro
    def store_k(A):
        A[0] = k  # noqa: F821 - no `k` where the macro is defined

    with pytest.raises(NameError, match="'k' is not defined") as info:
        @T.function
        def f(A: T.Tensor((4,), T.int32), k: T.int32):
            store_k(A)

    line = _line_of("A[0] = k  # noqa: F821")
    assert error_location(info.value)[:2] == (THIS_FILE, line)
    assert any("in a call of macro `store_k`" in note for note in info.value.__notes__)


def test_non_hygienic_macro_resolves_names_at_the_call_site() -> None:
    k = "the definition's k"  # noqa: F841 - shadowed by the caller's parameter

    @T.macro(hygienic=False)
    def store_k(A, i):
        A[i] = k + scale  # noqa: F821 - the caller's `scale`

    scale = 3  # noqa: F841 - read through the caller's environment

    @T.function
    def f(A: T.Tensor((4,), T.int32), k: T.int32):
        for j in range(2):
            store_k(A, j)

    _same(f, '''
@T.function
def f(A: T.Tensor((4,), T.int32), k: T.int32):
    for j in range(2):
        A[j] = k + 3
''')
    assert store_k.generated.kind is DefinitionKind.MACRO
    # The names the caller's environment may supply (the decorator's `T` among them).
    assert store_k.generated.captures == ("T", "k", "scale")


def test_inline_helper_reads_names_bound_after_it_and_may_recurse() -> None:
    @T.inline
    def fill(A, k):
        if T.constexpr(k > 0):
            A[k - 1] = k
            fill(A, k - 1)  # `fill` is bound only after the decorator returns

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        fill(A, 3)

    _same(f, "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
             "    A[2] = 3\n    A[1] = 2\n    A[0] = 1\n")
    assert fill.generated.captures == ("T", "fill")


def test_non_hygienic_defaults_are_evaluated_at_the_call_site() -> None:
    text = '''
@T.macro(hygienic=False)
def store(A, value=k + 1):
    A[0] = value

@T.function
def f(A: T.Tensor((4,), T.int32), k: T.int32):
    store(A)
    store(A, 7)
'''
    _same(from_source(text, extra_vars=ENV),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
          "    A[0] = k + 1\n    A[0] = 7\n")


def test_macros_call_macros_and_work_in_module_members() -> None:
    @T.macro
    def inc(A, i):
        A[i] = A[i] + 1

    @T.macro
    def inc_twice(A, i):
        inc(A, i)
        inc(A, i + 1)

    @I.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((4,), T.int32)):
            inc_twice(A, 0)

    twin = _twin('''
@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = A[0] + 1
        A[1] = A[1] + 1
''')
    ir.assert_structural_equal(Module, twin)
    assert Module.script() == twin.script()


def test_host_loops_and_branches_inside_a_macro() -> None:
    @T.macro
    def unrolled(A, n, negate):
        for k in T.constexpr(range(n)):
            if T.constexpr(negate):
                A[k] = 0 - k
            else:
                A[k] = k

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        unrolled(A, 3, False)
        unrolled(A, 1, True)

    _same(f, '''
@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 0
    A[1] = 1
    A[2] = 2
    A[0] = 0
''')


def test_macro_statements_carry_the_macros_source_locations() -> None:
    @T.macro
    def store(A):
        A[0] = 1  # the span of this statement

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        store(A)

    span = f.body.span
    assert (span.source_name, span.start_line) == (THIS_FILE, _line_of("# the span of this"))


# --- macro errors --------------------------------------------------------------------------------

def test_macro_called_outside_a_builder_is_a_runtime_error() -> None:
    @T.macro
    def noop(A):
        pass

    with pytest.raises(RuntimeError, match=r"Macro `noop` builds IR in its caller's frames: call "
                                           r"it from the body of a TVMScript function"):
        noop(1)


def test_macro_argument_mismatch_is_a_type_error_at_the_call() -> None:
    @T.macro
    def add_to(A, i, v):
        A[i] = A[i] + v

    with pytest.raises(TypeError, match="Macro `add_to`: missing a required argument: 'v'") as info:
        @T.function
        def f(A: T.Tensor((4,), T.int32)):
            add_to(A, 0)  # too few arguments

    line = _line_of("add_to(A, 0)  # too few")
    assert error_location(info.value)[:2] == (THIS_FILE, line)


def test_builder_error_in_a_macro_body_is_located_in_the_body() -> None:
    @T.macro
    def bad(A):
        A[0] = A[0] // 1.5  # floor division of a float

    with pytest.raises(TypeError, match="float") as info:
        @T.function
        def f(A: T.Tensor((4,), T.int32)):
            bad(A)  # the call

    line = _line_of("A[0] = A[0] // 1.5  # floor")
    location = error_location(info.value)
    assert location[:2] == (THIS_FILE, line)
    call_line = _line_of("bad(A)  # the call")
    assert any(f"in a call of macro `bad` at {THIS_FILE}, line {call_line}" in note
               for note in info.value.__notes__)


def test_later_application_of_macro_and_jit_is_rejected() -> None:
    def plain(A):
        A[0] = 1

    with pytest.raises(SyntaxError, match=r"`T.macro` must be applied with `@`"):
        T.macro(plain)
    with pytest.raises(SyntaxError, match=r"`T.jit` must be applied with `@`"):
        T.jit(plain)


def test_unknown_macro_option_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="Unknown option\\(s\\) of `macro`: bogus"):
        T.macro(bogus=1)
    with pytest.raises(TypeError, match="`function` takes no `const_args`"):
        T.function(const_args={})


MACRO_TEXT_ERRORS = [
    ("@T.macro\ndef m(A):\n    for i in range(4):\n        return A[i]\n",
     "A macro's `return` hands a value to its caller", (4, 9, 4, 20)),
    ("@T.macro\ndef m[n](A):\n    A[0] = n\n", "Macro `m` declares no symbols", (2, 7, 2, 8)),
    ("@T.macro\ndef m(A):\n    for k in T.constexpr(range(2)):\n        if A[0] > 1:\n"
     "            break\n", "`break` inside an IR scope cannot leave a host loop", (5, 13, 5, 18)),
]


@pytest.mark.parametrize("macro, message, position", MACRO_TEXT_ERRORS)
def test_macro_syntax_restrictions_are_located(macro, message, position) -> None:
    text = macro + "\n@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    m(A)\n"
    with pytest.raises(SyntaxError) as info:
        from_source(text, extra_vars=ENV, source_name="prog.py")
    error = info.value
    assert message in error.msg
    assert (error.filename, error.lineno, error.offset, error.end_lineno, error.end_offset) == \
        ("prog.py", *position)


def test_macro_in_a_module_class_is_a_syntax_error() -> None:
    text = ("@I.ir_module\nclass Module:\n    @T.macro\n    def m(A):\n        pass\n\n"
            "    @T.function\n    def f(A: T.Tensor((4,), T.int32)):\n        pass\n")
    with pytest.raises(SyntaxError, match="Macro `m` cannot be a module member") as info:
        from_source(text, extra_vars=ENV)
    assert (info.value.lineno, info.value.offset) == (4, 5)


# --- macros in source text -----------------------------------------------------------------------

MACRO_TEXT = '''
@T.macro
def add_one(A, i):
    bump(A, i, 1)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    for i in range(4):
        add_one(A, i)


@T.macro
def bump(A, i, v):
    A[i] = A[i] + v
'''


def test_macros_in_source_text_are_defined_before_the_function() -> None:
    # `add_one` uses `bump`, defined later in the text: text runs no module code, so every
    # macro of the text is in every macro's definition environment.
    _same(from_source(MACRO_TEXT, extra_vars=ENV), ADD_ONE_TWIN)


def test_source_text_macros_work_in_module_members() -> None:
    text = '''
@T.macro
def add_one(A, i):
    A[i] = A[i] + 1

@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        add_one(A, 2)
'''
    module = from_source(text, extra_vars=ENV)
    twin = _twin("@I.ir_module\nclass Module:\n    @T.function\n"
                 "    def main(A: T.Tensor((4,), T.int32)):\n        A[2] = A[2] + 1\n")
    ir.assert_structural_equal(module, twin)


def test_source_text_still_needs_exactly_one_function() -> None:
    only_macros = "@T.macro\ndef m(A):\n    pass\n"
    with pytest.raises(ValueError, match="found 0"):
        from_source(only_macros, extra_vars=ENV)


def test_non_hygienic_text_macro_reads_the_callers_names() -> None:
    text = '''
@T.macro(hygienic=False)
def store(A):
    A[0] = k

@T.function
def f(A: T.Tensor((4,), T.int32), k: T.int32):
    store(A)
'''
    _same(from_source(text, extra_vars=ENV),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n    A[0] = k\n")


def test_error_in_a_text_macro_points_into_the_macro() -> None:
    text = ("@T.macro\ndef m(A):\n    A[0] = undefined_name\n\n"
            "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    m(A)\n")
    with pytest.raises(NameError) as info:
        from_source(text, extra_vars=ENV, source_name="prog.py")
    assert error_location(info.value) == ("prog.py", 3, 11, 3, 25)
    assert any("in a call of macro `m` at prog.py, line 7" in n for n in info.value.__notes__)


# --- host control flow (T.constexpr) -----------------------------------------------------------

def test_constexpr_if_builds_only_the_branch_taken() -> None:
    for flag, body in ((True, "    A[0] = 1\n"), (False, "    A[0] = 2\n    A[1] = 3\n")):
        text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
                "    if T.constexpr(flag):\n        A[0] = 1\n"
                "    elif T.constexpr(not flag):\n        A[0] = 2\n        A[1] = 3\n")
        built = from_source(text, extra_vars={**ENV, "flag": flag})
        _same(built, "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n" + body)


def test_constexpr_for_builds_the_body_once_per_value_and_break_is_pythons() -> None:
    @T.function
    def f(A: T.Tensor((8,), T.int32)):
        for k in T.constexpr(range(8)):
            if T.constexpr(k == 3):
                break
            A[k] = k * 10
        for i in range(2):
            for k in T.constexpr([5, 7]):
                A[i] = k

    _same(f, '''
@T.function
def f(A: T.Tensor((8,), T.int32)):
    A[0] = 0
    A[1] = 10
    A[2] = 20
    for i in range(2):
        A[i] = 5
        A[i] = 7
''')


def test_constexpr_while_is_a_python_loop() -> None:
    pending = [(1, 6), (0, 5)]

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        while T.constexpr(pending):
            slot = pending.pop()
            A[slot[0]] = slot[1]

    assert pending == []
    _same(f, "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 5\n    A[1] = 6\n")


def test_constexpr_rejects_ir_expressions() -> None:
    text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
            "    if T.constexpr(k > 0):\n        A[0] = 1\n")
    with pytest.raises(TypeError, match="`T.constexpr` takes a value known while the IR is built"
                       ) as info:
        from_source(text, extra_vars=ENV, source_name="prog.py")
    assert error_location(info.value) == ("prog.py", 3, 7, 3, 25)


# --- JIT -----------------------------------------------------------------------------------------

SCALE_TWIN = '''
@T.function
def scale(A: T.Tensor((16,), T.float32), factor: T.float32):
    for i in range(16):
        A[i] = A[i] * factor
'''


def test_jit_specialize_fixes_constexpr_parameters() -> None:
    @T.jit
    def scale(n: T.constexpr, A: T.Tensor((n,), T.float32), factor: T.float32):
        for i in range(n):
            A[i] = A[i] * factor

    assert type(scale).__name__ == "JITFunction"
    _same(scale.specialize(n=16), SCALE_TWIN)
    _same(scale.specialize(n=4), SCALE_TWIN.replace("16", "4"))
    record = scale.generated
    assert isinstance(record, GeneratedBuilder)
    assert (record.name, record.kind, record.const_args_name) == \
        ("scale", DefinitionKind.FUNCTION, "_const_args")
    assert record.qualname.endswith("test_jit_specialize_fixes_constexpr_parameters.<locals>.scale")
    assert record.helpers == ("__tvm_param_0", "__tvm_param_1", "__tvm_param_2", "__tvm_body")
    assert record.captures == ("T", "range")  # builtins are definition values too
    # One program for every specialization: the wrapper takes the mapping under its fresh name.
    wrapper = next(c for c in record.code.co_consts if isinstance(c, types.CodeType))
    assert wrapper.co_varnames[:3] == ("__tvm_ns", "_const_args", "T")


def test_jit_with_const_args_in_the_decorator_builds_at_once() -> None:
    @T.jit(const_args={"n": 16})
    def scale(n: T.constexpr, A: T.Tensor((n,), T.float32), factor: T.float32):
        for i in range(n):
            A[i] = A[i] * factor

    _same(scale, SCALE_TWIN)


def test_empty_const_args_is_jit_construction_and_absent_is_ordinary_parsing() -> None:
    text = ("@T.jit\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n    A[0] = k\n")
    twin = "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n    A[0] = k\n"
    _same(from_source(text, extra_vars=ENV), twin)
    _same(from_source(text, extra_vars=ENV, const_args={}), twin)
    with_constexpr = text.replace("k: T.int32", "k: T.constexpr")
    with pytest.raises(TypeError, match="`k: T.constexpr` is a compile-time parameter") as info:
        from_source(with_constexpr, extra_vars=ENV, source_name="prog.py")
    assert error_location(info.value)[:3] == ("prog.py", 2, 34)
    with pytest.raises(TypeError, match="Compile-time parameter `k: T.constexpr` has no value") \
            as info:
        from_source(with_constexpr, extra_vars=ENV, const_args={}, source_name="prog.py")
    assert error_location(info.value)[:3] == ("prog.py", 2, 34)
    _same(from_source(with_constexpr, extra_vars=ENV, const_args={"k": 5}),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 5\n")


def test_module_members_take_const_args_from_their_decorator() -> None:
    text = '''
@I.ir_module
class Module:
    @T.jit(const_args={"n": 2})
    def main(n: T.constexpr, A: T.Tensor((n,), T.int32)):
        for k in T.constexpr(range(n)):
            A[k] = k

    @T.jit
    def plain(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''
    twin = _twin('''
@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((2,), T.int32)):
        A[0] = 0
        A[1] = 1

    @T.function
    def plain(A: T.Tensor((4,), T.int32)):
        A[0] = 1
''')
    module = from_source(text, extra_vars=ENV)
    ir.assert_structural_equal(module, twin)
    assert module.script() == twin.script()


def test_none_marks_an_absent_optional_argument_and_skips_its_annotation() -> None:
    text = '''
@T.jit
def f(A: T.Tensor((4,), T.int32), B: T.Tensor((missing_extent,), T.int32)):
    if T.constexpr(B is None):
        A[0] = 0
    else:
        A[0] = B[0]
'''
    _same(from_source(text, extra_vars=ENV, const_args={"B": None}),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 0\n")
    # A value other than None has its annotation evaluated: the missing name shows.
    with pytest.raises(NameError, match="missing_extent") as info:
        from_source(text, extra_vars=ENV, const_args={"B": 3}, source_name="prog.py")
    assert error_location(info.value)[:3] == ("prog.py", 3, 47)


def test_const_args_naming_no_parameter_is_a_type_error() -> None:
    text = "@T.jit\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n"
    with pytest.raises(TypeError, match="`f` has no parameter\\(s\\) `m` named in `const_args`") \
            as info:
        from_source(text, extra_vars=ENV, const_args={"m": 1}, source_name="prog.py")
    assert error_location(info.value)[:2] == ("prog.py", 2)


def test_const_args_name_is_fresh() -> None:
    @T.jit
    def f(_const_args: T.constexpr, A: T.Tensor((4,), T.int32)):
        A[0] = _const_args

    assert f.generated.const_args_name == "_const_args_1"
    _same(f.specialize(_const_args=7),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 7\n")


# --- I.pyfunc ------------------------------------------------------------------------------------

def test_pyfunc_members_stay_python_and_are_kept_beside_the_ir() -> None:
    def helper(x):
        return x + 1

    assert I.pyfunc(helper) is helper

    @I.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((4,), T.int32)):
            A[0] = 1

        @I.pyfunc
        def host_side(x):
            return [x] * 2

    twin = _twin("@I.ir_module\nclass Module:\n    @T.function\n"
                 "    def main(A: T.Tensor((4,), T.int32)):\n        A[0] = 1\n")
    ir.assert_structural_equal(Module, twin)
    assert Module.script() == twin.script()
    assert list(Module.__pyfuncs__) == ["host_side"]
    kept = Module.__pyfuncs__["host_side"]
    assert kept(3) == [3, 3]
    assert kept.__qualname__.endswith("<locals>.Module.host_side")
    assert DEFINITION_KIND["ir.pyfunc"] is DefinitionKind.PYTHON
    assert DEFINITION_KIND["tirx.macro"] is DefinitionKind.MACRO
    assert DEFINITION_KIND["tirx.jit"] is DefinitionKind.FUNCTION


PYFUNC_TEXT = '''
@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1

    @I.pyfunc
    def host_side(x):
        return len([x, x])
'''


def test_pyfunc_in_source_text_needs_trusted_source() -> None:
    # Untrusted, the member is refused (untrusted-not-evaluated), not run.
    with pytest.raises(UntrustedNotEvaluated, match="`I.pyfunc` member `host_side` is not "
                                                    "evaluated in untrusted TVMScript") as info:
        from_source(PYFUNC_TEXT, extra_vars=ENV)
    assert error_location(info.value)[1:3] == (9, 4)
    module = from_source(PYFUNC_TEXT, extra_vars=ENV, trusted=True)
    assert module.__pyfuncs__["host_side"]("a") == 2


def test_ir_code_cannot_call_a_pyfunc() -> None:
    text = PYFUNC_TEXT.replace("A[0] = 1", "A[0] = Module.host_side(1)")
    with pytest.raises(AttributeError, match="`Module.host_side` is a Python function"):
        from_source(text, extra_vars=ENV, trusted=True)


# --- GeneratedBuilder records --------------------------------------------------------------------

def test_macro_record_names_its_function_helpers_and_captures() -> None:
    limit = 3

    @T.macro
    def clamp_store(A, i):
        A[i] = T.min(A[i], limit)

    record = clamp_store.generated
    assert isinstance(record, GeneratedBuilder)
    assert (record.name, record.kind, record.source_name) == \
        ("clamp_store", DefinitionKind.MACRO, THIS_FILE)
    assert record.qualname == ("test_macro_record_names_its_function_helpers_and_captures"
                               ".<locals>.clamp_store")
    assert record.line == _line_of("def clamp_store(A, i):")
    assert record.helpers == ("__tvm_body",)
    assert record.captures == ("T", "limit")
    body = record.helper_code("__tvm_body")
    assert body.co_filename == THIS_FILE
    assert body.co_firstlineno == record.line
    assert record.owns(body)
    assert not record.owns(test_macro_record_names_its_function_helpers_and_captures.__code__)
    assert record.const_args_name is None


def test_a_jit_template_takes_keyword_only_compile_time_parameters() -> None:
    # The reference's spelling `*, N: T.constexpr` (Apache TVM's tests/python/tirx/test_jit.py
    # writes it so): given by name when specialized, as the positional ones are.
    text = ("@T.jit\ndef f(A: T.Tensor((4,), T.int32), *, k: T.constexpr):\n    A[0] = k\n")
    _same(from_source(text, extra_vars=ENV, const_args={"k": 5}),
          "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 5\n")
    for trusted in (False, True):
        report = parse_diagnostics(text.replace("@T.jit", "from tvm_tirx.script import tirx as "
                                                "T\n\n@T.jit"), source_name="j.py",
                                   trusted=trusted)
        assert report.diagnostics == []
    # Only a JIT template: a function, and positional-only parameters anywhere, are refused.
    with pytest.raises(SyntaxError, match="Keyword-only parameters are not supported in "
                                          "TVMScript functions but `@T.jit` templates"):
        from_source(text.replace("@T.jit", "@T.function"), extra_vars=ENV)
    with pytest.raises(SyntaxError, match="Positional-only parameters are not supported in "
                                          "TVMScript functions"):
        from_source(text.replace("*, k", "A2: T.int32, /, k"), extra_vars=ENV, const_args={})
    with pytest.raises(SyntaxError, match="Parameter defaults are not supported"):
        from_source(text.replace("k: T.constexpr", "k: T.constexpr = 4"), extra_vars=ENV,
                    const_args={"k": 5})


def test_a_macro_defined_in_a_body_builds_where_it_is_called() -> None:
    # Apache TVM's tests define `@T.inline` helpers inside a function body: they read the
    # body's names when called (here `scale`, bound after the definition), and their
    # parameters shadow the body's.
    text = '''from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    x = T.int32(10)

    @T.inline
    def write(i, x):
        A[i] = x * scale

    scale = T.int32(3)
    write(0, T.int32(20))
    write(1, x)
'''
    for trusted in (False, True):
        report = parse_diagnostics(text, trusted=trusted)
        assert [d.code for d in report.diagnostics] == [], trusted
        assert report.definitions[0].canonical_text.split("\n")[2:] == [
            "    x: T.let[T.int32] = 10",
            "    scale: T.let[T.int32] = 3",
            "    A[0] = 20 * scale",
            "    A[1] = x * scale"], trusted


def test_a_nested_function_that_is_no_macro_is_still_refused() -> None:
    text = '''from tvm.script import tirx as T

@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    def helper(i):
        A[i] = 1
    helper(0)
'''
    report = parse_diagnostics(text)
    assert [(d.code, d.message, d.span.start_line) for d in report.diagnostics][:1] == [
        ("syntax-error", "A nested function is not supported in TVMScript", 5)]


def test_a_nested_macro_needs_a_namespace_decorator() -> None:
    # The decorator is never run: its receiver must be a registered namespace.
    text = '''from tvm.script import tirx as T
import os

@T.prim_func
def f(A: T.Buffer((4,), "int32")):
    @os.inline
    def write(i):
        A[i] = 1
    write(0)
'''
    report = parse_diagnostics(text)
    # Untrusted, `os` is a name the file binds with Python (refused, and `write` poisoned);
    # trusted, it is no namespace of TVMScript.
    assert [(d.code, d.span.start_line) for d in report.diagnostics] == [
        ("untrusted-not-evaluated", 6)]
