"""Apache TVM's tensor-core (WMMA) intrinsics (issue 23, item 2): `T.tvm_fill_fragment`,
`T.tvm_load_matrix_sync`, `T.tvm_store_matrix_sync`, `T.tvm_mma_sync`, `T.tvm_bmma_sync`, with
`T.tvm_access_ptr` and `T.type_annotation` for their memory operands: the IR, its print and
read-back, and the errors of misuse. Their types against apache-tvm 0.27 are in
test_oracle_device.py. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import List, Tuple

import pytest

from tvm_tirx import ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

PROGRAM = '''
from tvm.script import tirx as T

@T.prim_func
def tile(X: T.Buffer((16, 16), "float16"), Y: T.Buffer((16, 16), "float32")):
    a = T.alloc_buffer((16, 16), "float16", scope="wmma.matrix_a")
    b = T.alloc_buffer((16, 16), "float16", scope="wmma.matrix_b")
    acc = T.alloc_buffer((16, 16), "float32", scope="wmma.accumulator")
    T.tvm_fill_fragment(acc.data, 16, 16, 16, 0, T.float32(0))
    T.tvm_load_matrix_sync(a.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float16"), X.data, 0, 256, 1), 16, "row_major")
    T.tvm_load_matrix_sync(b.data, 16, 16, 16, 0, T.tvm_access_ptr("float16", X.data, 0, 256, 1), 16, "col_major")
    T.tvm_mma_sync(acc.data, 0, a.data, 0, b.data, 0, acc.data, 0)
    T.tvm_store_matrix_sync(acc.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float32"), Y.data, 0, 256, 2), 16, "row_major")
'''


def test_a_wmma_tile_builds_void_calls_and_prints_them_as_written() -> None:
    func = from_source(PROGRAM)
    calls = [s.value for s in func.body.seq[3:]]
    assert [c.op.name for c in calls] == [
        "tirx.tvm_fill_fragment", "tirx.tvm_load_matrix_sync", "tirx.tvm_load_matrix_sync",
        "tirx.tvm_mma_sync", "tirx.tvm_store_matrix_sync"]
    assert {str(c.ty.dtype) for c in calls} == {"void"}
    pointer = calls[2].args[5]
    assert (pointer.op.name, pointer.args[0].op.name, str(pointer.ty.element_type.dtype),
            pointer.ty.scope) == ("tirx.tvm_access_ptr", "tirx.type_annotation", "float16",
                                  "global")
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    body = [line for line in text.split("\n") if line.startswith("    T.")]
    assert body == [
        "    T.tvm_fill_fragment(acc.data, 16, 16, 16, 0, T.float32(0.0))",
        '    T.tvm_load_matrix_sync(a.data, 16, 16, 16, 0, T.tvm_access_ptr('
        'T.type_annotation(T.float16), X.data, 0, 256, 1), 16, "row_major")',
        '    T.tvm_load_matrix_sync(b.data, 16, 16, 16, 0, T.tvm_access_ptr('
        'T.type_annotation(T.float16), X.data, 0, 256, 1), 16, "col_major")',
        "    T.tvm_mma_sync(acc.data, 0, a.data, 0, b.data, 0, acc.data, 0)",
        '    T.tvm_store_matrix_sync(acc.data, 16, 16, 16, 0, T.tvm_access_ptr('
        'T.type_annotation(T.float32), Y.data, 0, 256, 2), 16, "row_major")',
    ]


def test_a_dtype_is_dropped_as_apache_tvm_drops_it() -> None:
    p = ir.Var("p", T.handle)
    call = T.tvm_fill_fragment(p, 16, 16, 16, 0, T.float32(0), dtype="handle")
    ir.assert_structural_equal(call, T.tvm_fill_fragment(p, 16, 16, 16, 0, T.float32(0)))
    assert str(call.ty.dtype) == "void"
    assert str(T.tvm_mma_sync(p, 0, p, 0, p, 0, p, 0, dtype="handle").ty.dtype) == "void"
    pointer = T.tvm_access_ptr("float16", p, 0, 256, 1, dtype="handle")
    ir.assert_structural_equal(pointer, T.tvm_access_ptr("float16", p, 0, 256, 1))
    # `dtype` is `T.type_annotation`'s own parameter: by keyword too.
    ir.assert_structural_equal(T.type_annotation(dtype="float16"), T.type_annotation("float16"))


def errors(statement: str) -> List[Tuple[str, str]]:
    text = PROGRAM.split("    T.tvm_fill_fragment")[0] + "    " + statement + "\n"
    report = parse_diagnostics(text, source_name="wmma.py")
    return [(d.code, d.message) for d in report.diagnostics]


@pytest.mark.parametrize("statement, error", [
    ("T.tvm_fill_fragment(acc.data, 16, 16, 16, 0)",
     ("type-error", "`T.tvm_fill_fragment` takes 6 arguments, got 5")),
    ("T.tvm_fill_fragment(acc, 16, 16, 16, 0, T.float32(0))",
     ("type-error", "`tirx.tvm_fill_fragment.fragment` is a data pointer, such as `C.data`")),
    ("T.tvm_fill_fragment(acc.data, 16.0, 16, 16, 0, T.float32(0))",
     ("type-error", "`tirx.tvm_fill_fragment.m` must be an integer, got `float32`")),
    ('T.tvm_load_matrix_sync(a.data, 16, 16, 16, 0, X.data, 16, 1)',
     ("type-error", "`tirx.tvm_load_matrix_sync` takes the layout as a string, such as "
      "`\"row_major\"`")),
    ('T.tvm_store_matrix_sync(acc.data, 16, 16, 16, 0, X.data, 16.5, "row_major")',
     ("type-error", "`tirx.tvm_store_matrix_sync.stride` must be an integer, got `float32`")),
    ("T.tvm_mma_sync(acc.data, 0, a.data, 0, b.data, 0.0, acc.data, 0)",
     ("type-error", "`tirx.tvm_mma_sync.index_b` must be an integer, got `float32`")),
    ("T.evaluate(T.tvm_access_ptr(\"float16\", 0, 0, 256, 1))",
     ("type-error", "`tirx.tvm_access_ptr.data` is a data pointer, such as `C.data`")),
    ("T.evaluate(T.type_annotation(3))",
     ("type-error", "`T.type_annotation` takes a dtype, such as \"int32\" or `T.int64`, got "
      "`int`")),
])
def test_misuse_is_a_type_error_at_the_call(statement: str, error: Tuple[str, str]) -> None:
    assert errors(statement) == [error]


def test_an_untrusted_check_analyses_the_tile() -> None:
    report = parse_diagnostics(textwrap.dedent(PROGRAM), source_name="wmma.py", trusted=False)
    assert [(d.code, d.message) for d in report.diagnostics] == []
    assert [d.name for d in report.definitions] == ["tile"]
