"""``script.ScriptWithSourceComments`` from Python (the formatter's entry, not an option of
``.script()``): dicts keyed by IR objects in, the text and the placement counts out."""

from __future__ import annotations

import pytest

import tvm_ffi
import tvm_tirx as tx
from tvm_tirx import ir

_print = tvm_ffi.get_global_func("script.ScriptWithSourceComments")


def _function():
    i = ir.Var("i", "int32")
    a = ir.Var("A", ir.TensorType(tvm_ffi.dtype("float32"), [tx.make_const("int32", 4)]))
    store = tx.TensorStore(a, [i], tx.make_const("float32", 1.0))
    loop = tx.For(i, 0, 4, tx.SeqStmt([store]))
    return tx.Function([a], tx.SeqStmt([loop]), attrs={"global_symbol": "f"}), loop, store


def test_comments_are_placed_and_counted() -> None:
    function, loop, store = _function()
    text, placed = _print(function, {"show_header": False},
                          {loop: ["# the loop", "#  é"]}, {store: "#\tset", function: "# f"})
    assert text == ("@T.function\ndef f(A: T.Tensor((4,), T.float32)):  # f\n"
                    "    # the loop\n    #  é\n    for i in range(4):\n"
                    "        A[i] = T.float32(1.0)  #\tset")
    assert (placed.get(loop), placed.get(store), placed.get(function)) == (1, 1, 1)
    # The public print is untouched.
    assert function.script(show_header=False) == text.replace("  # f", "").replace(
        "    # the loop\n    #  é\n", "").replace("  #\tset", "")


def test_a_comment_that_would_print_as_code_is_refused() -> None:
    function, loop, _ = _function()
    for bad in ["A[0] = 1", "# a\nA[0] = 1", "# a\rA[0] = 1"]:
        with pytest.raises(ValueError, match="holds no line break"):
            _print(function, {}, {loop: [bad]}, {})
    with pytest.raises(ValueError, match="name_context"):
        _print(loop, {"name_context": function}, {}, {})
