"""``T.nvshmem`` and ``T.ptx_legacy`` (issue 23, item 2): kernels using them read (untrusted and
trusted) with no diagnostic, print as the reference prints them and read back, in both
spellings; misuse is an error at the call with our message. Their types against both oracles
are test_oracle_device.py's. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import Any, List, Tuple

import pytest
import tvm_ffi

from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

APACHE_KERNEL = '''
from tvm.script import tirx as T

@T.prim_func
def exchange(flags: T.Buffer((4,), "uint64"), data: T.Buffer((256,), "float16")):
    T.device_entry()
    tx = T.thread_id([32])
    peer = (T.nvshmem.my_pe() + 1) % T.nvshmem.n_pes()
    T.nvshmem.putmem_nbi.warp(data.data, data.data, 512, peer)
    T.nvshmem.putmem_signal_nbi(data.data, data.data, 64, T.address_of(flags[1]), T.uint64(1), "add", peer)
    T.nvshmem.signal_op(sig_addr=T.address_of(flags[0]), signal=1, sig_op="set", pe=peer)
    T.nvshmem.wait_until(ivar=T.address_of(flags[0]), cmp="ge", cmp_value=T.uint64(1))
    T.nvshmem.quiet()
    T.ptx_legacy.ldmatrix("float16", T.bool(False), 4, ".b16", data.data, tx * 8, data.data, 0)
    T.evaluate(T.ptx_legacy.mma("m16n8k16", "row", "col", "fp16", "fp16", "fp16", data.data, 0,
                                data.data, 8, data.data, 16, False, dtype="float16"))
'''

CANONICAL_BODY = [
    "    with T.device_entry():",
    "        tx = T.thread_id([32])",
    "        peer: T.let[T.int32] = (T.nvshmem.my_pe() + 1) % T.nvshmem.n_pes()",
    "        T.nvshmem.putmem_nbi_warp(data.data, data.data, 512, peer)",
    '        T.nvshmem.putmem_signal_nbi(data.data, data.data, 64, T.address_of(flags[1]), '
    'T.uint64(1), "add", peer)',
    '        T.nvshmem.signal_op(T.address_of(flags[0]), 1, "set", peer)',
    '        T.nvshmem.wait_until(T.address_of(flags[0]), "ge", T.uint64(1), "uint64_t")',
    "        T.nvshmem.quiet()",
    '        T.ptx_legacy.ldmatrix(T.bool(False), 4, ".b16", data.data, tx * 8, data.data, 0, '
    "ty=T.float16)",
    '        T.ptx_legacy.mma("m16n8k16", "row", "col", "fp16", "fp16", "fp16", data.data, 0, '
    "data.data, 8, data.data, 16, T.bool(False))",
]


def body(text: str) -> List[str]:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("def "))
    return lines[start + 1:]


def reads_back(func: Any, spelling: Any = None) -> str:
    text = func.script(spelling=spelling) if spelling else func.script()
    assert tvm_ffi.structural_equal(from_source(text, extra_vars={"T": T}), func), text
    return text


@pytest.mark.parametrize("trusted", [False, True])
def test_a_kernel_of_library_calls_is_analysed_without_a_diagnostic(trusted: bool) -> None:
    report = parse_diagnostics(APACHE_KERNEL, source_name="exchange.py", trusted=trusted)
    assert [(d.code, d.message) for d in report.diagnostics] == []


def test_the_calls_build_the_reference_s_ops_and_print_as_it_prints_them() -> None:
    func = from_source(APACHE_KERNEL)
    assert body(reads_back(func)) == CANONICAL_BODY
    calls = [s.value for s in func.body.body.seq[2:]]
    assert [c.op.name for c in calls] == [
        "tirx.nvshmem.putmem_nbi_warp", "tirx.nvshmem.putmem_signal_nbi",
        "tirx.nvshmem.signal_op", "tirx.nvshmem.wait_until", "tirx.nvshmem.quiet",
        "tirx.ptx_legacy.ldmatrix", "tirx.ptx_legacy.mma"]
    # 0.27's leading element type of ldmatrix types the call; its `dtype=` of mma is dropped.
    assert [str(c.ty) for c in calls[-2:]] == ["T.float16", "T.Missing()"]


def test_the_apache_spelling_reads_back_too() -> None:
    func = from_source(APACHE_KERNEL)
    apache = body(reads_back(func, "apache"))
    assert apache[0] == "    T.device_entry()"
    assert apache[3] == "    T.nvshmem.putmem_nbi_warp(data.data, data.data, 512, peer)"


def test_the_transfers_scoped_forms_are_one_member_each() -> None:
    assert T.nvshmem.getmem_nbi.warp is T.nvshmem.getmem_nbi_warp
    assert T.nvshmem.putmem_signal_nbi.block is T.nvshmem.putmem_signal_nbi_block
    assert repr(T.nvshmem.putmem_nbi) == "T.nvshmem.putmem_nbi"
    assert sorted(dir(T.nvshmem)) == [
        "barrier_all", "fence", "getmem_nbi", "getmem_nbi_block", "getmem_nbi_warp", "my_pe",
        "n_pes", "putmem_nbi", "putmem_nbi_block", "putmem_nbi_warp", "putmem_signal_nbi",
        "putmem_signal_nbi_block", "putmem_signal_nbi_warp", "quiet", "signal_op",
        "wait_until"]
    assert dir(T.ptx_legacy) == ["ldmatrix", "mma"]


def diagnostics(statement: str, trusted: bool = False) -> List[Tuple[str, str, int]]:
    text = ('from tvm.script import tirx as T\n\n@T.prim_func\n'
            'def k(A: T.Buffer((4,), "uint64")):\n    T.device_entry()\n'
            + textwrap.indent(statement, "    ") + "\n    A[0] = T.uint64(0)\n")
    report = parse_diagnostics(text, source_name="k.py", trusted=trusted)
    return [(d.code, d.message, d.span.start_line) for d in report.diagnostics]


@pytest.mark.parametrize("trusted", [False, True])
@pytest.mark.parametrize("statement, code, message", [
    ('T.nvshmem.signal_op(A.data, 1, "mul", 0)', "value-error",
     '`tirx.nvshmem.signal_op` takes `sig_op` as one of "set", "add", got "mul"'),
    ("T.nvshmem.signal_op(A.data, 1, 3, 0)", "value-error",
     '`tirx.nvshmem.signal_op` takes `sig_op` as one of "set", "add", got no string'),
    ('T.nvshmem.wait_until(A.data, "<=", 1)', "value-error",
     '`tirx.nvshmem.wait_until` takes `cmp` as one of "eq", "ne", "gt", "ge", "lt", "le", '
     'got "<="'),
    ("T.nvshmem.getmem_nbi.block(A.data, A.data, 16)", "type-error",
     "`T.nvshmem.getmem_nbi_block` takes 4 arguments, got 3"),
    ("T.nvshmem.my_pe(0)", "type-error", "`T.nvshmem.my_pe` takes 0 arguments, got 1"),
    ('T.ptx_legacy.ldmatrix(False, 4, ".b16", A.data, 0, A.data)', "type-error",
     "`T.ptx_legacy.ldmatrix` takes 7 arguments, got 6"),
    ('T.ptx_legacy.mma("m8n8k4", "row", "col", "fp64", "fp64", "fp64", A.data, 0)',
     "type-error", "`T.ptx_legacy.mma` takes 13 to 14 arguments, got 8"),
    ("T.nvshmem.barrier()", "attribute-error",
     "`T.nvshmem.barrier` is not a member of `T.nvshmem`; did you mean "
     "`T.nvshmem.barrier_all`?"),
])
def test_misuse_is_an_error_at_the_call(statement: str, code: str, message: str,
                                        trusted: bool) -> None:
    assert diagnostics(statement, trusted) == [(code, message, 6)]
