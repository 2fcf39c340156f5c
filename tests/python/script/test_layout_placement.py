"""Allocation placement (docs/frontend.md, "Layouts"): the reference's
`T.alloc_tensor(placement, ...)` and its `tensor_allocated_addr` annotation, apache-tvm 0.27's
`T.alloc_buffer(..., allocated_addr=...)`, one attribute of the allocation; their prints in both
spellings, read back; and what stays refused or not analysed yet."""

from __future__ import annotations

import json
import pathlib

import pytest

from tvm_tirx import ir as _ir
from tvm_tirx.stmt import Stmt
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "tests" / "script_corpus"
RECORDS = ROOT / "tests" / "oracle_records"
APACHE = "from tvm.script import tirx as T\n\n@T.prim_func\ndef f():\n"
CANONICAL = "from tvm_tirx.script import tirx as T\n\n@T.function\ndef f():\n"


def _allocations(func) -> list:
    found = []

    def visit(stmt) -> None:
        if type(stmt).__name__ == "AllocTensor":
            found.append(stmt)
        for name in ("body", "seq"):
            child = getattr(stmt, name, None)
            if isinstance(child, Stmt):
                visit(child)
            elif child is not None:
                for item in child:
                    visit(item)

    visit(func.body)
    return found


def _placement(alloc) -> list:
    return [v.value for v in alloc.attrs["tensor_allocated_addr"]]


def test_every_spelling_of_a_placement_is_one_attribute() -> None:
    apache = from_source(APACHE + '    A = T.alloc_buffer((8,), "float32", scope="trn.sbuf", '
                         'allocated_addr=1024)\n    B = T.alloc_buffer((8,), "float32", '
                         'scope="trn.psum", allocated_addr=[0, 512])\n    A[0] = B[0]\n')
    assert [_placement(a) for a in _allocations(apache)] == [[1024], [0, 512]]
    assert str(_allocations(apache)[0].attrs["tensor_allocated_addr"][0].ty) == "T.int32"
    positional = from_source(CANONICAL + '    A = T.alloc_tensor(1024, ty_args=[T.Tensor((8,), '
                             'T.float32, scope="trn.sbuf")])\n    A[0] = T.float32(0)\n')
    annotated = from_source(CANONICAL + '    A = T.alloc_tensor(ty_args=[T.Tensor((8,), '
                            'T.float32, scope="trn.sbuf")], annotations={"tensor_allocated_addr": '
                            '1024})\n    A[0] = T.float32(0)\n')
    _ir.assert_structural_equal(positional, annotated)
    assert _placement(_allocations(positional)[0]) == [1024]


def test_the_canonical_print_is_the_reference_print_and_reads_back() -> None:
    func = from_source((CORPUS / "alloc_placement.py").read_text(encoding="utf-8"))
    record = json.loads((RECORDS / "corpus" / "alloc_placement.json").read_text(encoding="utf-8"))
    assert record["reference"]["accepted"] and record["read_back"]["equal"]
    assert func.script() + "\n" == record["reference"]["print"]
    _ir.assert_structural_equal(from_source(func.script(), extra_vars={"T": T}), func)


def test_the_apache_print_is_apache_tvm_0_27_print_and_reads_back() -> None:
    func = from_source((CORPUS / "today_alloc_placement.py").read_text(encoding="utf-8"))
    entry = json.loads((RECORDS / "apache_print.json").read_text(encoding="utf-8"))[
        "programs"]["corpus/today_alloc_placement"]
    assert entry["identical"] and entry["read_back"]["same_ir"]
    text = func.script(spelling="apache")
    assert text == entry["apache"]["print"]
    # 0.27's default layout in Trainium's memories is None, and it prints it.
    assert 'T.alloc_buffer((64, 8), scope="trn.sbuf", layout=None, allocated_addr=1024)' in text
    assert 'allocated_addr=[0, 512]' in text
    _ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)


def test_a_placed_shared_tensor_prints_as_alloc_buffer() -> None:
    # `T.alloc_shared` takes no placement in the reference's spelling: both read this form.
    func = from_source(APACHE + '    A = T.alloc_buffer((8,), "float32", scope="shared", '
                       'allocated_addr=16)\n    A[0] = T.float32(0)\n')
    text = func.script(spelling="apache")
    assert 'A = T.alloc_buffer((8,), scope="shared", allocated_addr=16)' in text
    _ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)


@pytest.mark.parametrize("body, expected", [
    ('    A = T.alloc_tensor(4, ty_args=[T.Tensor((8,), T.float32)], '
     'annotations={"tensor_allocated_addr": 8})\n',
     (1, "value-error", "Allocation placement was specified twice")),
    ('    A = T.alloc_shared((8,), "float32", allocated_addr=16)\n',
     (1, "value-error", "`T.alloc_shared`: scope 'shared' does not support allocation placement "
                        "(`allocated_addr`)")),
    ('    A = T.alloc_tensor([], ty_args=[T.Tensor((8,), T.float32)])\n',
     (1, "value-error", "`T.alloc_tensor`: an allocated address has at least one value")),
    ('    A = T.alloc_tensor(1.5, ty_args=[T.Tensor((8,), T.float32)])\n',
     (1, "type-error", "`T.alloc_tensor`: an allocated address must be an integer, got 1.5")),
])
def test_malformed_placements(body: str, expected: tuple) -> None:
    report = parse_diagnostics(CANONICAL + body, source_name="p.py")
    assert [(d.severity, d.code, d.message) for d in report.diagnostics] == [expected]


def test_a_named_trainium_layout_is_not_analysed_yet() -> None:
    report = parse_diagnostics(APACHE + '    A = T.alloc_buffer((128, 64), "float32", '
                               'scope="trn.sbuf", layout="PF")\n    A[0, 0] = T.float32(0)\n',
                               source_name="p.py")
    assert [(d.severity, d.code, d.message) for d in report.diagnostics] == [
        (3, "not-implemented-error",
         "`T.alloc_buffer(layout='PF')`: Trainium's named layouts are not analysed yet")]


def test_a_declared_scalar_takes_apache_tvm_0_27_offsets() -> None:
    # 0.27's `T.decl_scalar(dtype, data, scope, elem_offset=None, byte_offset=None)`: the
    # reference's fourth operand is the layout, so an integer there is 0.27's element offset.
    func = from_source(APACHE + '    dyn = T.alloc_buffer((64,), "uint8", scope="shared")\n'
                       '    a = T.decl_scalar("uint32", dyn.data, scope="shared", elem_offset=0)\n'
                       '    b = T.decl_scalar("uint32", dyn.data, "shared", 4)\n'
                       '    c = T.decl_scalar("uint32", dyn.data, "shared", byte_offset=8)\n'
                       '    a = b + c\n')
    text = func.script()
    assert 'a = T.decl_tensor(dyn.data, ty_args=[T.Tensor((1,), T.uint32, scope="shared")])' \
        in text
    assert "elem_offset=4, scope=" in text and "elem_offset=2, scope=" in text
    _ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    report = parse_diagnostics(APACHE + '    dyn = T.alloc_buffer((64,), "uint8", scope="shared")'
                               '\n    a = T.decl_scalar("uint32", dyn.data, "shared", '
                               'elem_offset=1, byte_offset=8)\n', source_name="p.py")
    assert [(d.severity, d.code, d.message) for d in report.diagnostics] == [
        (1, "value-error", "`T.decl_scalar`: elem_offset and byte_offset cannot be set at the "
                           "same time")]
