"""1,000 failing parses leave nothing behind (issue 4, item 6): no FFI object, no traced Python
memory beyond a small bound, and no IR builder still active.

The failures mix every way a parse can end early: a Python syntax error, a syntax restriction,
a builder TypeError, a NameError in the builder program, a JIT argument error, and macro misuse
(wrong arguments, an error inside the macro body, a call outside any builder). Warm-up parses
fill the one-time caches first (classes made for FFI types on first sight, interned names,
lazily imported modules); after that the FFI object count must not move at all.
"""

from __future__ import annotations

import gc
import tracemalloc

import pytest

import tvm_ffi
from tvm_tirx.script import from_source
from tvm_tirx.script import tirx as T

object_count = tvm_ffi.get_global_func("testing.object_count")
builder_in_scope = tvm_ffi.get_global_func("ir.builder.BuilderIsInScope")

ENV = {"T": T}
PARSES = 1_000
WARM_UP = 50
MEMORY_BOUND = 256 * 1024  # bytes; one leaked parse state per parse would be far more

FUNCTION = "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
MACRO = "@T.macro\ndef m(A, i):\n    A[i] = A[i] + 1\n\n"

FAILURES = [
    (SyntaxError, FUNCTION + "    A[0] = = 1\n", {}),
    (SyntaxError, FUNCTION + "    A.ty += 1\n", {}),
    (TypeError, FUNCTION + "    x = k + 1\n    A[0] = A[1] // 1.5\n", {}),
    (NameError, FUNCTION + "    for i in range(4):\n        A[i] = undefined_name\n", {}),
    (TypeError, FUNCTION + "    A[0] = k\n", {"const_args": {"nothing": 1}}),
    (TypeError, MACRO + FUNCTION + "    for i in range(2):\n        m(A)\n", {}),
    (TypeError, MACRO.replace("+ 1", "// 1.5") + FUNCTION + "    if k > 0:\n        m(A, 0)\n", {}),
]


@T.macro
def _outside(A):
    A[0] = 1


def _fail(index: int) -> None:
    if index % (len(FAILURES) + 1) == len(FAILURES):
        with pytest.raises(RuntimeError, match="no IR builder is active"):
            _outside(None)
        return
    kind, text, options = FAILURES[index % (len(FAILURES) + 1)]
    with pytest.raises(kind):
        from_source(text, extra_vars=ENV, **options)
    assert not builder_in_scope()


def test_1000_failing_parses_leak_nothing() -> None:
    for index in range(WARM_UP):
        _fail(index)
    gc.collect()
    objects_before = object_count()
    tracemalloc.start()
    try:
        gc.collect()
        memory_before = tracemalloc.get_traced_memory()[0]
        for index in range(PARSES):
            _fail(index)
        gc.collect()
        memory_grown = tracemalloc.get_traced_memory()[0] - memory_before
    finally:
        tracemalloc.stop()
    assert object_count() == objects_before, "FFI objects leaked"
    assert memory_grown < MEMORY_BOUND, f"{memory_grown} bytes of Python memory leaked"
    assert not builder_in_scope()
