"""The intrinsic members of ``T`` come from the op registry (issue 23, item 0; docs/architecture.md,
"Adding an intrinsic"): every registered intrinsic is a member of ``T`` and ``Ts`` and declared in
the stub, its argument-count range is enforced with one exact message at both ends, its
``TIntrinsic`` attribute is readable from Python, and the list cannot grow after ``T`` is made."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys
import textwrap
from typing import Any, List, Tuple

import pytest
import tvm_ffi

from tvm_tirx import ir
from tvm_tirx.script import parse_diagnostics
from tvm_tirx.script import s_tir as Ts
from tvm_tirx.script import tirx as T
from tvm_tirx.script import tirx_intrinsics
from tvm_tirx.script.parser import protocol_registry

REPO = pathlib.Path(__file__).resolve().parents[3]
STUB = REPO / "parser_bridge" / "python" / "tvm_tirx" / "script" / "tirx.pyi"

_intrinsic_names = tvm_ffi.get_global_func("tirx.IntrinsicNames")
_op_get_attr = tvm_ffi.get_global_func("ir.OpGetAttr")

REGISTERED = tirx_intrinsics.registered_intrinsics()

# Members read in Apache TVM's older form for one more argument (tirx_apache_signatures.py):
# `T.ptr_byte_offset(p, n, "float16")` is not a count error. Their first count error is one
# further.
APACHE_FORM_AT_MAX_PLUS_ONE = {"ptr_byte_offset"}


def _member(namespace: Any, name: str) -> Any:
    """``T.<name>``, a dotted name along its backend namespace (``cuda.cta_sync``)."""
    for part in name.split("."):
        namespace = getattr(namespace, part)
    return namespace


def _stub_names() -> set:
    tree = ast.parse(STUB.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)  # an object member (`cuda: _t.Any`)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update(a.asname or a.name for a in node.names)
    return names


def test_the_registry_lists_the_intrinsics_with_their_attribute() -> None:
    names = [str(n) for n in _intrinsic_names()]
    assert names == sorted(names)
    assert len(names) >= 84
    assert {"tirx.exp", "tirx.tvm_struct_get", "tirx.call_packed", "tirx.masked_store"} <= \
        set(names)
    sync = _op_get_attr(ir.Op.get("tirx.tvm_storage_sync"), "TIntrinsic")
    assert (sync.min_args, sync.max_args, sync.effect, sync.print_style) == (1, 3, 3, "call")
    struct_get = _op_get_attr(ir.Op.get("tirx.tvm_struct_get"), "TIntrinsic")
    assert (struct_get.min_args, struct_get.max_args, struct_get.effect,
            struct_get.print_style) == (3, 3, 2, "call_type_last")
    packed = _op_get_attr(ir.Op.get("tirx.call_packed"), "TIntrinsic")
    assert (packed.min_args, packed.max_args, packed.print_style) == \
        (0, -1, "call_ty_unless_int32")
    assert int(_op_get_attr(ir.Op.get("tirx.likely"), "TIntrinsic").effect) == \
        int(T.CallEffectKind.ExprAnnotation)
    assert _op_get_attr(ir.Op.get("tirx.tensor_data_ptr"), "TIntrinsic").print_style == \
        "data_field"


def test_every_registered_intrinsic_is_a_member_and_in_the_stub() -> None:
    names = {str(n)[len("tirx."):] for n in _intrinsic_names()}
    assert set(REGISTERED) == names
    members = {m.name: m for m in protocol_registry.namespace_members("tirx")}
    s_tir_members = {m.name for m in protocol_registry.namespace_members("s_tir")}
    stub = _stub_names()
    for name in sorted(names):
        # A dotted intrinsic is a member of its backend's namespace (`T.cuda.cta_sync`).
        backend, dot, _ = name.partition(".")
        if dot:
            # An op written as another member (PTX's `ld` for each of its operand shapes) is
            # that member's.
            member = REGISTERED[name].member or name
            assert members[backend].kind == "namespace", name
            assert backend in s_tir_members and backend in stub, name
            assert callable(_member(T, member)) and _member(Ts, member) is _member(T, member)
            continue
        assert name in members, name
        assert members[name].kind == ("legacy" if name.startswith("tvm_") else "intrinsic"), name
        assert name in s_tir_members, name
        assert name in stub, name
        assert callable(getattr(T, name)) and getattr(Ts, name) is getattr(T, name)


def _count_cases() -> List[Tuple[str, int, str]]:
    """(member, argument count, message) for the first count outside the range at each end."""
    cases = []
    for name, intrinsic in REGISTERED.items():
        if intrinsic.member:
            continue  # written with a member of rules of its own (tirx_ptx.py), not counted
        if intrinsic.min_args > 0:
            cases.append((name, intrinsic.min_args - 1,
                          f"`T.{name}` takes {intrinsic.count_text()}, got "
                          f"{intrinsic.min_args - 1}"))
        if intrinsic.max_args != tirx_intrinsics.UNBOUNDED:
            over = intrinsic.max_args + (2 if name in APACHE_FORM_AT_MAX_PLUS_ONE else 1)
            cases.append((name, over, f"`T.{name}` takes {intrinsic.count_text()}, got {over}"))
    return cases


COUNT_CASES = _count_cases()


def test_count_cases_cover_both_ends() -> None:
    assert len(COUNT_CASES) >= 140
    messages = {message for _, _, message in COUNT_CASES}
    assert "`T.exp` takes 1 argument, got 0" in messages
    assert "`T.exp` takes 1 argument, got 2" in messages
    assert "`T.vscale` takes 0 arguments, got 1" in messages
    assert "`T.tvm_storage_sync` takes 1 to 3 arguments, got 0" in messages
    assert "`T.tvm_storage_sync` takes 1 to 3 arguments, got 4" in messages
    assert "`T.masked_load` takes at least 3 arguments, got 2" in messages
    # The type-last member takes the type too.
    assert "`T.tvm_struct_get` takes 4 arguments, got 3" in messages
    assert "`T.ptr_byte_offset` takes 2 arguments, got 4" in messages


@pytest.mark.parametrize("name, count, message", COUNT_CASES,
                         ids=[f"{n}-{c}" for n, c, _ in COUNT_CASES])
def test_a_count_outside_the_range_is_refused_before_anything_runs(name: str, count: int,
                                                                 message: str) -> None:
    # Placeholders no member could take: the count is checked before they are looked at.
    with pytest.raises(TypeError) as info:
        _member(T, name)(*[object()] * count)
    assert str(info.value) == message


def test_keyword_operands_count_and_reserved_keywords_do_not() -> None:
    with pytest.raises(TypeError, match=r"^`T.stack_alloca` takes 2 arguments, got 1$"):
        T.stack_alloca(dtype_str="shape")
    with pytest.raises(TypeError, match=r"^`T.abi_field_get` takes 3 arguments, got 4$"):
        T.abi_field_get(1, 2, 3, arr=4, ty=T.int64)
    # `dtype=` (Apache TVM's `ty=`) and `loc=` are not operands.
    call = T.call_extern("f", dtype="int32", loc=None)
    assert str(call.ty) == "T.int32"


def statement_errors(statement: str) -> List[Tuple[str, str, int]]:
    report = parse_diagnostics(textwrap.dedent(f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(x: T.float32):
            {statement}
        '''), source_name="intrinsics.py")
    return [(d.code, d.message, d.span.start_line) for d in report.diagnostics
            if int(d.severity) == 1]


@pytest.mark.parametrize("statement, message", [
    ("T.evaluate(T.vscale(1))", "`T.vscale` takes 0 arguments, got 1"),
    ("T.evaluate(T.exp(x, x))", "`T.exp` takes 1 argument, got 2"),
    ("T.evaluate(T.tvm_storage_sync())", "`T.tvm_storage_sync` takes 1 to 3 arguments, got 0"),
])
def test_untrusted_text_gets_the_count_message_at_the_call(statement: str, message: str) -> None:
    assert statement_errors(statement) == [("type-error", message, 6)]


def test_a_generic_member_is_the_op_call_checked_by_the_op() -> None:
    v = ir.Var("v", T.float32x8)
    low = T.vector_low(v)
    assert isinstance(low, ir.Call) and low.op.name == "tirx.vector_low"
    assert str(low.ty) == "T.float32x4"
    assert T.vector_low.__doc__ == "``T.vector_low(...)``: the low half of the lanes of a vector."
    # Operands are checked by the op even when `ty=` gives the type.
    with pytest.raises(TypeError, match=r"^`tirx.clz.args` must be an integer, got `float32`$"):
        T.clz(ir.Var("f", T.float32), ty="int32")
    with pytest.raises(TypeError, match=r"^`T.likely` takes no attrs, ty_args or keyword "
                                        r"operands$"):
        T.likely(T.bool(True), attrs={"a": 1})
    assert str(T.nearbyint(ir.Var("f", T.float16)).ty) == "T.float16"


def test_generic_members_print_by_their_style() -> None:
    handle = ir.Var("h", T.handle)
    assert T.static_handle(ty=T.handle).script() == "T.static_handle(ty=T.Ptr(T.void))"
    assert T.static_handle().script() == "T.static_handle()"
    assert T.tvm_struct_get(handle, 0, 1, "int32").script() == \
        "T.tvm_struct_get(h, 0, 1, T.int32)"
    assert T.likely(ir.Var("c", T.bool)).script() == "T.likely(c)"


def test_the_list_is_closed_once_made() -> None:
    with pytest.raises(RuntimeError, match="made already"):
        @tirx_intrinsics.refines_intrinsic
        def exp(x: Any) -> Any:
            return x
    with pytest.raises(RuntimeError, match="made once"):
        tirx_intrinsics.intrinsic_members()


LATE_REGISTRATION = textwrap.dedent("""
    import tvm_ffi
    from tvm_tirx.script import tirx as T
    from tvm_tirx.script.parser import protocol_registry
    tvm_ffi.get_global_func("ir.RegisterOp")("tirx.late_op", "registered after T", 1)
    names = [str(n) for n in tvm_ffi.get_global_func("tirx.IntrinsicNames")()]
    members = {m.name for m in protocol_registry.namespace_members("tirx")}
    print("tirx.late_op" in names, "late_op" in members,
          "late_op" in T.__member_kinds__["intrinsic"])
""")


def test_an_op_registered_later_is_no_member() -> None:
    # In a process of its own: the op would stay in this one's registry.
    result = subprocess.run([sys.executable, "-c", LATE_REGISTRATION], capture_output=True,
                            text=True, timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (0, "False False False\n", "")
