"""The reference's builder protocol as script members (issue 10, item 3): `T.emit`,
`T.func_ret`, `T.add_to_parent`, `T.frame_scope`, `T.evaluate`'s receipt, the `constexpr`
marker and `T.supports_mutable_declarations`. Each expected print is the reference's
(apache-tvm-tirx 0.1.0a4) for the same source."""

from __future__ import annotations

import pytest

from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T
from tvm_tirx.script.builder import AlreadyEmitted

HEADER = "from __future__ import annotations\n\n# from tvm_tirx.script import tirx as T\n\n"


def parse(body: str, header: str = "def main(A: T.Tensor((4,), T.int32)):") -> object:
    source = ("from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n\n"
              f"@T.function\n{header}\n{body}")
    return from_source(source)


def check(body: str, expected_body: str, *, header: str = "def main(A: T.Tensor((4,), T.int32)):",
          printed_header: str = "") -> None:
    printed = parse(body, header).script()
    assert printed == HEADER + "@T.function\n" + (printed_header or header) + "\n" + \
        expected_body


def test_emit_adds_what_an_expression_statement_adds() -> None:
    check("    T.emit(T.evaluate(A[0]))\n    T.emit(A[1])\n    T.emit(T.int32(0))\n"
          "    T.emit(0)\n    T.emit([A[2], A[3]])\n    T.emit(None)\n    T.emit(\"s\")\n",
          "    T.evaluate(A[0])\n    T.evaluate(A[1])\n    T.evaluate(A[2])\n"
          "    T.evaluate(A[3])")


def test_emit_of_a_float_literal_evaluates_it() -> None:
    check("    T.emit(1.5)\n", "    T.evaluate(T.float32(1.5))")


def test_evaluate_in_a_function_is_added_at_once_and_returns_a_receipt() -> None:
    # `s = T.evaluate(...)` emits (the reference's receipt); add_to_parent adds it again.
    check("    s = T.evaluate(A[0])\n    T.add_to_parent(s)\n",
          "    T.evaluate(A[0])\n    T.evaluate(A[0])")


def test_evaluate_outside_a_builder_is_the_statement() -> None:
    stmt = T.evaluate(1)
    assert not isinstance(stmt, AlreadyEmitted)
    assert type(stmt).__name__ == "Evaluate"


def test_add_to_parent_takes_a_statement() -> None:
    with pytest.raises(TypeError, match="`T.add_to_parent` takes a statement, got `TensorLoad`"):
        parse("    T.add_to_parent(A[0])\n")


def test_func_ret_sets_the_return_type_and_returns_it() -> None:
    check("    r = T.func_ret(T.int32)\n    return A[0]\n", "    return A[0]",
          printed_header="def main(A: T.Tensor((4,), T.int32)) -> T.int32:")


def test_func_ret_of_an_expression_is_its_type_and_none_is_no_type() -> None:
    check("    r = T.func_ret(A[0])\n    return A[0]\n", "    return A[0]",
          printed_header="def main(A: T.Tensor((4,), T.int32)) -> T.int32:")
    check("    r = T.func_ret(None)\n    return A[0]\n", "    return A[0]")


def test_func_ret_after_a_header_annotation_is_a_duplicate() -> None:
    with pytest.raises(ValueError, match="Duplicate function return type"):
        parse("    r = T.func_ret(T.float32)\n    return A[0]\n",
              header="def main(A: T.Tensor((4,), T.int32)) -> T.int32:")


def test_func_ret_as_a_bare_statement_is_a_type_error_as_in_the_reference() -> None:
    with pytest.raises(TypeError):
        parse("    T.func_ret(T.int32)\n    return A[0]\n")


def test_func_ret_takes_a_type() -> None:
    with pytest.raises(TypeError, match="`T.func_ret` takes a type such as `T.int32`, got `str`"):
        parse("    r = T.func_ret(\"int32\")\n    return A[0]\n")


def test_frame_scope_opens_its_frames_nested_and_names_them() -> None:
    check("    with T.frame_scope([T.serial(4), T.serial(2)]) as (i, j):\n        A[i] = j\n",
          "    for i in range(4):\n        for j in range(2):\n            A[i] = j")


def test_frame_scope_of_one_frame_gives_its_value() -> None:
    expected = "    for i in range(4):\n        A[i] = 1"
    check("    with T.frame_scope(T.serial(4)) as i:\n        A[i] = 1\n", expected)
    check("    with T.frame_scope([T.serial(4)]) as i:\n        A[i] = 1\n", expected)


def test_frame_scope_names_a_grid_by_position() -> None:
    check("    with T.frame_scope([T.grid(2, 3), T.serial(2)]) as (ij, k):\n"
          "        A[ij[0]] = k\n",
          "    for ij_0 in range(2):\n        for ij_1 in range(3):\n            for k in range(2):\n"
          "                A[ij_0] = k")


def test_frame_scope_needs_a_frame() -> None:
    with pytest.raises(ValueError, match="`T.frame_scope` takes at least one frame"):
        parse("    with T.frame_scope([]) as i:\n        A[0] = 1\n")
    with pytest.raises(TypeError, match="`T.frame_scope` opens builder scopes"):
        parse("    with T.frame_scope([A[0]]) as i:\n        A[0] = 1\n")


def test_constexpr_is_a_marker_that_raises_when_called() -> None:
    for marker in (T.constexpr, I.constexpr):
        with pytest.raises(TypeError, match="`constexpr` is a parser syntax marker"):
            marker(1)
    assert I.constexpr is T.constexpr


def test_i_constexpr_marks_host_control_flow() -> None:
    check("    if I.constexpr(True):\n        A[0] = 1\n    for k in I.constexpr(range(2)):\n"
          "        A[k] = k\n",
          "    A[0] = 1\n    A[0] = 0\n    A[1] = 1")


def test_constexpr_in_a_body_is_its_value_anywhere() -> None:
    check("    A[0] = T.constexpr(3)\n    A[1] = A[0] if I.constexpr(3 > 2) else 0\n",
          "    A[0] = 3\n    A[1] = A[0]")


def test_constexpr_must_be_the_namespace_marker() -> None:
    # The hook the parser calls for `X.constexpr(value)` (a trusted file's own `.constexpr`).
    assert T.constexpr_(T.constexpr, 5) == 5
    with pytest.raises(TypeError, match="must be the script namespace's marker"):
        T.constexpr_(len, 5)


def test_constexpr_of_an_ir_expression_is_rejected() -> None:
    with pytest.raises(TypeError, match="takes a value known while the IR is built"):
        parse("    if T.constexpr(A[0] > 0):\n        A[0] = 1\n")


def test_supports_mutable_declarations_is_the_references_flag() -> None:
    assert T.supports_mutable_declarations is True


def test_a_builder_without_mutable_declarations_binds_typed_locals(monkeypatch) -> None:
    # The parser reads the flag: without it, `x: T.int32 = 0` is a binding, not storage.
    source = "    total: T.int32 = 0\n    A[0] = total\n"
    check(source, '    total = T.alloc_tensor(ty_args=[T.Tensor((1,), T.int32, scope="local")])\n'
                  "    total[0] = 0\n    A[0] = total[0]")
    monkeypatch.setattr(T, "supports_mutable_declarations", False)
    check(source, "    total: T.let[T.int32] = 0\n    A[0] = total")


def test_a_frame_scope_that_fails_to_open_adds_nothing() -> None:
    # The second item is not a frame: the loop already opened is abandoned, so the collecting
    # analysis keeps the statements around it and no empty loop.
    source = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
              "def main(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n"
              "    with T.frame_scope([T.serial(4), A[0]]) as (i, j):\n        A[i] = j\n"
              "    A[1] = 2\n")
    report = parse_diagnostics(source)
    assert [(d["code"], d["message"]) for d in report.to_plain()["diagnostics"]] == [
        ("type-error", "`T.frame_scope` opens builder scopes (loops, `T.attr(...)`, thread "
                       "launches), got `TensorLoad`")]
    (definition,) = report.definitions
    assert definition.canonical_text == (
        "@T.function\ndef main(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n    A[1] = 2")
