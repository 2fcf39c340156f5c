"""`@I.ir_module`: signatures declared before bodies, `Module.f(...)` calls, module attributes,
no automatic validation (issue 4, item 5)."""

from __future__ import annotations

import pytest

import tvm_tirx
from tvm_ffi import structural_hash
from tvm_tirx import ir
from tvm_tirx.analysis import check_well_formed
from tvm_tirx.script import error_location, from_source
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser.untrusted import UntrustedNotEvaluated

ENV = {"T": T, "I": I}

MODULE = '''
@I.ir_module
class Module:
    I.module_attrs({"target": "llvm"})

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        for i in range(4):
            A[i] = Module.square(i)

    @T.function(private=True)
    def square(x: T.int32) -> T.int32:
        if x > 10:
            return Module.square(x - 1)
        return x * x
'''


def test_module_from_source_prints_canonically_and_round_trips() -> None:
    module = from_source(MODULE, extra_vars=ENV)
    text = module.script()
    assert text == (
        "from __future__ import annotations\n\n"
        "# from tvm_tirx.script import ir as I\n"
        "# from tvm_tirx.script import tirx as T\n\n"
        "@I.ir_module\n"
        "class Module:\n"
        '    T.module_attrs({"target": "llvm"})\n'
        "    @T.function\n"
        "    def main(A: T.Tensor((4,), T.int32)):\n"
        "        for i in range(4):\n"
        "            A[i] = T.Call(Module.square, [i], ty=T.int32)\n\n"
        "    @T.function(private=True)\n"
        "    def square(x: T.int32) -> T.int32:\n"
        "        if x > 10:\n"
        "            return T.Call(Module.square, [x - 1], ty=T.int32)\n"
        "        return x * x"
    )  # the reference's print (apache-tvm-tirx 0.1.0a4), but for the spec's `@I.ir_module`
    reparsed = from_source(text, extra_vars=ENV)
    ir.assert_structural_equal(module, reparsed)
    assert structural_hash(module) == structural_hash(reparsed)
    assert reparsed.script() == text


def test_calls_are_typed_by_the_declared_signature() -> None:
    module = from_source(MODULE, extra_vars=ENV)
    main = module.functions[module.get_global_var("main")]
    call = main.body.body.value
    assert isinstance(call, ir.Call)
    assert call.op.same_as(module.get_global_var("square"))
    assert str(call.ty.dtype) == "int32"


def test_decorated_class_matches_source_text() -> None:
    @I.ir_module
    class Module:
        I.module_attrs({"target": "llvm"})

        @T.function
        def main(A: T.Tensor((4,), T.int32)):
            for i in range(4):
                A[i] = Module.square(i)

        @T.function(private=True)
        def square(x: T.int32) -> T.int32:
            if x > 10:
                return Module.square(x - 1)
            return x * x

    assert isinstance(Module, ir.IRModule)
    ir.assert_structural_equal(Module, from_source(MODULE, extra_vars=ENV))


def test_modules_built_apart_are_equal_and_differ_when_a_function_does() -> None:
    a = from_source(MODULE, extra_vars=ENV)
    b = from_source(MODULE.replace("x * x", "x * x + 1"), extra_vars=ENV)
    assert not tvm_tirx.ir.structural_equal(a, b)


def _module(body: str, name: str = "prog.py") -> object:
    return from_source("@I.ir_module\nclass Module:\n" + body, extra_vars=ENV, source_name=name)


def test_wrong_argument_count_is_a_type_error_at_the_call() -> None:
    with pytest.raises(TypeError, match="`f` takes 1 argument") as info:
        _module("    @T.function\n    def f(x: T.int32):\n        T.evaluate(Module.f(x, x))\n")
    assert error_location(info.value)[1] == 5


def test_unknown_module_function_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="Module `Module` has no function `g`") as info:
        _module("    @T.function\n    def f(x: T.int32):\n        T.evaluate(Module.g(x))\n")
    assert error_location(info.value)[1:3] == (5, 19)


def test_member_without_a_function_decorator_is_a_syntax_error() -> None:
    with pytest.raises(SyntaxError, match="Module member `f` needs a function decorator") as info:
        _module("    def f(x: T.int32):\n        pass\n")
    assert (info.value.lineno, info.value.offset) == (3, 5)


def test_other_statements_in_a_module_class_are_syntax_errors() -> None:
    with pytest.raises(SyntaxError, match="holds only decorated functions"):
        _module("    x = 1\n")


def test_duplicate_function_name_is_a_value_error() -> None:
    body = "    @T.function\n    def f(x: T.int32):\n        pass\n" * 2
    with pytest.raises(ValueError, match="defines `f` twice"):
        _module(body)


def test_modules_are_not_validated_automatically() -> None:
    # `i` escapes its loop: a standalone function would be rejected at parse time.
    module = _module("    @T.function\n    def f(A: T.Tensor((4,), T.int32)):\n"
                     "        for i in range(4):\n            A[i] = 0\n        A[i] = 1\n")
    assert isinstance(module, ir.IRModule)
    with pytest.raises(ValueError, match="out-of-scope"):
        check_well_formed(module)


# Module-level symbols (issue 10, `module-symbols`): the reference prints every symbol of the
# functions' signatures once above the module, so one symbol that several functions share stays
# one variable; per-function `[n]` headers would make it several.
SHARED = '''
n = T.dynamic("n")
m = T.dynamic("m", "int64")

@I.ir_module
class Module:
    @T.function
    def scale(A: T.Tensor((n, m), T.float32)):
        A[0, 0] = T.float32(2)

    @T.function
    def fill[n](A: T.Tensor((n,), T.float32)):
        A[0] = T.float32(0)

    @T.function
    def head(A: T.Tensor((m,), T.float32), B: T.Tensor((n,), T.float32)):
        B[0] = A[0]
'''


def test_module_symbols_print_once_above_the_module_and_round_trip() -> None:
    module = from_source(SHARED, extra_vars=ENV)
    text = module.script()
    assert text == (
        "from __future__ import annotations\n\n"
        "# from tvm_tirx.script import ir as I\n"
        "# from tvm_tirx.script import tirx as T\n\n"
        'n = T.dynamic("n", dtype="int32")\n'
        'm = T.dynamic("m", dtype="int64")\n'
        'n_1 = T.dynamic("n", dtype="int32")\n'
        "@I.ir_module\n"
        "class Module:\n"
        "    @T.function\n"
        "    def scale(A: T.Tensor((n, m), T.float32)):\n"
        "        A[0, 0] = T.float32(2.0)\n\n"
        "    @T.function\n"
        "    def fill(A: T.Tensor((n_1,), T.float32)):\n"
        "        A[0] = T.float32(0.0)\n\n"
        "    @T.function\n"
        "    def head(A: T.Tensor((m,), T.float32), B: T.Tensor((n,), T.float32)):\n"
        "        B[0] = A[0]"
    )
    reparsed = from_source(text, extra_vars=ENV)
    ir.assert_structural_equal(module, reparsed)
    assert reparsed.script() == text
    # One variable in `scale` and `head`, another in `fill`: the print kept them apart.
    functions = {gv.name_hint: f for gv, f in reparsed.functions.items()}
    assert functions["scale"].params[0].ty.shape[0].same_as(functions["head"].params[1].ty.shape[0])
    assert not functions["fill"].params[0].ty.shape[0].same_as(
        functions["scale"].params[0].ty.shape[0])


def test_a_standalone_function_keeps_its_header_symbols() -> None:
    func = from_source('n = T.dynamic("n")\n\n@T.function\ndef fill(A: T.Tensor((n,), T.float32)):'
                       "\n    A[0] = T.float32(0)\n", extra_vars=ENV)
    assert "def fill[n](A: T.Tensor((n,), T.float32)):" in func.script()
    assert "T.dynamic" not in func.script()


def test_a_scalar_parameter_its_types_use_is_not_a_module_symbol() -> None:
    module = _module("    @T.function\n    def f(n: T.int32, A: T.Tensor((n,), T.float32)):\n"
                     "        A[0] = T.float32(0)\n")
    text = module.script()
    assert "T.dynamic" not in text
    assert "def f(n: T.int32, A: T.Tensor((n,), T.float32)):" in text


@pytest.mark.parametrize("declaration, error, message", [
    ('n = T.dynamic("n", dtype="float32")', TypeError,
     "A symbol is a scalar integer, got `float32` for `n`"),
    ('n = T.dynamic("n", dtype=size_type)', UntrustedNotEvaluated, "Only literals are evaluated"),
])
def test_bad_module_symbol_dtypes_are_errors(declaration, error, message) -> None:
    with pytest.raises(error, match=message):
        from_source(declaration + "\n\n@T.function\ndef f(A: T.Tensor((n,), T.float32)):\n"
                    "    A[0] = T.float32(0)\n", extra_vars=ENV)


def test_the_t_spellings_of_module_members_build_the_same_module() -> None:
    # `@T.ir_module`, `T.module_attrs` and `T.Call(Module.f, ...)` are how the reference
    # prints modules; they read as the `I` spellings do.
    spelled_t = MODULE.replace("@I.ir_module", "@T.ir_module").replace(
        "I.module_attrs", "T.module_attrs").replace(
        "Module.square(i)", "T.Call(Module.square, [i], ty=T.int32)")
    ir.assert_structural_equal(from_source(spelled_t, extra_vars=ENV),
                               from_source(MODULE, extra_vars=ENV))


def test_a_raw_module_call_keeps_its_stated_type() -> None:
    module = _module("    @T.function(private=True)\n    def f(x: T.int32) -> T.int32:\n"
                     "        return x\n\n    @T.function\n    def g(x: T.int32) -> T.int64:\n"
                     "        return T.Call(Module.f, [x], ty=T.int64)\n")
    g = module.functions[module.get_global_var("g")]
    assert str(g.body.value.ty.dtype) == "int64"  # raw: not retyped by f's signature
