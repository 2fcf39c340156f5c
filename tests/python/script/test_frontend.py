"""The TVMScript frontend: source text and decorated functions -> IR (issue 4, first slices).

Covers the builder program for functions (parameters, symbols, header type parameters, loops,
stores, binds, if/while/assert/break/return), round trips through the printer, and errors:
syntax restrictions as located SyntaxErrors, builder errors keeping their type with a location,
and the untrusted-source restrictions.
"""

from __future__ import annotations

import pytest

import tvm_tirx
from tvm_tirx.script.parser.untrusted import UntrustedNotEvaluated
from tvm_tirx import ir
from tvm_tirx.script import error_location, from_source
from tvm_tirx.script import tirx as T

HEADER = "from __future__ import annotations\n\n# from tvm_tirx.script import tirx as T\n\n"

INCREMENT = '''
@T.function
def increment(A: T.Tensor((4,), "float32")):
    for i in T.serial(4):
        A[i] = A[i] + 1.0
'''


def test_spec_increment_from_source_builds_the_expected_ir() -> None:
    func = from_source(INCREMENT, extra_vars={"T": T})
    A = ir.Var("A", ir.TensorType("float32", [4]))
    i = ir.Var("i", ir.PrimType("int32"))
    store = tvm_tirx.TensorStore(A, [i], tvm_tirx.TensorLoad(A, [i]) + 1.0)
    expected = tvm_tirx.Function([A], tvm_tirx.For(i, 0, 4, store),
                                 attrs={"global_symbol": "increment"})
    ir.assert_structural_equal(func, expected)
    assert func.script() == HEADER + (
        "@T.function\n"
        "def increment(A: T.Tensor((4,), T.float32)):\n"
        "    for i in range(4):\n"
        "        A[i] = A[i] + T.float32(1.0)"
    )


def test_decorator_on_a_python_function_matches_from_source() -> None:
    @T.function
    def increment(A: T.Tensor((4,), "float32")):
        for i in T.serial(4):
            A[i] = A[i] + 1.0

    ir.assert_structural_equal(increment, from_source(INCREMENT, extra_vars={"T": T}))
    reparsed = from_source(increment.script(), extra_vars={"T": T})
    ir.assert_structural_equal(increment, reparsed)


def test_add_one_with_a_header_symbol_matches_the_constructed_ir(add_one) -> None:
    text = add_one.func.script()
    assert "def add_one[n](" in text
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), add_one.func)


def test_imports_in_the_text_select_the_namespace_alias() -> None:
    text = INCREMENT.replace("T.", "X.")
    func = from_source("from tvm_tirx.script import tirx as X\n" + text)
    ir.assert_structural_equal(func, from_source(INCREMENT, extra_vars={"T": T}))


def test_no_implicit_namespace() -> None:
    with pytest.raises(ValueError, match="found 0"):
        from_source(INCREMENT)


EVERY_STATEMENT = '''
n = T.dynamic("n")

@T.function(private=True)
def f(A: T.Tensor((n,), T.int32), k: T.int32) -> T.int32:
    """A docstring is not a statement."""
    x = k * 2
    if x > 4 and not k == 3:
        A[0] = x
    else:
        A[1] = k
    j = 0
    while j < n:
        A[j] += 1
        if A[j] == 3 or k != 2:
            break
        continue
    assert 0 < k < 10, "in range"
    for a, b in T.grid(4, n):
        A[a] = b
    for p in T.parallel(2, 8, step=2):
        A[p] = T.Select(p > 4, p, 0)
    for t in T.thread_binding(4, thread="threadIdx.x"):
        A[t] = T.truncmod(t, 3)
    y: T.int64 = 7
    with T.attr(A, "pragma", 1):
        A[2] = T.Cast("int32", y)
    T.evaluate(0)
    return x
'''


def test_every_statement_round_trips_and_prints_idempotently() -> None:
    func = from_source(EVERY_STATEMENT, extra_vars={"T": T})
    text = func.script()
    reparsed = from_source(text, extra_vars={"T": T})
    ir.assert_structural_equal(func, reparsed)
    assert reparsed.script() == text
    assert func.is_private
    assert "def main[n](A: T.Tensor((n,), T.int32), k: T.int32) -> T.int32:" in text
    assert "    assert 0 < k and k < 10, (\"RuntimeError\", [\"in range\"])" in text
    # A typed local is a mutable scalar (docs/frontend.md), a plain binding prints with T.let.
    assert "    y[0] = T.int64(7)" in text and "    x: T.let[T.int32] = " in text


def test_header_symbols_are_int32_unless_annotated() -> None:
    text = HEADER + (
        "@T.function\n"
        "def f[n, k: T.int64](A: T.Tensor((n, k), T.float32)):\n"
        "    T.evaluate(n)\n"
    )
    func = from_source(text, extra_vars={"T": T})
    n, k = func.params[0].ty.shape
    assert (n.name, str(n.ty.dtype)) == ("n", "int32")
    assert (k.name, str(k.ty.dtype)) == ("k", "int64")
    assert func.script() == text.rstrip("\n")


def test_scalar_parameter_is_visible_to_later_annotations() -> None:
    text = "@T.function\ndef f(n: T.int32, A: T.Tensor((n,), T.float32)):\n    A[0] = 1.0\n"
    func = from_source(text, extra_vars={"T": T})
    assert func.params[1].ty.shape[0].same_as(func.params[0])


def test_captured_symbol_keeps_identity_with_n_colon_n() -> None:
    n = T.dynamic("n")
    text = "@T.function\ndef f(n: n, A: T.Tensor((n,), T.float32)):\n    A[0] = 1.0\n"
    func = from_source(text, extra_vars={"T": T, "n": n})
    assert func.params[0].same_as(n)
    assert func.params[1].ty.shape[0].same_as(n)


def test_dynamic_makes_fresh_int32_symbols() -> None:
    a, b = T.dynamic("n"), T.dynamic("n")
    assert not a.same_as(b)
    assert str(a.ty.dtype) == "int32"
    assert str(T.dynamic("m", "int64").ty.dtype) == "int64"
    with pytest.raises(TypeError, match="scalar integer"):
        T.dynamic("x", "float32")


# --- errors -----------------------------------------------------------------------------------

def _syntax_error(body: str) -> SyntaxError:
    text = f"@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n{body}"
    with pytest.raises(SyntaxError) as info:
        from_source(text, extra_vars={"T": T}, source_name="prog.py")
    return info.value


@pytest.mark.parametrize(
    "body, message, position",
    [
        ("    A.ty += 1\n", "`x op= value` works on names and tensor elements", (3, 5, 3, 14)),
        ("    try:\n        pass\n    except Exception:\n        pass\n", "`try` is not supported",
         (3, 5, 6, 13)),
        ("    x: \"T.int32\" = 1\n", "Quoted annotations are not supported", (3, 8, 3, 17)),
        ("    for i in range(4):\n        pass\n    else:\n        pass\n",
         "`for ... else` is not supported", (6, 9, 6, 13)),
        ("    A[0:] = 1\n", "A tensor slice needs both bounds", (3, 7, 3, 9)),
        ("    def g():\n        pass\n", "A nested function is not supported", (3, 5, 4, 13)),
        ("    (y := 1)\n", "Assignment expressions", (3, 6, 3, 12)),
    ],
)
def test_syntax_restrictions_are_located_syntax_errors(body, message, position) -> None:
    error = _syntax_error(body)
    assert message in error.msg
    assert error.filename == "prog.py"
    assert (error.lineno, error.offset, error.end_lineno, error.end_offset) == position


def test_syntax_error_offsets_count_characters_not_bytes() -> None:
    error = _syntax_error("    é = 1; A.ty += 1\n")
    # `A.ty += 1` starts at byte 12 but character 11 (é is two bytes): offset is 1-based chars.
    assert (error.lineno, error.offset, error.end_offset) == (3, 12, 21)


def test_parameter_without_annotation_is_a_syntax_error() -> None:
    with pytest.raises(SyntaxError, match="Parameter `k` needs a type annotation") as info:
        from_source("@T.function\ndef f(k):\n    pass\n", extra_vars={"T": T})
    assert (info.value.lineno, info.value.offset) == (2, 7)


def _runtime_error(body: str, kind: type) -> BaseException:
    text = f"@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n{body}"
    with pytest.raises(kind) as info:
        from_source(text, extra_vars={"T": T}, source_name="prog.py")
    return info.value


def test_builder_type_errors_keep_their_type_and_carry_the_location() -> None:
    error = _runtime_error("    x = k + 1\n    A[0] = A[1] // 1.5\n", TypeError)
    assert "float" in str(error)
    assert error_location(error) == ("prog.py", 4, 11, 4, 22)
    assert any("line 4" in note for note in error.__notes__)


def test_reassignment_rebinds_and_a_variable_is_aliased() -> None:
    # As the reference builds it (docs/frontend.md, "Assignments"): `x = k` names `k` itself,
    # each later assignment (`+=` too) binds a new variable, and `a = b = v` binds both names.
    text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
            "    x = k\n    x = x + 1\n    x += 2\n    lo = hi = x * 2\n    A[0] = x + lo + hi\n")
    func = from_source(text, extra_vars={"T": T})
    assert func.script() == HEADER + (
        "@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
        "    x: T.let[T.int32] = k + 1\n"
        "    x_1: T.let[T.int32] = x + 2\n"
        "    lo: T.let[T.int32] = x_1 * 2\n"
        "    hi: T.let[T.int32] = x_1 * 2\n"
        "    A[0] = x_1 + lo + hi")


def test_a_name_rebound_in_a_loop_is_out_of_scope_after_it() -> None:
    error = _runtime_error("    x = k\n    for i in range(4):\n        x = x + i\n    A[0] = x\n",
                           ValueError)
    assert "out-of-scope-use: variable `x` is used outside its scope" in str(error)
    assert error_location(error)[1:3] == (6, 4)


def test_sibling_scopes_may_reuse_a_name() -> None:
    text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32), k: T.int32):\n"
            "    if k > 0:\n        x = k\n        A[0] = x\n"
            "    else:\n        x = k + 1\n        A[0] = x\n")
    func = from_source(text, extra_vars={"T": T})
    ir.assert_structural_equal(from_source(func.script(), extra_vars={"T": T}), func)


def test_break_outside_a_loop_is_a_value_error() -> None:
    error = _runtime_error("    break\n", ValueError)
    assert "`break` outside a loop" in str(error)
    assert error_location(error) == ("prog.py", 3, 4, 3, 9)


def test_evaluate_of_an_integer_zero_builds_nothing() -> None:
    """`T.evaluate(0)` (of any integer or bool zero) is the reference's no-op placeholder: it
    builds no statement, so a body of only that is empty and prints `pass`."""
    def parse(body: str) -> tvm_tirx.Function:
        return from_source(f"@T.function\ndef f(k: T.int32):\n{body}", extra_vars={"T": T})

    for zero in ["0", "T.int64(0)", "T.uint8(0)", "False"]:
        ir.assert_structural_equal(parse(f"    T.evaluate({zero})\n"), parse("    pass\n"))
    kept = parse("    T.evaluate(T.float32(0))\n    T.evaluate(1)\n    T.evaluate(0)\n")
    assert [str(s.value) for s in kept.body.seq] == ["T.float32(0.0)", "1"]
    assert parse("    T.evaluate(0)\n").script().endswith("def f(k: T.int32):\n    pass")


def test_typed_lane_counts_read_back_as_plain_ones() -> None:
    """A shuffle prints its lane counts and indices typed (`T.int32(4)`); they read back as
    the plain ints of the IR."""
    def parse(expr: str) -> tvm_tirx.Function:
        text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32x4), b: T.int32):\n"
                f"    A[0] = {expr}\n")
        return from_source(text, extra_vars={"T": T})

    typed = parse("T.Shuffle([T.Ramp(b, T.int32(1), T.int32(2)), T.Broadcast(b, T.int32(2))], "
                  "[T.int32(0), T.int32(2), T.int32(1), T.int32(3)])")
    ir.assert_structural_equal(
        typed, parse("T.Shuffle([T.Ramp(b, 1, 2), T.Broadcast(b, 2)], [0, 2, 1, 3])"))
    assert typed.body.value.vectors[0].lanes == 2


def test_slices_in_loads_and_stores_are_ramp_indices() -> None:
    """`A[a:b:s]` (Apache TVM's vector slices; the reference prints a strided store so) is the
    index `T.Ramp(a, s, lanes)`, in loads and stores; one element is the scalar index."""
    head = ("@T.function\ndef f(B: T.Tensor((64,), T.float32), C: T.Tensor((8,), T.float32x4), "
            "D: T.Tensor((8, 64), T.float32)):\n    for i in range(8):\n")

    def parse(line: str) -> tvm_tirx.Function:
        return from_source(head + f"        {line}\n", extra_vars={"T": T})

    for sliced, ramp in [("B[i * 4:i * 4 + 4] = C[i]", "B[T.Ramp(i * 4, 1, 4)] = C[i]"),
                         ("B[i:i + 7:2] = C[i]", "B[T.Ramp(i, 2, 4)] = C[i]"),
                         ("D[i, 8:16:2] = C[i]", "D[i, T.Ramp(8, 2, 4)] = C[i]"),
                         ("C[i] = B[i:i + 8:2]", "C[i] = B[T.Ramp(i, 2, 4)]"),
                         ("B[i:i + 1] = B[0]", "B[i] = B[0]")]:
        ir.assert_structural_equal(parse(sliced), parse(ramp))
    printed = parse("B[T.Ramp(i * 4, 2, 4)] = C[i]").script()
    assert printed.endswith("        B[i * 4:i * 4 + 8:2] = C[i]")
    # A stride that is not a positive constant keeps the ramp: its slice would not read back.
    assert parse("B[T.Ramp(i + 8, -1, 4)] = C[i]").script().endswith(
        "        B[T.Ramp(i + 8, -1, 4)] = C[i]")


@pytest.mark.parametrize("line, text, start, end", [
    ("B[i:i + 4:0] = C[i]", "step must be a positive integer constant, got `0`", 8, 27),
    ("B[i:i + 4:-1] = C[i]", "step must be a positive integer constant, got `-1`", 8, 28),
    ("B[i:i + 4:k] = C[i]", "step must be a positive integer constant, got `k`", 8, 27),
    ("B[i:k] = C[i]", "extent must be a constant: write `A[start:start + n]`", 8, 21),
    ("B[i:i] = C[i]", "must hold at least one element, got an extent of 0", 8, 21),
])
def test_bad_tensor_slices_are_located_value_errors(line, text, start, end) -> None:
    source = ("@T.function\ndef f(B: T.Tensor((64,), T.float32), C: T.Tensor((8,), T.float32x4), "
              f"k: T.int32):\n    for i in range(8):\n        {line}\n")
    with pytest.raises(ValueError) as info:
        from_source(source, extra_vars={"T": T}, source_name="prog.py")
    assert text in str(info.value)
    assert error_location(info.value) == ("prog.py", 4, start, 4, end)


@pytest.mark.parametrize("line, message", [
    ("C[i] = B[i:]", "The stored value must be a value, got a tensor region (a slice with a bound "
     "left out or an extent that is not a constant, as `T.reads` takes): a vector load needs a "
     "constant extent, `A[i:i + 4]`"),
    ("C[i] = B[i:k]", "The stored value must be a value, got a tensor region (a slice with a "
     "bound left out or an extent that is not a constant, as `T.reads` takes): a vector load "
     "needs a constant extent, `A[i:i + 4]`"),
    ("C[i] = B[:] + 1", "unsupported operand type(s) for +: 'BufferRegion' and 'int'"),
])
def test_a_tensor_region_is_not_a_value(line, message) -> None:
    # A slice with a bound left out, or whose extent is not a constant, names a region (what
    # `T.reads(B[i:k])` takes, as in Apache TVM), which a store or an operator refuses.
    source = ("@T.function\ndef f(B: T.Tensor((64,), T.float32), C: T.Tensor((8,), T.float32x4), "
              f"k: T.int32):\n    for i in range(8):\n        {line}\n")
    with pytest.raises(TypeError) as info:
        from_source(source, extra_vars={"T": T}, source_name="prog.py")
    assert str(info.value) == message
    assert error_location(info.value)[1] == 4


def test_assert_message_in_the_printed_form_reads_back() -> None:
    def parse(message: str) -> tvm_tirx.Function:
        text = f"@T.function\ndef f(k: T.int32):\n    assert k > 0, {message}\n"
        return from_source(text, extra_vars={"T": T})

    for plain, printed in [('"k must be positive"', '("RuntimeError", ["k must be positive"])'),
                           ('""', '("RuntimeError", [""])')]:
        func = parse(printed)
        assert (func.body.error_kind, list(func.body.message_parts)) == (
            "RuntimeError", [plain.strip('"')])
        ir.assert_structural_equal(func, parse(plain))
        assert func.script().endswith(f"    assert k > 0, {printed}")
    bare = from_source("@T.function\ndef f(k: T.int32):\n    assert k > 0\n", extra_vars={"T": T})
    ir.assert_structural_equal(bare, parse('""'))


def test_assert_keeps_its_error_kind_and_message_parts() -> None:
    text = ('@T.function\ndef f(k: T.int32):\n    assert k > 0, ("TypeError", ["k: ", "positive"])\n'
            '    assert k < 9, ("ValueError", [])\n    assert k != 4, ("RuntimeError", "four")\n')
    func = from_source(text, extra_vars={"T": T})
    assert [(a.error_kind, list(a.message_parts)) for a in func.body.seq] == [
        ("TypeError", ["k: ", "positive"]), ("ValueError", []), ("RuntimeError", ["four"])]
    assert func.script().split("\n")[-3:] == [
        '    assert k > 0, ("TypeError", ["k: ", "positive"])',
        '    assert k < 9, ("ValueError", [])',
        '    assert k != 4, ("RuntimeError", ["four"])']


@pytest.mark.parametrize("message, kind, text", [
    ('("RuntimeError", [3])', TypeError, "message part must be a str, got `int`"),
    ('("RuntimeError", 3)', TypeError, 'must be `"message"` or `("RuntimeError", ["message"])`'),
    ("3", TypeError, "got `int`"),
])
def test_bad_assert_message_is_a_located_error(message, kind, text) -> None:
    statement = f"assert k > 0, {message}"
    error = _runtime_error(f"    {statement}\n", kind)
    assert text in str(error)
    assert error_location(error) == ("prog.py", 3, 4, 3, 4 + len(statement))


def test_missing_name_is_a_name_error_at_its_use() -> None:
    error = _runtime_error("    A[0] = undefined_name\n", NameError)
    assert error_location(error) == ("prog.py", 3, 11, 3, 25)


def test_ill_formed_result_is_rejected_unless_check_is_off() -> None:
    # `i` escapes its loop: Python keeps the name, the IR rejects the use.
    text = ("@T.function{opts}\ndef f(A: T.Tensor((4,), T.int32)):\n"
            "    for i in range(4):\n        A[i] = 0\n    A[i] = 1\n")
    with pytest.raises(ValueError, match="out-of-scope"):
        from_source(text.format(opts=""), extra_vars={"T": T})
    func = from_source(text.format(opts="(check_well_formed=False)"), extra_vars={"T": T})
    assert isinstance(func, tvm_tirx.Function)


# --- untrusted source -------------------------------------------------------------------------

@pytest.mark.parametrize(
    "body, name, where",
    [
        ("    A[0] = __import__('os').getpid()\n", "`__import__`", (3, 11, 3, 21)),
        ("    A[0] = k.__class__\n", "Attribute `__class__` of a `Var` value", (3, 11, 3, 22)),
        # No underscore needed: a namespace exposes only its registered members.
        ("    A[0] = T.sys.getrecursionlimit()\n", "Attribute `sys` of a `module` value",
         (3, 11, 3, 16)),
    ],
)
def test_untrusted_source_cannot_reach_python_internals(body, name, where) -> None:
    error = _runtime_error(body, UntrustedNotEvaluated)
    assert name in str(error) and "not evaluated in untrusted TVMScript" in str(error)
    assert error_location(error)[1:] == where


def test_untrusted_source_has_only_pure_builtins() -> None:
    error = _runtime_error("    A[0] = len(open('/etc/hostname').read())\n",
                           UntrustedNotEvaluated)
    assert "The builtin `open` is not evaluated" in str(error)
    assert error_location(error)[1:] == (3, 15, 3, 19)


def test_later_application_of_the_decorator_is_rejected() -> None:
    def plain(A: T.Tensor((4,), "float32")):
        A[0] = 1.0

    with pytest.raises(SyntaxError, match="must be applied with `@`"):
        T.function(plain)


VECTORS_AND_LETS = '''
@T.function
def f(A: T.Tensor((8,), T.int32), x: T.float32, i: T.int32):
    T.evaluate(T.Ramp(i * 4, 1, 4))
    T.evaluate(T.Shuffle([T.Broadcast(i, 2), T.Broadcast(i, 2)], [0, 2, 1, 3]))
    T.evaluate(T.pow(x, 2.0))
    T.evaluate(T.Broadcast(1.0, 4))
    A[0] = T.Let(y * y + 1, where={y: i + 2})
    with T.attr(A, "pragma_import_c", "helper.c"):
        A[1] = T.Select(i > 0, 1, i)
'''


def test_literals_adopt_types_in_vector_let_and_intrinsic_constructors() -> None:
    func = from_source(VECTORS_AND_LETS, extra_vars={"T": T})
    text = func.script()
    assert "    T.evaluate(T.Ramp(i * 4, 1, 4))\n" in text
    assert "    T.pow(x, T.float32(2.0))\n" in text
    assert "    T.evaluate(T.Broadcast(T.float32(1.0), 4))\n" in text
    assert "    A[0] = T.Let(y * y + 1, where={y: i + 2})\n" in text
    assert '    with T.attr(A, "pragma_import_c", "helper.c"):\n' in text
    reparsed = from_source(text, extra_vars={"T": T})
    ir.assert_structural_equal(func, reparsed)
    assert reparsed.script() == text


@pytest.mark.parametrize(
    "body, kind, message, location",
    [
        ('    for ch in "abcd":\n        A[0] = 1\n        A[1] = 2\n', TypeError,
         "TVMScript cannot loop over `str`", (3, 8, 3, 20)),
        ("    for i, j in range(4):\n        A[0] = 1\n", ValueError,
         "opens 1 loop(s) but names 2", (3, 8, 3, 24)),
        ("    x: 5 = 1.0\n", TypeError, "The annotation of `x` must be a type", (3, 4, 3, 14)),
        ("    if T.Broadcast(True, 4):\n        A[0] = 1\n", TypeError,
         "An if condition must be a scalar, got `boolx4`", (3, 7, 3, 27)),
    ],
)
def test_errors_opening_a_frame_point_at_its_header(body, kind, message, location) -> None:
    error = _runtime_error(body, kind)
    assert message in str(error)
    assert error_location(error) == ("prog.py", *location)


def test_well_formedness_error_is_located_at_the_statement() -> None:
    text = ("@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n"
            "    for i in range(4):\n        A[i] = 0\n    A[i] = 1\n")
    with pytest.raises(ValueError, match="out-of-scope") as info:
        from_source(text, extra_vars={"T": T}, source_name="prog.py")
    assert error_location(info.value) == ("prog.py", 5, 4, 5, 12)
