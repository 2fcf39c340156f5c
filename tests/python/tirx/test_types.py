"""Shared IR types and spans from Python: construction, fields, singletons, dtype parsing."""

import pytest

import tvm_ffi
import tvm_tirx
from tvm_ffi import core
from tvm_tirx import ir


def all_fields(type_key):
    """Reflected fields of the type, inherited ones first."""
    index = core._type_info(type_key)["type_index"]
    return [
        field
        for ancestor in reversed(core._type_ancestors(index))
        for field in core._type_info(ancestor)["fields"]
    ]


def field_names(type_key):
    return [field["name"] for field in all_fields(type_key)]


# ---- spans -----------------------------------------------------------------------------------


def test_span_fields():
    span = ir.Span("kernel.py", 3, 4, 3, 9)
    assert type(span) is ir.Span
    assert (span.source_name, span.start_line, span.start_column) == ("kernel.py", 3, 4)
    assert (span.end_line, span.end_column) == (3, 9)
    assert field_names("ir.Span") == [
        "source_name",
        "start_line",
        "start_column",
        "end_line",
        "end_column",
    ]


def test_unknown_span_is_a_singleton():
    unknown = ir.Span.unknown()
    assert unknown.same_as(ir.Span.unknown())
    assert unknown.start_line == 0
    assert unknown.source_name == ""
    assert not ir.Span("", 0, 0, 0, 0).same_as(unknown)


def test_every_type_and_expression_starts_with_the_unknown_span():
    unknown = ir.Span.unknown()
    assert ir.PrimType("int32").span.same_as(unknown)
    assert ir.Type.missing().span.same_as(unknown)
    assert ir.Var("x", "int32").span.same_as(unknown)
    assert ir.Range(ir.Var("a", "int32"), ir.Var("b", "int32")).span.same_as(unknown)


# ---- the base type and the missing type ------------------------------------------------------


def test_missing_type_is_a_singleton():
    missing = ir.Type.missing()
    assert missing.same_as(ir.Type.missing())
    assert type(missing) is ir.MissingType
    assert isinstance(missing, ir.Type)
    assert field_names("ir.MissingType") == ["span"]


def test_base_type_span_is_ignored_by_structural_equality():
    (span,) = core._type_info("ir.Type")["fields"]
    assert span["name"] == "span"
    assert span["structural_ignore"] is True
    assert span["read_only"] is True


# ---- PrimType --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["int8", "int32", "int64", "uint8", "uint32", "bool", "float16", "float32", "float64",
     "bfloat16", "float8_e4m3fn", "int32x4", "float32x4", "boolx8", "handle"],
)
def test_prim_type_dtype_round_trips(text):
    ty = ir.PrimType(text)
    assert type(ty) is ir.PrimType
    assert isinstance(ty, ir.Type)
    assert isinstance(ty.dtype, tvm_ffi.dtype)
    assert str(ty.dtype) == text
    assert ty.dtype == text


def test_prim_type_float32x4():
    dtype = ir.PrimType("float32x4").dtype
    assert dtype == tvm_ffi.dtype("float32x4")
    assert isinstance(dtype, tvm_ffi.dtype)
    assert str(dtype) == "float32x4"


def test_prim_type_accepts_a_dtype_object():
    assert ir.PrimType(tvm_ffi.dtype("uint16")).dtype == "uint16"


@pytest.mark.parametrize("text", ["foo", "int", "float32x", ""])
def test_bad_dtype_text_is_a_value_error(text):
    with pytest.raises(ValueError, match=f'Cannot parse data type "{text}"'):
        ir.PrimType(text)


def test_prim_types_are_separate_objects():
    assert not ir.PrimType("int32").same_as(ir.PrimType("int32"))


# ---- PointerType, FuncType, TensorType -------------------------------------------------------


def test_pointer_type_positional_and_fields():
    f32 = ir.PrimType("float32")
    ptr = ir.PointerType(f32, "shared")
    assert type(ptr) is ir.PointerType
    assert ptr.element_type.same_as(f32)
    assert ptr.scope == "shared"
    assert field_names("ir.PointerType") == ["span", "element_type", "scope"]


def test_func_type_positional_and_fields():
    i32, f32 = ir.PrimType("int32"), ir.PrimType("float32")
    fn = ir.FuncType([i32, f32], f32)
    assert type(fn) is ir.FuncType
    assert len(fn.arg_types) == 2
    assert fn.arg_types[0].same_as(i32)
    assert fn.arg_types[1].same_as(f32)
    assert fn.ret_type.same_as(f32)
    assert field_names("ir.FuncType") == ["span", "arg_types", "ret_type"]


def test_tensor_type_positional_and_fields():
    n = ir.Var("n", "int32")
    sixteen = tvm_tirx.IntImm(ir.PrimType("int32"), 16)
    tensor = ir.TensorType(tvm_ffi.dtype("float32"), [n, sixteen])
    assert type(tensor) is ir.TensorType
    assert tensor.dtype == "float32"
    assert len(tensor.shape) == 2
    assert tensor.shape[0].same_as(n)
    assert tensor.shape[1].same_as(sixteen)
    assert list(tensor.strides) == []
    assert tensor.elem_offset is None
    assert tensor.scope == "global"
    assert tensor.alignment == 64
    assert tensor.layout is None
    assert field_names("ir.TensorType") == [
        "span",
        "dtype",
        "shape",
        "strides",
        "elem_offset",
        "scope",
        "alignment",
        "layout",
    ]


def test_tensor_type_accepts_dtype_text():
    assert ir.TensorType("int8", []).dtype == "int8"


def test_tensor_type_defines_no_variables():
    # Shape symbols are uses; the enclosing Pattern region (function parameters) defines them.
    regions = {f["name"]: f["def_region"] for f in all_fields("ir.TensorType")}
    assert set(regions.values()) == {"None"}


@pytest.mark.parametrize(
    "make",
    [
        lambda: ir.PrimType("int32"),
        lambda: ir.PointerType(ir.PrimType("int8"), "global"),
        lambda: ir.FuncType([], ir.Type.missing()),
        lambda: ir.TensorType(tvm_ffi.dtype("int8"), []),
        lambda: ir.Span("a.py", 1, 0, 1, 1),
    ],
)
def test_type_fields_are_read_only(make):
    obj = make()
    for name in field_names(core._type_info(type(obj).__tvm_ffi_type_index__)["type_key"]):
        with pytest.raises(AttributeError, match="read-only"):
            setattr(obj, name, None)


def test_tvm_tirx_reexports_the_shared_ir():
    assert tvm_tirx.ir is ir
    assert tvm_tirx.PrimType is ir.PrimType
    assert tvm_tirx.Type is ir.Type
    assert tvm_tirx.Span is ir.Span


def test_tensor_type_takes_python_ints_and_keyword_options():
    tensor = ir.TensorType("float32", [16, 4], strides=[4, 1], elem_offset=2, scope="shared",
                           alignment=16)
    assert [e.value for e in tensor.shape] == [16, 4]
    assert all(str(e.ty.dtype) == "int32" for e in tensor.shape)
    assert [e.value for e in tensor.strides] == [4, 1]
    assert tensor.elem_offset.value == 2
    assert (tensor.scope, tensor.alignment) == ("shared", 16)
    with pytest.raises(TypeError):
        ir.TensorType("float32", [1.5])
