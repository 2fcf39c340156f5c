"""TIRx expressions from Python: the typing rules of docs/ir-typing.md, node classes, errors."""

import pytest

import tvm_tirx as T
from tvm_ffi import core
from tvm_tirx import ir


def var(name, dtype):
    return ir.Var(name, dtype)


def type_key(obj):
    return core._type_info(type(obj).__tvm_ffi_type_index__)["type_key"]


def is_int_imm(expr, dtype, value):
    return type(expr) is T.IntImm and expr.ty.dtype == dtype and expr.value == value


def is_float_imm(expr, dtype, value):
    return type(expr) is T.FloatImm and expr.ty.dtype == dtype and expr.value == value


def is_cast_of(expr, dtype, value):
    return type(expr) is T.Cast and expr.ty.dtype == dtype and expr.value.same_as(value)


def raises(exc_type, message, func, *args):
    """Calls func(*args), checking the exception type and its exact message."""
    with pytest.raises(exc_type) as info:
        func(*args)
    assert str(info.value) == message


# ---- x * 2 + 1 -------------------------------------------------------------------------------


def test_x_times_2_plus_1_structure():
    x = var("x", "int32")
    expr = x * 2 + 1
    assert type(expr) is T.Add
    assert type(expr.a) is T.Mul
    assert expr.a.a.same_as(x)
    assert is_int_imm(expr.a.b, "int32", 2)
    assert is_int_imm(expr.b, "int32", 1)
    assert expr.ty.dtype == "int32"
    assert type_key(expr) == "prim.Add"


def test_objects_come_back_as_most_derived_classes():
    x = var("x", "int32")
    expr = x * 2 + 1
    assert type(expr) is T.Add
    assert type(expr.a) is T.Mul
    assert type(expr.a.a) is ir.Var
    assert type(expr.b) is T.IntImm
    assert type(expr.ty) is ir.PrimType
    assert type(expr.span) is ir.Span
    assert type(T.cast("int64", x)) is T.Cast
    assert type(x < 1) is T.LT
    assert type(ir.Var("m", ir.Type.missing()).ty) is ir.MissingType


def test_class_hierarchy_add_is_binary_op_is_expr():
    x = var("x", "int32")
    expr = x + 1
    assert isinstance(expr, T.Add)
    assert isinstance(expr, T.BinaryOp)
    assert isinstance(expr, ir.Expr)
    assert not isinstance(expr, T.Mul)
    assert not isinstance(x, T.BinaryOp)
    assert isinstance(x, ir.Expr)
    assert T.Add.__mro__[1:3] == (T.BinaryOp, ir.Expr)
    assert not isinstance(T.Not(x < 1), T.BinaryOp)


# ---- literals --------------------------------------------------------------------------------


def test_literals_on_either_side_adopt_the_partner_type():
    x = var("x", "int64")
    left = 2 - x
    assert type(left) is T.Sub
    assert is_int_imm(left.a, "int64", 2)
    assert left.b.same_as(x)
    radd = 1 + x
    assert type(radd) is T.Add
    assert is_int_imm(radd.a, "int64", 1)
    assert radd.b.same_as(x)
    assert is_int_imm((x + 1).b, "int64", 1)
    assert is_int_imm((3 * x).a, "int64", 3)
    assert is_int_imm((x - 4).b, "int64", 4)


def test_float_literal_adoption():
    f = var("f", "float32")
    product = f * 2
    assert type(product) is T.Mul
    assert is_float_imm(product.b, "float32", 2.0)
    assert is_float_imm((0.5 + f).a, "float32", 0.5)
    assert is_float_imm((f - 1.5).b, "float32", 1.5)
    h = var("h", "float16")
    assert is_float_imm((h * 3).b, "float16", 3.0)


def test_bool_literal():
    x = var("x", "int32")
    assert is_int_imm((x + True).b, "int32", 1)
    b = var("b", "bool")
    both = T.logical_and(b, True)
    assert type(both) is T.And
    assert is_int_imm(both.b, "bool", 1)
    assert is_int_imm(T.logical_or(False, b).a, "bool", 0)
    f = var("f", "float32")
    assert is_float_imm((f + True).b, "float32", 1.0)


def test_python_literals_are_typed_as_the_reference_types_them():
    # int32 (int64 beyond its range), float32, bool; then converted like any operand.
    x = var("x", "int32")
    half = x + 0.5
    assert is_cast_of(half.a, "float32", x) and is_float_imm(half.b, "float32", 0.5)
    big = x + 2**40
    assert is_cast_of(big.a, "int64", x) and is_int_imm(big.b, "int64", 2**40)
    raises(OverflowError, "Python int too large to convert to an FFI int64", lambda: x + 2**70)
    raises(ValueError, "The float literal 1e+40 does not fit in float32, the type of a float "
           "literal: write T.float64(1e+40)", lambda: x + 1e40)
    u = var("u", "uint8")
    widened = u + 256
    assert is_cast_of(widened.a, "int32", u) and is_int_imm(widened.b, "int32", 256)
    # A converted constant folds where the reference folds it: into uint32, not into float64.
    assert is_int_imm((var("w", "uint32") + 3).b, "uint32", 3)
    d = var("d", "float64")
    converted = (d + 1).b
    assert type(converted) is T.Cast and converted.ty.dtype == "float64"
    assert is_int_imm(converted.value, "int32", 1)
    raises(TypeError, "Operator `and` needs bool operands, got `bool` and `int32`: compare a "
           "number to get a bool (`x != 0`)", T.logical_and, var("b", "bool"), 2)


def test_bitwise_literals_take_the_partner_type():
    x = var("x", "int8")
    assert is_int_imm((x & 1).b, "int8", 1)
    assert is_int_imm((var("y", "int32") | 2**40).b, "int32", 0)  # wrapped to 32 bits
    raises(ValueError, "Value 256 does not fit in type int8", lambda: x ^ 256)
    raises(ValueError, "Operator `<<` cannot make a uint8 constant from the negative literal -1",
           lambda: var("u", "uint8") << -1)


def test_non_literal_operands_are_type_errors():
    x = var("x", "int32")
    raises(TypeError, "Operator `+` cannot combine an expression with `str`", lambda: x + "a")
    raises(TypeError, "Operator `*` cannot combine an expression with `None`", lambda: x * None)
    raises(
        TypeError,
        "Operator `+` cannot combine an expression with `ir.PrimType`",
        lambda: x + ir.PrimType("int32"),
    )


def test_vector_partner_gets_a_broadcast_literal():
    v = var("v", "int32x4")
    total = v + 1
    assert type(total) is T.Add
    assert type(total.b) is T.Broadcast
    assert total.b.lanes == 4
    assert is_int_imm(total.b.value, "int32", 1)
    assert total.ty.dtype == "int32x4"


# ---- widening and mixes ----------------------------------------------------------------------


def test_integer_widening_casts_the_narrower_on_either_side():
    i8, i32 = var("a", "int8"), var("b", "int32")
    left = i8 + i32
    assert is_cast_of(left.a, "int32", i8)
    assert left.b.same_as(i32)
    assert left.ty.dtype == "int32"
    right = i32 + i8
    assert right.a.same_as(i32)
    assert is_cast_of(right.b, "int32", i8)


def test_unsigned_widening():
    u8, u32 = var("c", "uint8"), var("d", "uint32")
    product = u8 * u32
    assert is_cast_of(product.a, "uint32", u8)
    assert product.b.same_as(u32)
    assert product.ty.dtype == "uint32"


def test_widening_in_comparisons():
    i32, i64 = var("i", "int32"), var("j", "int64")
    less = i32 < i64
    assert type(less) is T.LT
    assert is_cast_of(less.a, "int64", i32)
    assert less.ty.dtype == "bool"


@pytest.mark.parametrize(
    "left, right, op, result, converted",
    [
        ("int32", "uint32", lambda a, b: a + b, "uint32", "a"),
        ("uint8", "int64", lambda a, b: a - b, "int64", "a"),
        ("int32", "float32", lambda a, b: a * b, "float32", "a"),
        ("float32", "int32", lambda a, b: a + b, "float32", "b"),
        ("float32", "float16", lambda a, b: a < b, "bool", "b"),
        ("int32", "bool", lambda a, b: a + b, "int32", "b"),
        ("bfloat16", "float16", lambda a, b: a + b, "bfloat16", "b"),
    ],
)
def test_other_mixes_convert_as_the_reference_does(left, right, op, result, converted):
    a, b = var("a", left), var("b", right)
    built = op(a, b)
    assert built.ty.dtype == result
    wider = right if converted == "a" else left
    assert is_cast_of(getattr(built, converted), wider, a if converted == "a" else b)


def test_a_scalar_meeting_a_vector_is_broadcast():
    v, i = var("v", "int32x4"), var("i", "int32")
    total = v + i
    assert total.ty.dtype == "int32x4"
    assert type(total.b) is T.Broadcast and total.b.value.same_as(i)
    assert type((i >= v).a) is T.Broadcast
    raises(TypeError, "Operator `+` cannot combine `int32x4` and `int32x8`: the numbers of "
           "lanes differ", lambda: v + var("w", "int32x8"))


def test_explicit_cast_resolves_a_mix():
    i, f = var("i", "int32"), var("f", "float32")
    total = T.cast("float32", i) + f
    assert is_cast_of(total.a, "float32", i)
    assert T.cast("int32", i).same_as(i)


# ---- division, negation ----------------------------------------------------------------------


def test_true_division_on_integers_is_a_type_error():
    x = var("x", "int32")
    message = "Operator `/` is for floats; for `int32` use `//` (floordiv) or truncdiv"
    raises(TypeError, message, lambda: x / 2)
    raises(TypeError, message, lambda: 2 / x)
    raises(TypeError, message, lambda: x / x)
    b = var("b", "bool")
    raises(TypeError, "Operator `/` is for floats, got `bool`", lambda: b / b)


def test_float_division_and_integer_floor_division():
    f = var("f", "float32")
    quotient = f / 2
    assert type(quotient) is T.Div
    assert is_float_imm(quotient.b, "float32", 2.0)
    assert is_float_imm((1 / f).a, "float32", 1.0)
    x = var("x", "int32")
    assert type(x // 2) is T.FloorDiv
    assert type(x % 3) is T.FloorMod
    assert is_int_imm((7 // x).a, "int32", 7)
    assert type(7 % x) is T.FloorMod
    assert type(T.truncmod(x, 2)) is T.Mod
    raises(TypeError, "Operator `//` needs integer operands, got `float32`", lambda: f // 2)
    raises(TypeError, "Operator `%` needs integer operands, got `float32`", lambda: f % 2)


def test_negation_builds_mul_by_minus_one():
    x = var("x", "int32")
    neg = -x
    assert type(neg) is T.Mul
    assert neg.a.same_as(x)
    assert is_int_imm(neg.b, "int32", -1)
    f = var("f", "float32")
    assert is_float_imm((-f).b, "float32", -1.0)
    raises(TypeError, "Operator `-` cannot negate `uint32`", lambda: -var("u", "uint32"))
    raises(TypeError, "Operator `-` cannot negate `bool`", lambda: -var("b", "bool"))


# ---- comparisons and logic -------------------------------------------------------------------


def test_comparisons_give_bool_with_operand_lanes():
    x = var("x", "int32")
    for expr, cls in [(x < 1, T.LT), (x <= 1, T.LE), (x > 1, T.GT), (x >= 1, T.GE)]:
        assert type(expr) is cls
        assert expr.ty.dtype == "bool"
        assert expr.a.same_as(x)
    assert type(T.equal(x, 1)) is T.EQ
    assert type(T.not_equal(x, 1)) is T.NE
    v = var("v", "float32x4")
    assert (v < v).ty.dtype == "boolx4"
    assert T.equal(v, v).ty.dtype == "boolx4"


def test_reflected_comparison_keeps_the_expression_first():
    x = var("x", "int32")
    # Python turns `1 < x` into `x > 1`.
    flipped = 1 < x
    assert type(flipped) is T.GT
    assert flipped.a.same_as(x)
    assert is_int_imm(flipped.b, "int32", 1)


def test_equality_operators_keep_object_identity():
    x = var("x", "int32")
    assert (x == x) is True
    assert (x == var("x", "int32")) is False
    assert (x != x) is False
    assert {x: 1}[x] == 1


def test_logic_on_bools():
    x = var("x", "int32")
    p, q = x < 1, x > 0
    both = T.logical_and(p, q)
    assert type(both) is T.And
    assert both.a.same_as(p) and both.b.same_as(q)
    assert both.ty.dtype == "bool"
    assert type(T.logical_or(p, q)) is T.Or
    negation = T.logical_not(p)
    assert type(negation) is T.Not
    assert negation.a.same_as(p)
    assert negation.ty.dtype == "bool"
    raises(TypeError, "Operator `and` needs bool operands, got `int32` and `int32`: compare a "
           "number to get a bool (`x != 0`)", T.logical_and, x, x)
    raises(TypeError, "Operator `or` needs bool operands, got `bool` and `int32`: compare a "
           "number to get a bool (`x != 0`)", T.logical_or, p, x)
    raises(TypeError, "`prim.Not` needs a bool operand, got `int32`", T.logical_not, x)


def test_min_max():
    x = var("x", "int64")
    low = T.min(x, 0)
    assert type(low) is T.Min
    assert is_int_imm(low.b, "int64", 0)
    assert type(T.max(1, x)) is T.Max


def test_expression_has_no_truth_value():
    x = var("x", "int32")
    message = (
        "An expression has no truth value; use it in IR (T.Select, if in TVMScript) "
        "or compare with same_as"
    )
    raises(TypeError, message, bool, x)
    raises(TypeError, message, bool, x < 1)
    raises(TypeError, message, lambda: 0 < x < 2)


# ---- variables -------------------------------------------------------------------------------


def test_var_identity():
    x = var("x", "int32")
    other = var("x", "int32")
    assert x.same_as(x)
    assert not x.same_as(other)
    assert x.name == other.name == "x"
    assert (x + 1).a.same_as(x)


def test_var_fields():
    ty = ir.PrimType("float16")
    v = ir.Var("v", ty)
    assert v.name == "v"
    assert v.ty.same_as(ty)
    assert v.span.same_as(ir.Span.unknown())
    assert ir.Var("m", ir.Type.missing()).ty.same_as(ir.Type.missing())
    message = "`ir.Var.ty` is None (an unknown type is the missing type)"
    raises(ValueError, message, ir.Var, "n", None)


def test_range_fields():
    a, b = var("a", "int32"), var("b", "int32")
    r = ir.Range(a, b)
    assert type(r) is ir.Range
    assert r.start.same_as(a)
    assert r.end.same_as(b)


# ---- node constructors: positional, every field, checks --------------------------------------

BINARY = [
    (T.Add, "prim.Add", "int32"),
    (T.Sub, "prim.Sub", "int32"),
    (T.Mul, "prim.Mul", "int32"),
    (T.Div, "prim.Div", "float32"),
    (T.Mod, "prim.Mod", "int32"),
    (T.FloorDiv, "prim.FloorDiv", "int32"),
    (T.FloorMod, "prim.FloorMod", "int32"),
    (T.Min, "prim.Min", "int32"),
    (T.Max, "prim.Max", "int32"),
    (T.EQ, "prim.EQ", "int32"),
    (T.NE, "prim.NE", "int32"),
    (T.LT, "prim.LT", "int32"),
    (T.LE, "prim.LE", "int32"),
    (T.GT, "prim.GT", "int32"),
    (T.GE, "prim.GE", "int32"),
    (T.And, "prim.And", "bool"),
    (T.Or, "prim.Or", "bool"),
]
COMPARISONS = {"prim.EQ", "prim.NE", "prim.LT", "prim.LE", "prim.GT", "prim.GE"}


@pytest.mark.parametrize("cls, key, dtype", BINARY)
def test_binary_node_positional_construction(cls, key, dtype):
    a, b = var("a", dtype), var("b", dtype)
    node = cls(a, b)
    assert type(node) is cls
    assert type_key(node) == key
    assert node.a.same_as(a)
    assert node.b.same_as(b)
    assert node.span.same_as(ir.Span.unknown())
    assert node.ty.dtype == ("bool" if key in COMPARISONS else dtype)


@pytest.mark.parametrize("cls, key, dtype", BINARY)
def test_binary_node_constructor_never_promotes(cls, key, dtype):
    other = "int64" if dtype != "int64" else "int32"
    raises(
        TypeError,
        f"`{key}` needs operands of one type, got `{dtype}` and `{other}`",
        cls,
        var("a", dtype),
        var("b", other),
    )


def test_node_constructor_refuses_literals_and_none():
    x = var("x", "int32")
    with pytest.raises(TypeError, match="Expected `ir.Expr` but got `int`"):
        T.Add(x, 1)
    raises(ValueError, "`prim.Add.a` is None", T.Add, None, x)
    raises(ValueError, "`prim.Mul.b` is None", T.Mul, x, None)
    raises(ValueError, "`prim.Not.a` is None", T.Not, None)


def test_logic_constructor_needs_bools():
    x = var("x", "int32")
    raises(TypeError, "`prim.And` needs bool operands, got `int32`", T.And, x, x)
    raises(TypeError, "`prim.Or` needs bool operands, got `int32`", T.Or, x, x)
    raises(TypeError, "`prim.Not` needs a bool operand, got `int32`", T.Not, x)


def test_int_imm():
    imm = T.IntImm(ir.PrimType("int64"), 5)
    assert type(imm) is T.IntImm
    assert imm.value == 5
    assert imm.ty.dtype == "int64"
    assert T.IntImm(ir.PrimType("bool"), True).value == 1
    assert T.IntImm(ir.PrimType("int8"), -128).value == -128
    raises(ValueError, "Value 128 does not fit in type int8", T.IntImm, ir.PrimType("int8"), 128)
    raises(ValueError, "Value 256 does not fit in type uint8", T.IntImm, ir.PrimType("uint8"), 256)
    raises(ValueError, "Value -1 does not fit in type uint8", T.IntImm, ir.PrimType("uint8"), -1)
    raises(ValueError, "Value 2 does not fit in type bool", T.IntImm, ir.PrimType("bool"), 2)
    assert T.IntImm(ir.PrimType("int64"), 2**63 - 1).value == 2**63 - 1
    raises(
        TypeError,
        "IntImm needs a scalar int, uint or bool type, got float32",
        T.IntImm,
        ir.PrimType("float32"),
        1,
    )
    raises(ValueError, "`prim.IntImm.ty` is None", T.IntImm, None, 1)


def test_float_imm():
    imm = T.FloatImm(ir.PrimType("float32"), 2.5)
    assert type(imm) is T.FloatImm
    assert imm.value == 2.5
    assert imm.ty.dtype == "float32"
    assert T.FloatImm(ir.PrimType("float64"), 1).value == 1.0
    raises(
        TypeError,
        "FloatImm needs a scalar float type, got int32",
        T.FloatImm,
        ir.PrimType("int32"),
        1.0,
    )
    raises(ValueError, "`prim.FloatImm.ty` is None", T.FloatImm, None, 1.0)


def test_string_imm():
    s = T.StringImm("hello")
    assert type(s) is T.StringImm
    assert s.value == "hello"
    assert type(s.ty) is ir.StringType  # the reference's type of a string, `T.String()`


def test_cast_node():
    x = var("x", "int32")
    c = T.Cast(ir.PrimType("float32"), x)
    assert type(c) is T.Cast
    assert c.value.same_as(x)
    assert c.ty.dtype == "float32"
    raises(
        TypeError,
        "Cannot cast int32x4 to int32: the numbers of lanes differ",
        T.Cast,
        ir.PrimType("int32"),
        var("v", "int32x4"),
    )
    raises(ValueError, "`prim.Cast.value` is None", T.Cast, ir.PrimType("int32"), None)
    raises(ValueError, "`prim.Cast.ty` is None", T.Cast, None, x)


def test_not_and_select_nodes():
    x = var("x", "int32")
    cond = x < 1
    negation = T.Not(cond)
    assert type(negation) is T.Not
    assert negation.a.same_as(cond)
    assert negation.ty.dtype == "bool"
    y = var("y", "int32")
    select = T.Select(cond, x, y)
    assert type(select) is T.Select
    assert select.condition.same_as(cond)
    assert select.true_value.same_as(x)
    assert select.false_value.same_as(y)
    assert select.ty.dtype == "int32"
    raises(TypeError, "`prim.Select.condition` must be bool, got `int32`", T.Select, x, x, y)
    raises(
        TypeError,
        "`prim.Select` needs branches of one type, got `int32` and `int64`",
        T.Select,
        cond,
        x,
        var("z", "int64"),
    )


@pytest.mark.parametrize(
    "make",
    [
        lambda x: x,
        lambda x: x + 1,
        lambda x: T.IntImm(ir.PrimType("int32"), 1),
        lambda x: T.Cast(ir.PrimType("int64"), x),
        lambda x: T.Select(x < 1, x, x),
        lambda x: T.Not(x < 1),
        lambda x: T.StringImm("s"),
    ],
)
def test_expression_fields_are_read_only(make):
    node = make(var("x", "int32"))
    index = type(node).__tvm_ffi_type_index__
    for ancestor in core._type_ancestors(index):
        for field in core._type_info(ancestor)["fields"]:
            assert field["read_only"] is True
            with pytest.raises(AttributeError, match="read-only"):
                setattr(node, field["name"], None)


def test_structural_ignore_on_span_and_var_name():
    ignored = {
        (core._type_info(ancestor)["type_key"], field["name"])
        for ancestor in core._type_ancestors(core._type_info("ir.Var")["type_index"])
        for field in core._type_info(ancestor)["fields"]
        if field["structural_ignore"]
    }
    assert ignored == {("ir.Expr", "span"), ("ir.Var", "name")}


# ---- make_const and cast ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "dtype, value, expected",
    [
        ("int32", 5, 5),
        ("int8", -128, -128),
        ("int64", 2**40, 2**40),
        ("uint8", 255, 255),
        ("uint32", 0, 0),
        ("bool", True, 1),
        ("bool", False, 0),
    ],
)
def test_make_const_integer_types(dtype, value, expected):
    const = T.make_const(dtype, value)
    assert is_int_imm(const, dtype, expected)


@pytest.mark.parametrize(
    "dtype, value", [("float32", 1.5), ("float16", 2), ("float64", True), ("bfloat16", 0.25)]
)
def test_make_const_float_types(dtype, value):
    assert is_float_imm(T.make_const(dtype, value), dtype, float(value))


def test_make_const_takes_a_prim_type_and_vectors():
    assert is_int_imm(T.make_const(ir.PrimType("int16"), 3), "int16", 3)
    vector = T.make_const("float32x4", 1.0)
    assert type(vector) is T.Broadcast
    assert vector.ty.dtype == "float32x4"
    assert is_float_imm(vector.value, "float32", 1.0)


def test_make_const_errors():
    raises(TypeError, "Cannot make a int32 constant from the float 1.5", T.make_const, "int32", 1.5)
    raises(TypeError, "Cannot make a bool constant from the float 1", T.make_const, "bool", 1.0)
    raises(ValueError, "Value 300 does not fit in type int8", T.make_const, "int8", 300)
    raises(ValueError, "Value -1 does not fit in type uint8", T.make_const, "uint8", -1)
    wrong_value = "make_const needs an int, bool or float value, got "
    raises(TypeError, wrong_value + "`str`", T.make_const, "int32", "a")
    raises(TypeError, wrong_value + "`None`", T.make_const, "int32", None)
    raises(ValueError, "The type given to `make_const` is None", T.make_const, None, 1)
    with pytest.raises(ValueError, match='Cannot parse data type "int33x"'):
        T.make_const("int33x", 1)


def test_cast_helper():
    x = var("x", "int32")
    assert T.cast("int32", x).same_as(x)
    assert is_cast_of(T.cast("int64", x), "int64", x)
    assert is_cast_of(T.cast(ir.PrimType("float32"), x), "float32", x)
    raises(ValueError, "The type given to `cast` is None", T.cast, None, x)
    raises(ValueError, "Operand of `cast` is None", T.cast, "int32", None)
