"""Layouts (docs/frontend.md, "Layouts"): the IR `T.S[...]`, `T.R[...]`, offsets and
`T.ComposeLayout` build, `layout=` on tensor types and allocations in both spellings, the prints
against the oracles' records, read-back, and the errors for malformed layouts, trusted and
untrusted."""

from __future__ import annotations

import json
import pathlib

import pytest

from tvm_tirx import ir as _ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser.protocol_registry import namespace_members

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "script_corpus"
RECORDS = ROOT / "tests" / "oracle_records"
PROGRAMS = ("layout_warp_fragment", "layout_swizzled_tile")
HEADER = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef f():\n"


def _iters(iters) -> list:
    return [(i.extent.value, i.stride.value, i.axis.name) for i in iters]


def _origins(layout) -> dict:
    return {axis.name: value.value for axis, value in layout.offset.items()}


def test_a_spec_builds_shard_replica_and_origins() -> None:
    lane, warp = T.Axis.get("laneid"), T.Axis.get("warpid")
    layout = T.TileLayout(T.S[(8, 4):(4 @ lane, 1)] + T.R[2:1 @ warp] + 3 + 1 @ lane + 2 @ lane)
    assert _iters(layout.shard) == [(8, 4, "laneid"), (4, 1, "m")]
    assert _iters(layout.replica) == [(2, 1, "warpid")]
    assert _origins(layout) == {"m": 3, "laneid": 3}  # terms on one axis add up


def test_row_major_strides_past_int32_are_int64_constants() -> None:
    # As the reference's Python-int strides convert: 65536 * 65536 does not fit int32.
    layout = T.TileLayout(T.S[4, 65536, 65536])
    assert [str(i.stride.ty) for i in layout.shard] == ["T.int64", "T.int32", "T.int32"]
    assert layout.shard[0].stride.value == 1 << 32


def test_extents_alone_are_row_major_memory() -> None:
    assert _iters(T.TileLayout(T.S[8, 16, 4]).shard) == [(8, 64, "m"), (16, 4, "m"), (4, 1, "m")]
    assert _iters(T.TileLayout(T.S[8]).shard) == [(8, 1, "m")]
    wide = T.TileLayout(T.S[T.int64(8), 4])
    assert [str(i.stride.ty) for i in wide.shard] == ["T.int64", "T.int64"]
    assert _iters(T.TileLayout(T.R[2, 4]).replica) == [(2, 4, "m"), (4, 1, "m")]


def test_the_reference_rules_for_combining_parts() -> None:
    # The first shard given stays, the last replica given wins (the reference's `_LayoutSpec`).
    layout = T.TileLayout(T.S[4] + T.R[2] + T.S[8] + T.R[3])
    assert _iters(layout.shard) == [(4, 1, "m")]
    assert _iters(layout.replica) == [(3, 1, "m")]
    assert _origins(T.TileLayout(5 + T.S[4])) == {"m": 5}
    assert _iters(T.TileLayout.from_iters([T.Iter(4, 2, "tx")]).shard) == [(4, 2, "tx")]


def test_compose_layout_fields_and_masks() -> None:
    layout = T.ComposeLayout(3, 3, 4, T.TileLayout(T.S[8, 8]), swizzle_inner=False)
    assert (layout.per_element, layout.swizzle_len, layout.atom_len) == (3, 3, 4)
    assert (layout.inner_mask, layout.outer_mask, layout.swizzle_inner) == (7, 112, False)


@pytest.mark.parametrize("make, kind, message", [
    (lambda: T.S[(8, 4):(1,)], ValueError,
     "`T.S[extents : strides]` needs one stride per extent: got 2 extents and 1 stride"),
    (lambda: T.R[8:(1, 1)], ValueError,
     "`T.R[extents : strides]` needs one stride per extent: got 1 extent and 2 strides"),
    (lambda: T.S[8:1:2], TypeError, "`T.S[extents : strides]` takes no step"),
    (lambda: T.S[8.0], TypeError, "a `T.S` extent must be an integer, got 8.0"),
    (lambda: T.Axis.get("lane"), ValueError,
     "unknown layout axis `lane`: did you mean `laneid`, `TLane`? (the axes are m, the CUDA "
     "axes bx, by, bz, cbx, cby, cbz, tx, warpid, laneid, wgid, tid_in_wg, wid_in_wg, TCol, "
     "TLane and the "
     "Trainium axes P, F, Bank)"),
    (lambda: T.Iter(8, 1, "tcol"), ValueError, "unknown layout axis `tcol`: did you mean `TCol`?"),
    (lambda: T.Axis.get(3), TypeError, "`T.Axis.get` takes an axis name, got `int`"),
    (lambda: T.TileLayout([8, 4]), TypeError,
     "`T.TileLayout` takes a layout specification, `T.S[...]` with optional `+ T.R[...]` and "
     "`+ offset`; got `list`"),
    (lambda: T.S[8:(T.S[2] + 1)], TypeError,
     "a layout's stride is a value or `value @ axis`, got a layout"),
    (lambda: T.S[8] + T.S[4] @ T.Axis.m, TypeError, "a value on an axis must be an integer"),
    (lambda: T.ComposeLayout(0, 3, 2, T.TileLayout(T.S[8])), ValueError,
     "A compose layout requires nonnegative per_element and swizzle_len, and atom_len >= "
     "swizzle_len (got per_element=0, swizzle_len=3, atom_len=2)"),
    (lambda: T.ComposeLayout(0, 2, 3, T.S[8] + 1 @ T.Axis.m, swizzle_inner=1), TypeError,
     "`T.ComposeLayout`: `swizzle_inner` is a bool, got `int`"),
    (lambda: T.ComposeLayout(0, 2, 3, 5), TypeError,
     "`T.ComposeLayout` swizzles a `T.TileLayout`, got `int`"),
    (lambda: T.Tensor((4,), "float32", layout="PF"), TypeError,
     "`T.Tensor`: `layout` must be a Layout, None, or 'default'; got 'PF'"),
    (lambda: T.Layout(), TypeError,
     "`T.Layout` is the base of the layouts: build a `T.TileLayout` or a `T.ComposeLayout`"),
    (lambda: T.TileLayout.from_iters(offset={3: 1}), TypeError,
     "a layout's origins are keyed by axis (or its name), got `int`"),
    (lambda: T.S[10**30], ValueError,
     "a `T.S` extent must fit in int64, got 1000000000000000000000000000000"),
    (lambda: T.S[tuple([1 << 40] * 3)], ValueError,
     "the row-major stride of dimension 0 passes int64: 1208925819614629174706176"),
    (lambda: T.ComposeLayout(1 << 70, 0, 0, T.TileLayout(T.S[8])), ValueError,
     "`T.ComposeLayout`: `per_element` must fit in int64"),
])
def test_malformed_layouts_raise_with_their_message(make, kind, message) -> None:
    with pytest.raises(kind) as error:
        make()
    assert str(error.value).startswith(message)


def test_layout_on_a_tensor_type() -> None:
    layout = T.TileLayout(T.S[(4, 8):(1, 4)])
    ty = T.Tensor((4, 8), "float32", layout=layout)
    assert ty.layout.same_as(layout)
    assert T.Tensor((4, 8), "float32").layout is None
    default = T.Tensor((4, 8), "float32", layout="default").layout
    assert _iters(default.shard) == [(4, 8, "m"), (8, 1, "m")]
    assert not _ir.structural_equal(T.Tensor((4, 8), "float32"),
                                    T.Tensor((4, 8), "float32", layout="default"))


@pytest.mark.parametrize("name", PROGRAMS)
def test_our_print_is_the_reference_print_and_reads_back(name: str) -> None:
    func = from_source((CORPUS / f"{name}.py").read_text(encoding="utf-8"))
    record = json.loads((RECORDS / "corpus" / f"{name}.json").read_text(encoding="utf-8"))
    assert record["reference"]["accepted"] and record["read_back"]["equal"]
    assert func.script() + "\n" == record["reference"]["print"]
    again = from_source(func.script(), extra_vars={"T": T})
    _ir.assert_structural_equal(again, func)


def test_the_apache_spelling_prints_as_apache_tvm_0_27_and_reads_back() -> None:
    func = from_source((CORPUS / "today_layout_buffers.py").read_text(encoding="utf-8"))
    entry = json.loads((RECORDS / "apache_print.json").read_text(encoding="utf-8"))[
        "programs"]["corpus/today_layout_buffers"]
    assert entry["identical"] and entry["read_back"]["same_ir"]
    apache = func.script(spelling="apache")
    assert apache == entry["apache"]["print"]
    # The 0.27 default layout (row-major, as `A`'s `T.TileLayout(T.S[16, 32])` is) is no layout.
    assert func.params[0].ty.layout is None
    _ir.assert_structural_equal(from_source(apache, extra_vars={"T": T}), func)


def test_thread_axes_print_in_apache_tvm_0_27_form() -> None:
    lane, warp = T.Axis.get("laneid"), T.Axis.get("warpid")
    layout = T.TileLayout(T.S[(4, 4):(4 @ lane, 1)] + T.R[2:1 @ warp] + 3 + 1 @ lane)
    text = T.Tensor((4, 4), "float32", layout=layout).script(spelling="apache")
    # apache-tvm 0.27 prints this layout so (checked with its `.script()`).
    assert "layout=T.TileLayout(T.S[(4, 4):(4 @ Axis.laneid, 1)] + T.R[2:1 @ Axis.warpid] + " \
           "(1 @ Axis.laneid + 3))" in text
    assert T.TileLayout.from_iters(offset={"laneid": 1}).script(spelling="apache") == \
        'T.TileLayout.from_iters(offset={"laneid": 1})'


def _report(body: str, trusted: bool = False):
    report = parse_diagnostics(HEADER + body, source_name="k.py", trusted=trusted)
    return [(d.severity, d.code, d.message, d.span.start_line) for d in report.diagnostics]


@pytest.mark.parametrize("trusted", [False, True])
def test_untrusted_and_trusted_text_build_layouts(trusted: bool) -> None:
    body = ('    lane = T.Axis.get("laneid")\n'
            '    X = T.alloc_local((8, 4), "float32", layout=T.TileLayout(T.S[(8, 4):(4 @ lane, '
            '1)] + T.R[2:1 @ T.Axis.get("warpid")] + 2))\n'
            '    Y = T.alloc_shared((8, 8), "float16", layout=T.ComposeLayout(0, 2, 3, '
            'T.TileLayout(T.S[8, 8])))\n'
            '    X[0, 0] = T.float32(1)\n')
    assert _report(body, trusted) == []


def test_hostile_layouts_in_untrusted_text_stop_quickly_with_one_diagnostic() -> None:
    found = _report('    X = T.alloc_local((8,), "float32", layout=T.TileLayout('
                    'T.S[tuple(range(100000))]))\n'
                    '    a = T.Axis.get("laneid")\n    b = a.__class__\n')
    assert [(d[0], d[1], d[3]) for d in found] == [(1, "value-error", 5),
                                                    (3, "untrusted-not-evaluated", 7)]
    assert found[0][2].startswith("the row-major stride of dimension ")


@pytest.mark.parametrize("trusted", [False, True])
def test_a_bad_layout_in_text_is_one_error_at_its_statement(trusted: bool) -> None:
    body = ('    X = T.alloc_local((8, 4), "float32", layout=T.TileLayout(T.S[(8, 4):(4,)]))\n'
            '    Y = T.alloc_local((8,), "float32", layout=T.TileLayout(T.S[8:1 @ '
            'T.Axis.get("lanid")]))\n'
            '    X[0, 0] = T.float32(1)\n')
    found = _report(body, trusted)
    assert [(d[0], d[1], d[3]) for d in found] == [(1, "value-error", 5), (1, "value-error", 6)]
    assert found[0][2] == ("`T.S[extents : strides]` needs one stride per extent: got 2 extents "
                           "and 1 stride")
    assert found[1][2].startswith("unknown layout axis `lanid`: did you mean `laneid`?")


def test_the_layout_members_are_constructors_of_T() -> None:
    kinds = {m.name: m.kind for m in namespace_members("tirx")}
    assert {name: kinds[name] for name in ("Axis", "ComposeLayout", "Iter", "Layout", "R", "S",
                                           "TileLayout")} == dict.fromkeys(
        ("Axis", "ComposeLayout", "Iter", "Layout", "R", "S", "TileLayout"), "constructor")


def test_a_declaration_with_a_layout_prints_as_decl_buffer_in_apache_spelling() -> None:
    # Not `D.view(10, 11)`, which would drop the layout: apache-tvm 0.27 prints it so too.
    func = from_source('from tvm.script import tirx as T\n\n@T.prim_func\ndef f(D: T.Buffer((10, '
                       '11), "float32")):\n    D0 = T.decl_buffer((10, 11), "float32", '
                       'data=D.data, layout=T.TileLayout(T.S[(10, 11):(1, 10)]))\n'
                       '    D0[0, 0] = T.float32(1)\n')
    text = func.script(spelling="apache")
    assert 'D0 = T.decl_buffer((10, 11), data=D.data, layout=T.TileLayout(T.S[(10, 11):(1, ' \
           '10)]))' in text
    _ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)


def test_a_view_takes_a_layout() -> None:
    # apache-tvm 0.27's `A.view(8, 8, layout=...)`: a declaration over A's data with that layout;
    # a row-major one is no layout, as for its buffers.
    func = from_source('from tvm.script import tirx as T\n\n@T.prim_func\n'
                       'def f(A: T.Buffer((64,), "float32")):\n'
                       '    B = A.view(8, 8, layout=T.TileLayout(T.S[(8, 8):(1, 8)]))\n'
                       '    C = A.view(8, 8, layout=T.TileLayout(T.S[8, 8]))\n'
                       '    B[0, 1] = C[1, 0]\n')
    views = list(func.body.seq)[:2]
    assert _iters(views[0].var.ty.layout.shard) == [(8, 1, "m"), (8, 8, "m")]
    assert views[1].var.ty.layout is None
    text = func.script(spelling="apache")
    assert 'B = T.decl_buffer((8, 8), data=A.data, layout=T.TileLayout(T.S[(8, 8):(1, 8)]))' in text
    assert "C = A.view(8, 8)" in text
    _ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
