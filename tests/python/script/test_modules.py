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
        '    I.module_attrs({"target": "llvm"})\n\n'
        "    @T.function\n"
        "    def main(A: T.Tensor((4,), T.int32)):\n"
        "        for i in range(4):\n"
        "            A[i] = Module.square(i)\n\n"
        "    @T.function(private=True)\n"
        "    def square(x: T.int32) -> T.int32:\n"
        "        if x > 10:\n"
        "            return Module.square(x - 1)\n"
        "        return x * x"
    )
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
