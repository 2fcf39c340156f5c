"""The device-kernel language (issue 23, item 2): the reference's regions (``with
T.device_entry():``, ``T.compute_scope``...) and Apache TVM's flat ``T.device_entry()`` and scope
ids (``bx = T.cta_id([4])``): the IR they build, its print and read-back, and the errors of
misuse. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import Any, List, Tuple

import pytest
import tvm_ffi

from tvm_tirx import ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

HEADER = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef k():\n"


def build(text: str) -> Any:
    return from_source(textwrap.dedent(text))


def body_lines(func: Any) -> List[str]:
    """The printed function's lines after its signature, and a check that they read back."""
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("def "))
    return [line for line in lines[start + 1:] if line]


def diagnostics(statement: str) -> List[Tuple[str, str, int]]:
    report = parse_diagnostics(HEADER + textwrap.indent(textwrap.dedent(statement), "    ")
                               + "    T.evaluate(1)\n", source_name="device.py")
    return [(d.code, d.message, int(d.severity)) for d in report.diagnostics]


# --- regions ------------------------------------------------------------------------------------

def test_each_region_builds_a_device_region_and_prints_as_the_reference() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def k(A: T.Tensor((64,), T.float32)):
            with T.device_entry():
                with T.launch_thread("threadIdx.x", 64) as tx:
                    A[tx] = T.float32(2)
            with T.compute_scope("pack"):
                T.evaluate(1)
            with T.device_context(2, 0):
                T.evaluate(2)
            with T.parallel_launch():
                T.evaluate(3)
            with T.device_scope():
                T.evaluate(4)
            with T.device_entry(attrs={"max_regs": 64}):
                T.evaluate(5)
        ''')
    regions = list(func.body.seq)
    assert [type(r).__name__ for r in regions] == ["DeviceRegion"] * 6
    assert [r.region for r in regions] == ["device_entry", "compute_scope", "device_context",
                                           "parallel_launch", "device_scope", "device_entry"]
    assert regions[1].args[0].value == "pack"
    assert [(a.value, str(a.ty.dtype)) for a in regions[2].args] == [(2, "int32"), (0, "int32")]
    assert dict(regions[5].attrs) == {"max_regs": 64}
    assert body_lines(func) == [
        "    with T.device_entry():",
        '        with T.launch_thread("threadIdx.x", 64) as tx:',
        "            A[tx] = T.float32(2.0)",
        '    with T.compute_scope("pack"):',
        "        T.evaluate(1)",
        "    with T.device_context(2, 0):",
        "        T.evaluate(2)",
        "    with T.parallel_launch():",
        "        T.evaluate(3)",
        "    with T.device_scope():",
        "        T.evaluate(4)",
        '    with T.device_entry(attrs={"max_regs": 64}):',
        "        T.evaluate(5)",
    ]


def test_a_bare_device_entry_holds_the_rest_of_its_block_as_the_with_form() -> None:
    flat = build('''
        from tvm.script import tirx as T

        @T.prim_func
        def k(A: T.Buffer((8,), "float32")):
            A[0] = T.float32(0)
            T.device_entry()
            A[1] = T.float32(1)
            A[2] = T.float32(2)
        ''')
    nested = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def k(A: T.Tensor((8,), T.float32)):
            A[0] = T.float32(0)
            with T.device_entry():
                A[1] = T.float32(1)
                A[2] = T.float32(2)
        ''')
    ir.assert_structural_equal(flat, nested)
    assert body_lines(flat)[1:] == ["    with T.device_entry():",
                                    "        A[1] = T.float32(1.0)",
                                    "        A[2] = T.float32(2.0)"]


@pytest.mark.parametrize("statement, error", [
    ("with T.compute_scope(3):\n    pass\n",
     ("type-error", "`T.compute_scope` takes the helper's name as a string, got `int32`", 1)),
    ("with T.device_context(T.int64(2), 0.5):\n    pass\n",
     ("type-error", "`T.device_context.device_id` must be an integer, got `float32`", 1)),
    ("with T.device_context(2):\n    pass\n",
     ("type-error", "device_context() missing 1 required positional argument: 'device_id'", 1)),
    ("with T.device_entry(T.int32(3)):\n    pass\n",
     ("value-error", "`T.device_entry` takes no operands: its launch operands need a CUDA "
      "launch configuration (`launch=`), which is not analysed yet", 1)),
    ("with T.parallel_launch(attrs=[1]):\n    pass\n",
     ("type-error", "`T.parallel_launch` takes `attrs=` as a dict with string keys, got `[1]`",
      1)),
    ("with T.device_entry(attrs={1: 2}):\n    pass\n",
     ("type-error", "`T.device_entry` takes `attrs=` as a dict with string keys, got `{1: 2}`",
      1)),
])
def test_a_misused_region_is_an_error_at_the_region(statement: str,
                                                    error: Tuple[str, str, int]) -> None:
    assert diagnostics(statement) == [error]


@pytest.mark.parametrize("statement, message", [
    ("with T.device_entry(launch=1):\n    pass\n",
     "`T.device_entry(launch=...)` is not analysed yet"),
    ("with T.device_entry(backend_config={}):\n    pass\n",
     "`T.device_entry(backend_config=...)` is not analysed yet"),
    ("with T.compute_scope(\"f\", body_params=[1]):\n    pass\n",
     "`T.compute_scope(body_params=...)` is not analysed yet"),
])
def test_the_cuda_launch_configuration_is_not_analysed_yet_never_an_error(
        statement: str, message: str) -> None:
    assert diagnostics(statement) == [("not-implemented-error", message, 3)]


# --- scope ids ----------------------------------------------------------------------------------

def test_scope_ids_define_typed_variables_for_the_rest_of_the_block() -> None:
    func = build('''
        from tvm.script import tirx as T

        @T.prim_func
        def k(A: T.Buffer((256,), "float32"), n: T.int32):
            T.device_entry()
            bx = T.cta_id([4])
            tx, ty = T.thread_id([8, 4])
            w = T.warp_id([1], dtype="uint32")
            T.lane_id([32])
            c = T.cluster_id()
            e = T.cta_id_in_cluster([n], preferred=[2])
            p = T.cta_id_in_pair()
            g = T.thread_id_in_wg([T.int64(128)])
            A[bx * 32 + tx * 4 + ty] = T.float32(1)
        ''')
    region = func.body
    defs = list(region.body.seq)[:8]
    assert [d.member for d in defs] == ["cta_id", "thread_id", "warp_id", "lane_id",
                                        "cluster_id", "cta_id_in_cluster", "cta_id_in_pair",
                                        "thread_id_in_wg"]
    assert [[(v.name, str(v.ty.dtype)) for v in d.vars] for d in defs] == [
        [("bx", "int32")], [("tx", "int32"), ("ty", "int32")], [("w", "uint32")],
        [("v", "int32")], [("c", "int32")], [("e", "int32")], [("p", "int32")],
        [("g", "int32")]]
    assert defs[4].extents is None and [e.value for e in defs[6].extents] == [2]
    assert [str(e.ty.dtype) for e in defs[7].extents] == ["int64"]
    assert [p.value for p in defs[5].preferred] == [2]
    store = list(region.body.seq)[8]
    assert store.indices[0].a.a.a.same_as(defs[0].vars[0])
    assert body_lines(func) == [
        "    with T.device_entry():",
        "        bx = T.cta_id([4])",
        "        tx, ty = T.thread_id([8, 4])",
        '        w = T.warp_id([1], dtype="uint32")',
        "        v = T.lane_id([32])",
        "        c = T.cluster_id()",
        "        e = T.cta_id_in_cluster([n], preferred=[2])",
        "        p = T.cta_id_in_pair()",
        "        g = T.thread_id_in_wg([T.int64(128)])",
        "        A[bx * 32 + tx * 4 + ty] = T.float32(1.0)",
    ]


def test_the_scope_id_members_are_apache_tvm_s_ten() -> None:
    members = [tuple(m) for m in tvm_ffi.get_global_func("tirx.ScopeIdMembers")()]
    assert members == [
        ("cluster_id", "kernel", "cluster"), ("cta_id", "kernel", "cta"),
        ("cta_id_in_cluster", "cluster", "cta"), ("cta_id_in_pair", "pair", "cta"),
        ("warpgroup_id", "cta", "warpgroup"), ("warp_id", "cta", "warp"),
        ("warp_id_in_wg", "warpgroup", "warp"), ("lane_id", "warp", "thread"),
        ("thread_id", "cta", "thread"), ("thread_id_in_wg", "warpgroup", "thread")]
    for name, _, _ in members:
        assert callable(getattr(T, name))


@pytest.mark.parametrize("statement, error", [
    ('x = T.thread_id([4], dtype="int64")',
     ("value-error", 'dtype of a loop/scope-id var must be "int32" or "uint32", got int64')),
    ('x = T.warp_id([4], dtype="float32")',
     ("value-error", 'dtype of a loop/scope-id var must be "int32" or "uint32", got float32')),
    ("x = T.cta_id([4], preferred=[2])",
     ("value-error",
      'preferred is only valid when parent="cluster", got parent="kernel" (`T.cta_id`)')),
    ("x = T.thread_id(4)",
     ("type-error", "`T.thread_id` takes the extents as a list, such as `[4]`, got `int`")),
    ('x = T.lane_id(["4"])',
     ("type-error", "An extent of `T.lane_id` must be an expression or a number, got "
      "`ffi.String`")),
    ("a, b = T.thread_id([4])", ("value-error", "Cannot unpack 1 values into 2 names")),
    ("x = T.thread_id([2, 3])",
     ("value-error", "`T.thread_id` of 2 extents defines 2 variables: unpack them, as in "
      "`v0, v1 = ...`")),
    ("with T.thread_id([4]) as x:\n    pass",
     ("type-error", "`T.thread_id(...)` defines variables, it is not a `with` scope: write "
      "`x = T.thread_id(...)`")),
    ("x = T.thread_id([])",
     ("value-error", "`T.thread_id` takes at least one extent, or none to leave it to the "
      "lowering (`T.thread_id()`)")),
    ("x = T.thread_id([4], dtype=5)",
     ("type-error", "`T.thread_id` takes `dtype=` as \"int32\" or \"uint32\", got `int`")),
    ("x: T.int32 = T.thread_id([2])",
     ("type-error", "`x` is a scope id: give its type with `T.thread_id(..., dtype=...)`")),
])
def test_a_misused_scope_id_is_an_error(statement: str, error: Tuple[str, str]) -> None:
    assert diagnostics(statement + "\n") == [(*error, 1)]


def test_a_scope_id_node_checks_its_parts() -> None:
    scope_id_def = tvm_ffi.object_class("tirx.ScopeIdDef")
    device_region = tvm_ffi.object_class("tirx.DeviceRegion")
    i32 = ir.PrimType("int32")
    x, y = ir.Var("x", i32), ir.Var("y", i32)
    four = T.int32(4)
    assert [v.name for v in scope_id_def([x, y], "thread_id", [four, four], None).vars] == [
        "x", "y"]
    with pytest.raises(ValueError, match=r"^`T.cta_id` of 1 extent defines 1 variable, got 2 "
                                         r"names$"):
        scope_id_def([x, y], "cta_id", [four], None)
    with pytest.raises(ValueError, match=r"^`T.block_id` is not a scope id$"):
        scope_id_def([x], "block_id", [four], None)
    with pytest.raises(ValueError, match=r"^`T.cluster_id` without extents defines one "
                                         r"variable, got 2 names$"):
        scope_id_def([x, y], "cluster_id", None, None)
    with pytest.raises(ValueError, match=r"^`unroll` is not a device region"):
        device_region("unroll", [], {}, tvm_ffi.object_class("tirx.Evaluate")(four))


def test_scope_id_variables_are_symbols_with_their_types() -> None:
    report = parse_diagnostics(textwrap.dedent('''
        from tvm.script import tirx as T

        @T.prim_func
        def k(A: T.Buffer((64,), "float32")):
            T.device_entry()
            tx, ty = T.thread_id([8, 8], dtype="uint32")
            A[T.Cast("int32", tx * T.uint32(8) + ty)] = T.float32(1)
        '''), source_name="k.py")
    assert report.diagnostics == []
    assert [(s.name, s.kind, s.type, s.definition_range) for s in report.symbols
            if s.name in ("tx", "ty")] == [("tx", "variable", "T.uint32", (7, 4, 7, 6)),
                                             ("ty", "variable", "T.uint32", (7, 8, 7, 10))]
    assert report.what_is_at(8, 38)["type"] == "T.uint32"


def test_an_untrusted_check_analyses_a_device_kernel_and_reports_misuse() -> None:
    report = parse_diagnostics(textwrap.dedent('''
        from tvm.script import tirx as T

        @T.prim_func
        def kernel(A: T.Buffer((128,), "float32")):
            T.device_entry()
            bx = T.cta_id([4])
            tx = T.thread_id([32])
            T.warp_id([1])
            A[bx * 32 + tx] = T.float32(1)

        @T.prim_func
        def wrong(A: T.Buffer((128,), "float32")):
            T.device_entry()
            tx = T.thread_id([32], dtype="int64")
            A[tx] = T.float32(1)
        '''), source_name="kernels.py", trusted=False)
    assert [(d.code, d.message, d.span.start_line) for d in report.diagnostics] == [
        ("value-error", 'dtype of a loop/scope-id var must be "int32" or "uint32", got int64',
         15)]


def test_apache_spelling_prints_a_lone_device_entry_bare() -> None:
    # apache-tvm 0.27's `T.device_entry()` is a marker with no `with` form: in its spelling a
    # region that is not one of several statements prints bare, and reads back the same.
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def k(A: T.Buffer((64,), "float32")):
            T.device_entry()
            tx = T.thread_id([64])
            A[tx] = T.float32(1)
        ''')
    text = func.script(spelling="apache")
    assert text.splitlines()[-3:] == ["    T.device_entry()", "    tx = T.thread_id([64])",
                                      "    A[tx] = T.float32(1.0)"]
    assert tvm_ffi.structural_equal(from_source(text, extra_vars={"T": T}), func)
    assert "    with T.device_entry():" in func.script()
