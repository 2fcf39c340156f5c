"""Ordinary IR constructors in source (issue 4, item 4): `I.Call` and `T.Range` keep the
contracts of `ir.Call` and `ir.Range`: keywords, an explicit `ty` (even `T.Missing()`) kept,
inference when omitted, validation separate."""

from __future__ import annotations

import pytest

import tvm_ffi
from tvm_tirx import ir
from tvm_tirx.script import from_source
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T

ENV = {"T": T, "I": I}


@pytest.fixture(scope="module")
def raw_op():
    """An operator with no print hook and no type rule: printed as a raw `I.Call`."""
    return tvm_ffi.get_global_func("ir.RegisterOp")("testing.raw_call", "a test operator", 2)


def _body_value(func):
    return func.body.value


@pytest.mark.parametrize("ty, printed", [("T.int64", "T.int64"), ("T.Missing()", "T.Missing()")])
def test_raw_call_keeps_its_explicit_type_and_round_trips(raw_op, ty, printed) -> None:
    text = ("@T.function\ndef f(x: T.int32):\n"
            f"    T.evaluate(I.Call(T.Op.get(\"testing.raw_call\"), [x, 1], ty={ty}))\n")
    func = from_source(text, extra_vars=ENV)
    call = _body_value(func)
    assert call.op.same_as(raw_op)
    assert call.ty.script() == printed
    # A call statement prints as the call alone.
    assert func.script().endswith(f'    I.Call(T.Op.get("testing.raw_call"), [x, 1], ty={printed})')
    ir.assert_structural_equal(from_source(func.script(), extra_vars=ENV), func)


def test_omitted_type_is_inferred_or_missing(raw_op) -> None:
    text = ("@T.function\ndef f(x: T.float32):\n"
            "    T.evaluate(I.Call(T.Op.get(\"tirx.exp\"), [x]))\n"
            "    T.evaluate(I.Call(op=T.Op.get(\"testing.raw_call\"), args=[x, x]))\n")
    func = from_source(text, extra_vars=ENV)
    inferred, missing = (s.value for s in func.body.seq)
    assert inferred.ty.script() == "T.float32"  # tirx.exp's type rule
    assert missing.ty.script() == "T.Missing()"  # no rule: Missing, not an error


def test_validation_is_separate_from_construction(raw_op) -> None:
    text = ("@T.function(check_well_formed=False)\ndef f(x: T.int32):\n"
            "    T.evaluate(I.Call(T.Op.get(\"testing.raw_call\"), [x], ty=T.int32))\n")
    call = _body_value(from_source(text, extra_vars=ENV))
    with pytest.raises(Exception, match="testing.raw_call"):
        call.validate()


def test_range_constructor_in_source() -> None:
    text = ("@T.function\ndef f(n: T.int32):\n"
            "    with T.attr(T.Range(0, n), \"extent_hint\", 4):\n"
            "        T.evaluate(n)\n")
    func = from_source(text, extra_vars=ENV)
    rng = func.body.node
    assert isinstance(rng, ir.Range)
    assert func.script().endswith('    with T.attr(T.Range(0, n), "extent_hint", 4):\n'
                                  "        T.evaluate(n)")
    ir.assert_structural_equal(from_source(func.script(), extra_vars=ENV), func)
