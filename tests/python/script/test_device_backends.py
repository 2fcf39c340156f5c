"""The device backends' namespaces (issue 23, item 2): ``T.cuda``'s members ours builds (their
types against apache-tvm 0.27 are in test_oracle_device.py), what a member ours does not build
yet says (an information) and what an unknown one says (an error with the closest names), in
trusted and untrusted analysis alike. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import List, Tuple

import pytest

from tvm_tirx import ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.recorded import NotAnalysedYet

KERNEL = '''
from tvm.script import tirx as T

@T.prim_func
def reduce_kernel(A: T.Buffer((256,), "float32"), bar: T.handle):
    T.device_entry()
    tx = T.thread_id([256])
    T.cuda.cta_sync()
    if T.cuda.elect_sync():
        T.cuda.mbarrier_wait(bar, 0)
    total = T.cuda.warp_sum(A[tx])
    old = T.cuda.atomic_add(A.data, total)
    A[tx] = old + T.cuda.uint_as_float(T.cuda.float_as_uint(total))
    T.cuda.cluster_sync()
'''


def diagnostics(body: str, trusted: bool = False) -> List[Tuple[int, str, str, int, int, int]]:
    text = KERNEL.split("    T.cuda.cta_sync()")[0] + textwrap.indent(body, "    ")
    report = parse_diagnostics(text, source_name="kernel.py", trusted=trusted)
    return [(int(d.severity), d.code, d.message, d.span.start_line, d.span.start_column,
             d.span.end_column) for d in report.diagnostics]


def test_built_cuda_members_print_as_written_and_read_back() -> None:
    func = from_source(KERNEL)
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    assert [line.strip() for line in text.split("\n") if "T.cuda" in line] == [
        "T.cuda.cta_sync()",
        "if T.cuda.elect_sync():",
        "T.cuda.mbarrier_wait(bar, 0)",
        'total: T.let[T.float32] = T.cuda.warp_reduce(A[tx], "sum", 32)',
        "old: T.let[T.float32] = T.cuda.atomic_add(A.data, total)",
        "A[tx] = old + T.cuda.uint_as_float(T.cuda.float_as_uint(total))",
        "T.cuda.cluster_sync()",
    ]


@pytest.mark.parametrize("trusted", [False, True])
def test_the_kernel_is_analysed_in_either_mode(trusted: bool) -> None:
    report = parse_diagnostics(KERNEL, source_name="kernel.py", trusted=trusted)
    assert [(d.code, d.message) for d in report.diagnostics] == []


@pytest.mark.parametrize("trusted", [False, True])
def test_a_recorded_member_not_built_is_an_information_and_the_rest_is_analysed(
        trusted: bool) -> None:
    found = diagnostics("addr = T.cuda.mov_sreg(32, \"%clock\")\nA[0] = A[1] + \"x\"\n",
                        trusted)
    assert found == [
        (3, "not-implemented-error",
         "`T.cuda.mov_sreg` is not analysed yet: it is a member of `T` in apache-tvm-tirx "
         "0.1.0a4 and apache-tvm 0.27.0.post1, which this frontend does not build yet",
         8, 11, 26),
        (1, "type-error", "Operator `+` cannot combine an expression with `str`", 9, 11, 21),
    ]


@pytest.mark.parametrize("trusted", [False, True])
def test_an_unknown_member_is_an_error_with_the_closest_recorded_names(trusted: bool) -> None:
    assert diagnostics("T.cuda.cta_synk()\n", trusted) == [
        (1, "attribute-error",
         "`T.cuda.cta_synk` is not a member of `T.cuda`; did you mean `T.cuda.cta_sync`?",
         8, 4, 19)]
    assert diagnostics("T.cuda.launch_rocket()\n", trusted) == [
        (1, "attribute-error", "`T.cuda.launch_rocket` is not a member of `T.cuda`", 8, 4, 24)]


@pytest.mark.parametrize("call, message", [
    ("T.cuda.cta_sync(1)", "`T.cuda.cta_sync` takes 0 arguments, got 1"),
    ("T.cuda.mbarrier_wait(bar)", "`T.cuda.mbarrier_wait` takes 2 arguments, got 1"),
    ("T.evaluate(T.cuda.warp_reduce(A[0], 1))",
     "`tirx.cuda.warp_reduce` takes the reduction as a string, such as `\"sum\"`"),
    ('T.cuda.printf(3, A[0])', "`tirx.cuda.printf` takes the format as a string"),
])
def test_misuse_of_a_built_member_is_a_type_error(call: str, message: str) -> None:
    assert [(f[1], f[2]) for f in diagnostics(call + "\n")] == [("type-error", message)]


def test_the_namespace_is_read_only_and_lists_what_it_builds() -> None:
    with pytest.raises(AttributeError, match=r"^`T.cuda` is read-only$"):
        T.cuda.cta_sync = None
    assert {"cta_sync", "elect_sync", "warp_sum", "atomic_add", "__shfl_sync"} <= set(dir(T.cuda))
    assert repr(T.cuda) == "T.cuda"
    with pytest.raises(NotAnalysedYet):
        T.cuda.mov_sreg
    assert getattr(T.cuda, "mov_sreg", None) is None


def test_an_underscore_member_is_python_only_in_untrusted_text() -> None:
    # `T.cuda.__shfl_sync` is built, but untrusted text reads no name that starts with `_`.
    assert callable(getattr(T.cuda, "__shfl_sync"))
    found = diagnostics("v = T.cuda.__shfl_sync(T.uint32(255), A[0], 0, 32)\n")
    assert [(f[0], f[1]) for f in found] == [(3, "untrusted-not-evaluated")]


def test_the_reference_s_generic_atomic_add_is_untyped_unless_given_a_type() -> None:
    func = from_source(textwrap.dedent('''
        from tvm_tirx.script import tirx as T

        @T.function
        def k(A: T.Tensor((4,), T.float32), x: T.float32):
            T.atomic_add(A.data, x)
            T.evaluate(T.atomic_add(A.data, 1, ty=T.float32))
        '''))
    calls = [s.value for s in func.body.seq]
    assert [(c.op.name, str(c.ty)) for c in calls] == [("tirx.atomic_add", "T.Missing()"),
                                                       ("tirx.atomic_add", "T.float32")]
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    assert [line.strip() for line in text.split("\n") if "atomic_add" in line] == [
        "T.atomic_add(A.data, x)", "T.atomic_add(A.data, 1, ty=T.float32)"]


@pytest.mark.parametrize("trusted", [False, True])
def test_a_backend_s_members_not_built_are_informations_and_misspelt_ones_errors(trusted: bool) -> None:
    found = diagnostics(
        "T.ptx.tcgen05.fence.before_thread_sync()\n"
        "T.ptx.and_(A[0], A[1])\n"
        'T.ptx["cp.async.bulk.commit_group"]()\n'
        "T.ptx.fense()\n"
        "T.nki.not_an_nki_member()\n", trusted)
    recorded = ("is not analysed yet: it is a member of `T` in apache-tvm-tirx 0.1.0a4 and "
                "apache-tvm 0.27.0.post1, which this frontend does not build yet")
    assert found == [
        (3, "not-implemented-error", f"`T.ptx.tcgen05` {recorded}", 8, 4, 17),
        # `and_` is the family `and`, a Python keyword escaped as Apache TVM escapes it.
        (3, "not-implemented-error", f"`T.ptx.and` {recorded}", 9, 4, 14),
        (3, "not-implemented-error",
         "`T.ptx[...]` (an instruction by its PTX text) is not analysed yet for `cp`",
         10, 4, 39),
        (1, "attribute-error",
         "`T.ptx.fense` is not a member of `T.ptx`; did you mean `T.ptx.fence` or `T.ptx.fns`?",
         11, 4, 15),
        (1, "attribute-error", "`T.nki.not_an_nki_member` is not a member of `T.nki`",
         12, 4, 27),
    ]


def test_the_backends_are_namespaces_and_only_ptx_is_subscriptable() -> None:
    from tvm_tirx.script.parser import protocol_registry

    kinds = {m.name: m.kind for m in protocol_registry.namespace_members("tirx")}
    assert [kinds[name] for name in ("cuda", "nki", "metal", "webgpu", "nvshmem", "ptx_legacy",
                                     "ptx")] == ["namespace"] * 7
    assert dir(T.ptx) == ["SINK", "add", "addr", "bar", "barrier", "ex2", "fence", "fma", "ld",
                          "lop3", "mad", "mapa", "mbarrier", "mov", "mul", "multimem_ld_reduce",
                          "neg", "pred", "set", "setp", "st", "sub"]
    with pytest.raises(TypeError, match=r"^`T.nki` is not subscriptable$"):
        T.nki["x"]


NKI_KERNEL = '''
from tvm.script import tirx as T

@T.prim_func
def tile(A: T.Buffer((128, 512), "float32"), B: T.Buffer((128, 512), "float32")):
    A_sbuf = T.alloc_buffer((128, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_buffer((128, 512), "float32", scope="trn.psum")
    for i, j in T.grid(128, 512):
        T.nki.load(A_sbuf[i, j], A[i, j])
        T.nki.memset(acc[i, j], T.float32(0))
        T.nki.matmul(acc[i, j], A_sbuf[i, j], A_sbuf[i, j])
        T.nki.activation(acc[i, j], acc[i, j], "exp", scale=2.0)
        T.nki.tensorscalar(acc[i, j], acc[i, j], T.float32(1), "add", T.bool(True))
        T.nki.tensorreduce(acc[i, j], acc[i, j], "add", False, 1)
        T.nki.store(B[i, j], acc[i, j])
'''


def test_nki_members_pass_apache_tvm_s_defaults_and_read_back() -> None:
    func = from_source(NKI_KERNEL)
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    assert [line.strip() for line in text.split("\n") if "T.nki" in line] == [
        "T.nki.load(A_sbuf[i, j], A[i, j])",
        "T.nki.memset(acc[i, j], T.float32(0.0))",
        "T.nki.matmul(acc[i, j], A_sbuf[i, j], A_sbuf[i, j], T.bool(True))",
        'T.nki.activation(acc[i, j], acc[i, j], "exp", T.float32(0.0), T.float32(2.0))',
        'T.nki.tensorscalar(acc[i, j], acc[i, j], T.float32(1.0), "add", T.bool(True))',
        'T.nki.tensorreduce(acc[i, j], acc[i, j], "add", T.bool(False), 1)',
        "T.nki.store(B[i, j], acc[i, j])",
    ]
    assert parse_diagnostics(NKI_KERNEL, source_name="tile.py").diagnostics == []


@pytest.mark.parametrize("call, message", [
    ("T.nki.matmul(A[0], A[1])", "`T.nki.matmul` takes 3 to 4 arguments, got 2"),
    ("T.nki.matmul(A[0], A[1], A[2], True, 5)", "`T.nki.matmul` takes 3 to 4 arguments, got 5"),
    ("T.nki.matmul(A[0], A[1], accum=False)", "`T.nki.matmul` needs `rhs`"),
    ("T.nki.matmul(A[0], A[1], A[2], acum=False)",
     "`T.nki.matmul` got an unexpected or repeated argument `acum`"),
])
def test_a_misused_nki_member_is_a_type_error(call: str, message: str) -> None:
    assert [(f[1], f[2]) for f in diagnostics(call + "\n")] == [("type-error", message)]


def test_a_metal_or_webgpu_shuffle_of_a_tensor_shuffles_its_first_element() -> None:
    func = from_source(textwrap.dedent('''
        from tvm_tirx.script import tirx as T

        @T.function
        def k(red: T.Tensor((1,), T.float32), lane: T.int32):
            red[0] = T.metal.simd_shuffle(red, lane) + T.webgpu.subgroup_shuffle_up(red[0], 1)
        '''))
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    assert [line.strip() for line in text.split("\n") if "shuffle" in line] == [
        "red[0] = T.metal.simd_shuffle(red[0], lane) + T.webgpu.subgroup_shuffle_up(red[0], 1)"]
    assert diagnostics("x = T.metal.simdgroup_load(A.data, 0, A.data, 8)\n")[0][1:3] == (
        "not-implemented-error", "`T.metal.simdgroup_load` is not analysed yet: it is a member "
        "of `T` in apache-tvm-tirx 0.1.0a4 and apache-tvm 0.27.0.post1, which this frontend "
        "does not build yet")


def test_the_underscore_cuda_members_build_and_read_back_in_trusted_text() -> None:
    text = textwrap.dedent('''
        from tvm_tirx.script import tirx as T

        @T.function
        def lanes(X: T.Tensor((32,), T.float32)):
            with T.launch_thread("threadIdx.x", 32) as lane:
                mask: T.let[T.uint32] = T.cuda.__activemask()
                X[lane] = T.cuda.__shfl_sync(mask, X[lane], 0, 32) + T.cuda.__shfl_up_sync(mask, X[lane], 1, 32) + T.cuda.__shfl_down_sync(mask, X[lane], 1, 32) + T.cuda.__shfl_xor_sync(mask, X[lane], 1, 32)
        ''')
    func = from_source(text, trusted=True)
    printed = func.script()
    ir.assert_structural_equal(from_source(printed, extra_vars={"T": T}, trusted=True), func)
    assert printed.count("T.cuda.__shfl_") == 4 and "T.cuda.__activemask()" in printed
