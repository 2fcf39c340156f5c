"""apache-tvm 0.27's `T.SMEMPool` (docs/frontend.md, "Layouts"): the buffer and declarations it
builds, its offsets and alignment, its size attribute, the print 0.27 prints for it, and its
misuse, trusted and untrusted."""

from __future__ import annotations

import json
import pathlib

import pytest

from tvm_tirx import ir as _ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
PROGRAM = ROOT / "tests" / "script_corpus" / "today_smem_pool.py"
HEADER = "from tvm.script import tirx as T\n\n@T.prim_func\ndef f():\n"


def test_the_pool_declares_its_tensors_at_their_offsets() -> None:
    func = from_source(PROGRAM.read_text(encoding="utf-8"))
    pool_buf, tile, scale, flags, size = list(func.body.seq)[:5]
    assert pool_buf.var.name == "pool_buf"
    assert [e.value for e in pool_buf.var.ty.shape] == [0]
    assert (str(pool_buf.var.ty.dtype), pool_buf.var.ty.scope) == ("uint8", "shared.dyn")
    # 64 * 64 halves (8192 bytes), then 64 floats at byte 8192 (element 2048), then the base
    # moved to byte 16384 (int32 element 4096).
    assert tile.var.ty.elem_offset is None and tile.var.ty.alignment == 128
    assert scale.var.ty.elem_offset.value == 2048
    assert flags.var.ty.elem_offset.value == 4096
    assert flags.var.ty.layout is None  # `T.S[8:1]` is the row-major layout: none, as in 0.27
    assert all(d.data.args[0].same_as(pool_buf.var) for d in (tile, scale, flags))
    assert (size.attr_key, str(size.value.ty), size.value.value) == (
        "tirx.dyn_smem_bytes", "T.int64", 16384 + 32)
    assert len(size.body.seq) == 0


def test_the_print_is_apache_tvm_0_27_print_and_reads_back() -> None:
    func = from_source(PROGRAM.read_text(encoding="utf-8"))
    entry = json.loads((ROOT / "tests" / "oracle_records" / "apache_print.json").read_text(
        "utf-8"))["programs"]["corpus/today_smem_pool"]
    assert entry["identical"] and entry["read_back"]["same_ir"]
    assert func.script(spelling="apache") == entry["apache"]["print"]
    _ir.assert_structural_equal(from_source(func.script(), extra_vars={"T": T}), func)


@pytest.mark.parametrize("trusted", [False, True])
def test_a_pool_over_a_given_pointer_allocates_nothing(trusted: bool) -> None:
    text = ('from tvm.script import tirx as T\n\n@T.prim_func\ndef f(p: T.handle("uint8", '
            '"shared.dyn")):\n    pool = T.SMEMPool(p)\n    A = pool.alloc((4,), "int32")\n'
            '    B = pool.alloc((4,), "int32")\n    pool.commit()\n    A[0] = B[1]\n')
    report = parse_diagnostics(text, source_name="pool.py", trusted=trusted)
    assert [d.code for d in report.diagnostics] == []
    func = from_source(text, trusted=trusted)
    first, second = list(func.body.seq)[:2]
    assert type(first).__name__ == "DeclTensor" and first.var.ty.elem_offset is None
    assert second.var.ty.elem_offset.value == 4


@pytest.mark.parametrize("body, expected", [
    ("    pool = T.SMEMPool()\n    A = pool.alloc((64,), \"float32\")\n    pool.commit(128)\n",
     (1, "value-error", "Specified smem size (128) is smaller than the pool high-water mark "
                        "(256)")),
    ("    T.SMEMPool()\n",
     (1, "value-error", "`T.SMEMPool()` must be assigned to a name: its allocations are made "
                        "through it")),
    ("    pool = T.SMEMPool()\n    A = pool.alloc_tcgen05_mma_AB((128, 64))\n",
     (3, "not-implemented-error", "`pool.alloc_tcgen05_mma_AB` (a swizzled tensor-core operand "
                                  "layout) is not analysed yet")),
    ("    n = T.int32()\n    pool = T.SMEMPool()\n    A = pool.alloc((n,), \"float32\")\n",
     (3, "not-implemented-error", "`pool.alloc` of a shape that is not constant is not "
                                  "analysed yet (the pool's offsets would be expressions)")),
    ("    pool = T.SMEMPool()\n    A = pool.alloc((1 << 40, 1 << 40), \"float32\")\n",
     (1, "value-error", "`pool.alloc`: the pool would end at byte "
                        "4835703278458516698824704, past 2**62")),
    ("    pool = T.SMEMPool()\n    pool.move_base_to(-1)\n",
     (1, "type-error", "`pool.move_base_to` takes a byte offset, got -1")),
    ("    pool = T.SMEMPool()\n    pool.offset = 4\n",
     (1, "syntax-error", "Only names, tensor elements and tuples of names can be assigned in "
                         "TVMScript")),
    ("    pool = T.SMEMPool()\n    b = pool._owns_buffer\n",
     (3, "untrusted-not-evaluated", None)),
])
def test_misuse_of_a_pool(body: str, expected: tuple) -> None:
    report = parse_diagnostics(HEADER + body, source_name="pool.py")
    found = [(d.severity, d.code, d.message) for d in report.diagnostics]
    assert len(found) == 1 and found[0][:2] == expected[:2]
    if expected[2] is not None:
        assert found[0][2] == expected[2]
