"""Every TIRx node type, registered op and loop kind appears in some corpus program
(issue item 9). Derived from the registries, so a new node type, op or loop kind fails this
test until a program in tests/script_corpus/ uses it."""

from __future__ import annotations

import pathlib
from typing import Set

import pytest

import tvm_tirx
from tvm_ffi import core, get_global_func, structural_walk
from tvm_tirx.script import from_source

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "script_corpus"

# Types no IR value has: abstract bases (a statement, a binary op, a layout), the builder's
# frames, and an intrinsic op's contract (its `TIntrinsic` attribute, never part of a program).
ABSTRACT = {"prim.BinaryOp", "tirx.Stmt", "tirx.IntrinsicInfo", "tirx.Layout"}
# Shared IR node types the TIRx corpus must show as well.
SHARED = {"ir.Var", "ir.Call", "ir.PrimType", "ir.TensorType"}


def _registered_type_keys() -> Set[str]:
    keys = set()
    for index in range(4096):
        try:
            key = core._type_info(index)["type_key"]
        except Exception:  # noqa: BLE001 - indices are not contiguous
            continue
        if (key.startswith("prim.") or key.startswith("tirx.")) and \
                not key.startswith("tirx.builder."):
            keys.add(key)
    return (keys | SHARED) - ABSTRACT


@pytest.fixture(scope="module")
def corpus_facts():
    type_keys: Set[str] = set()
    ops: Set[str] = set()
    loop_kinds: Set[int] = set()

    def walk(value) -> None:
        index = getattr(type(value), "__tvm_ffi_type_index__", None)
        if index is None:
            return
        type_keys.add(core._type_info(index)["type_key"])
        if isinstance(value, tvm_tirx.ir.Op):
            ops.add(value.name)
        if isinstance(value, tvm_tirx.For):
            loop_kinds.add(int(value.kind))

    for source in sorted(CORPUS.glob("*.py")):
        if source.with_suffix(".golden").exists():
            structural_walk(from_source(source.read_text(encoding="utf-8")), walk)
    return type_keys, ops, loop_kinds


def test_every_node_type_appears_in_the_corpus(corpus_facts) -> None:
    missing = _registered_type_keys() - corpus_facts[0]
    assert not missing, f"no corpus program uses {sorted(missing)}"


def _untrusted_cannot_name(op: str) -> bool:
    """Whether the op's script member has a name untrusted text never reads (one starting with
    `_`: Apache TVM's `T.cuda.__shfl_sync`). The corpus is read untrusted, so these are built
    trusted in test_device_backends.py instead."""
    return op.rpartition(".")[2].startswith("_")


# Known gap (issue 23, third session): the PTX dialect's entries (one op per table entry) and
# the NVSHMEM and legacy PTX library calls have no corpus program yet; they are built and
# printed against the reference's records in test_ptx.py, test_ptx_records.py and
# test_device_library.py instead.
_DEVICE_LIBRARY_PREFIXES = ("tirx.ptx.", "tirx.ptx_legacy.", "tirx.nvshmem.")


def test_every_registered_op_appears_in_the_corpus(corpus_facts) -> None:
    # The dialect's own operators; tests register others (`testing.*`) at run time.
    tirx_ops = {name for name in get_global_func("ir.ListOpNames")() if name.startswith("tirx.")
                and not _untrusted_cannot_name(name)
                and not name.startswith(_DEVICE_LIBRARY_PREFIXES)}
    missing = tirx_ops - corpus_facts[1]
    assert not missing, f"no corpus program calls {sorted(missing)}"


def test_every_loop_kind_appears_in_the_corpus(corpus_facts) -> None:
    missing = {int(k) for k in tvm_tirx.ForKind} - corpus_facts[2]
    assert not missing, f"no corpus program has loops of kind {sorted(missing)}"
