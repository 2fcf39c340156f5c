"""``T.ptx`` (tirx_ptx.py): a kernel of PTX loads and stores read untrusted and trusted, its
prints in both spellings read back, the text and printed forms, the families not built yet as
informations, and the exact errors of misuse. The calls' IR against the reference is
test_ptx_records.py's. Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import List, Tuple

import pytest
import tvm_ffi

from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.recorded import NotAnalysedYet
from tvm_tirx.script.tirx_ptx_table import ENTRIES, lanes_of, operand_dtypes

KERNEL = '''
from tvm.script import tirx as T

@T.prim_func
def flag_exchange(data: T.Buffer((256,), "float32"), flags: T.Buffer((32,), "uint32")):
    T.device_entry()
    tx = T.thread_id([32])
    seen: T.uint32
    value: T.float32
    T.ptx.ld.acquire.gpu.global_.b32(seen, T.address_of(flags[tx]))
    if seen == T.uint32(1):
        T.ptx.ld.global_.nc.f32(value, T.ptx.addr(data.data, tx * 4))
        T.ptx.st.relaxed.gpu.global_.f32(T.address_of(data[tx]), value * T.float32(2))
    T.ptx["st.release.gpu.global.u32"](T.address_of(flags[tx]), 0, pred=tx < 16)
'''


def reads_back(func, spelling=None) -> str:
    text = func.script(spelling=spelling) if spelling else func.script()
    assert tvm_ffi.structural_equal(from_source(text, extra_vars={"T": T}), func), text
    return text


@pytest.mark.parametrize("trusted", [False, True])
def test_a_kernel_of_loads_and_stores_is_analysed_without_a_diagnostic(trusted: bool) -> None:
    report = parse_diagnostics(KERNEL, source_name="flags.py", trusted=trusted)
    assert [(d.code, d.message) for d in report.diagnostics] == []


def test_the_kernel_prints_by_family_and_reads_back_in_both_spellings() -> None:
    func = from_source(KERNEL)
    lines = reads_back(func).splitlines()
    assert lines[-5:] == [
        '        T.ptx.ld(seen[0], T.address_of(flags[tx]), "", "acquire", "gpu", "global", "", '
        '"", "", "", "", "b32", "")',
        "        if seen[0] == T.uint32(1):",
        '            T.ptx.ld(value[0], T.ptx.addr(data.data, tx * 4), "", "", "", "global", '
        '"", "nc", "", "", "", "f32", "")',
        '            T.ptx.st(T.address_of(data[tx]), value[0] * T.float32(2.0), "", "relaxed", '
        '"gpu", "global", "", "", "", "f32", "")',
        '        T.ptx.st(T.address_of(flags[tx]), T.uint32(0), tx < 16, "", "release", "gpu", '
        '"global", "", "", "", "u32", "pred")',
    ]
    reads_back(func, "apache")
    ops = [s.value.op.name for s in func.body.body.seq if type(s).__name__ == "Evaluate"]
    assert ops == ["tirx.ptx.ld", "tirx.ptx.st"]


def diagnostics(statement: str, trusted: bool = False) -> List[Tuple[int, str, str, int]]:
    text = ('from tvm.script import tirx as T\n\n@T.prim_func\n'
            'def k(A: T.Buffer((8,), "float32"), S: T.Buffer((8,), "uint64", scope="shared")):\n'
            "    T.device_entry()\n    x: T.float32\n"
            + textwrap.indent(textwrap.dedent(statement), "    ") + "    A[0] = x\n")
    report = parse_diagnostics(text, source_name="k.py", trusted=trusted)
    return [(int(d.severity), d.code, d.message, d.span.start_line) for d in report.diagnostics]


@pytest.mark.parametrize("trusted", [False, True])
@pytest.mark.parametrize("statement, code, message", [
    ("T.ptx.ld.global_.bogus.f32(x, A.data)\n", "attribute-error",
     "`bogus` is not a modifier `T.ptx.ld.global` takes"),
    ("T.ptx.ld.global_(x, A.data)\n", "value-error",
     "`T.ptx.ld.global` needs the modifier `type` (one of b8, u8, s8, b16, u16, s16, b32, u32, "
     "s32, b64, u64, s64, f32, f64)"),
    ("T.ptx.ld.acquire.global_.f32(x, A.data)\n", "value-error",
     "`T.ptx.ld.acquire.global.f32`: ld.acquire needs a scope (cta, cluster, gpu or sys)"),
    ("T.ptx.ld.global_.f32(x, S.data)\n", "value-error",
     "`T.ptx.ld.global.f32`: operand `addr` is a global address, got a shared pointer"),
    ("T.ptx.ld.global_.f32(x + T.float32(1), A.data)\n", "value-error",
     "`T.ptx.ld.global.f32`: destination `d` is a writable scalar or tensor element (such as "
     "`d: T.float32`), got `Add`"),
    ("T.ptx.ld.global_.b64(x, A.data)\n", "value-error",
     "`T.ptx.ld.global.b64`: destination `d` is one of uint64, int64, float64, uint128, "
     "int128, got float32"),
    ("T.ptx.st.global_.f32(A.data, x, x)\n", "value-error",
     "`T.ptx.st.global.f32` takes 2 operands (addr, value), got 3"),
    ("T.ptx.st.global_.u32(A.data, 2.5)\n", "value-error",
     "`T.ptx.st.global.u32`: the float literal 2.5 of operand `value` (uint32, int32, uint64, "
     "int64, uint128, int128) would lose its meaning: write the constant as `T.uint32(...)` or "
     "a float type's bits"),
    ("T.ptx.ld.global_.f32(x, A.data, pred=x)\n", "value-error",
     "`T.ptx.ld.global.f32`: `pred=` is a bool, uint32 or int32 expression"),
    ("T.ptx.ld.global_.f32(x, T.ptx.addr(A.data, 1 << 40))\n", "value-error",
     "The byte offset of `T.ptx.addr` (1099511627776) is out of the int32 range"),
    # A KeyError, as the reference raises (the frontend reports lookup errors so).
    ('T.ptx["ld.global.bogus.f32"](x, A.data)\n', "index-error",
     "'`bogus` is not a modifier `T.ptx.ld.global` takes'"),
    ("T.ptx.lds.global_.f32(x, A.data)\n", "attribute-error",
     "`T.ptx.lds` is not a member of `T.ptx`; did you mean `T.ptx.ld`?"),
])
def test_misuse_is_an_error_at_the_statement(statement: str, code: str, message: str,
                                             trusted: bool) -> None:
    assert diagnostics(statement, trusted) == [(1, code, message, 7)]


@pytest.mark.parametrize("statement, message", [
    ("T.ptx.tcgen05.fence.before_thread_sync()\n",
     "`T.ptx.tcgen05` is not analysed yet: it is a member of `T` in apache-tvm-tirx 0.1.0a4 "
     "and apache-tvm 0.27.0.post1, which this frontend does not build yet"),
    ('T.ptx["cp.async.bulk.commit_group"]()\n',
     "`T.ptx[...]` (an instruction by its PTX text) is not analysed yet for `cp`"),
    ("T.ptx.ld.global_.f32(x, A.data, preserve_dst=True)\n",
     "`T.ptx` with `preserve_dst=True` is not analysed yet"),
])
def test_what_is_not_built_is_an_information_and_the_rest_is_analysed(statement: str,
                                                                      message: str) -> None:
    assert diagnostics(statement) == [(3, "not-implemented-error", message, 7)]


def test_the_chain_lists_its_open_modifiers_and_is_read_only() -> None:
    chain = T.ptx.st.global_.v2
    assert repr(chain) == "T.ptx.st.global.v2"
    assert "release" in dir(chain) and "f32" in dir(chain) and "global_" not in dir(chain)
    assert "shared__cta" in dir(T.ptx.ld)
    with pytest.raises(AttributeError, match=r"^A `T.ptx` instruction is read-only$"):
        chain.f32 = 1
    offset = T.ptx.addr(T.float32(0), 8)  # an operand's to convert, no IR by itself
    assert (type(offset).__name__, offset.byte_offset.value, str(offset.byte_offset.ty)) == (
        "AddrArg", 8, "T.int32")
    with pytest.raises(ValueError, match=r"^`T.ptx.addr` cannot be nested$"):
        T.ptx.addr(offset, 4)
    with pytest.raises(NotAnalysedYet):
        T.ptx["cp.async.bulk.commit_group"]
    with pytest.raises(TypeError, match=r"^`T.ptx\[...\]` takes an instruction's PTX text, got "
                                        r"`int`$"):
        T.ptx[3]


MOVES = '''
from tvm.script import tirx as T

@T.prim_func
def halves(out: T.Buffer((4,), "float16"), flag: T.Buffer((1,), "int32")):
    T.device_entry()
    packed: T.uint32
    low: T.float16
    ok: T.uint32
    T.ptx.mov.b32(packed, out[0], out[1])
    T.ptx.mov.b32(low, T.ptx.SINK, packed)
    T.ptx.mov.pred(ok, T.ptx.pred(flag[0]))
    out[2] = low
'''


@pytest.mark.parametrize("trusted", [False, True])
def test_sunk_lanes_and_predicates_read_print_and_read_back(trusted: bool) -> None:
    assert parse_diagnostics(MOVES, source_name="halves.py", trusted=trusted).diagnostics == []
    func = from_source(MOVES)
    assert reads_back(func).splitlines()[-4:-1] == [
        '        T.ptx.mov(packed[0], out[0], out[1], "b32", "")',
        '        T.ptx.mov(low[0], packed[0], "b32", "s1")',
        '        T.ptx.mov(ok[0], flag[0], "pred", "p1")',
    ]
    reads_back(func, "apache")


@pytest.mark.parametrize("statement, message", [
    ("T.ptx.mov.b32(T.ptx.SINK, T.ptx.SINK, T.uint32(0))\n",
     "No form of `T.ptx.mov.b32` takes these operands: `T.ptx.mov.b32` takes 2 operands (d, "
     "a), got 3; `T.ptx.mov.b32`: operand `d` takes no `T.ptx.SINK`; `T.ptx.mov.b32`: a lane "
     "of `d` must be a register"),
    ("T.ptx.mov.pred(x, T.ptx.pred(1))\n",
     "`T.ptx.mov.pred`: `d` is a .pred result: a writable uint32 scalar or tensor element (such "
     "as `ok: T.uint32`)"),
    ("T.ptx.mov.f32(x, T.ptx.pred(x))\n",
     "`T.ptx.mov.f32`: operand `a` is no .pred operand, so it takes no `T.ptx.pred(...)`"),
    ("T.ptx.setp.lt.b32(x, T.uint32(1), T.uint32(2))\n",
     "`T.ptx.setp.lt.b32`: the bit-size type .b32 compares with eq and ne only"),
    ("T.ptx.setp.eq.f32(x, x, x)\n",
     "No form of `T.ptx.setp.eq.f32` takes these operands: `T.ptx.setp.eq.f32`: `p` is a "
     ".pred result: a writable uint32 scalar or tensor element (such as `ok: T.uint32`); "
     "`T.ptx.setp.eq.f32` takes 4 operands (p, q, a, b), got 3"),
    ("T.ptx.mapa.u64(x, A.data, 1)\n",
     "`T.ptx.mapa.u64`: destination `d` is one of uint64, got float32"),
    ("T.ptx.neg.f32(x, x, x)\n", "`T.ptx.neg.f32` takes 2 operands (d, a), got 3"),
    ('T.ptx.mov(x, x, "f32", "q0")\n',
     'The marker of a printed `T.ptx` call is flags such as "pred", "p1" or "s0", got "q0"'),
])
def test_misused_sinks_predicates_comparisons_and_markers_are_errors(statement: str, message: str) -> None:
    assert diagnostics(statement) == [(1, "value-error", message, 7)]


def test_outside_a_kernel_it_reads_as_the_reference_reads_it() -> None:
    # The reference refuses no PTX instruction outside a device kernel, nor does ours.
    func = from_source(textwrap.dedent('''
        from tvm_tirx.script import tirx as T

        @T.function
        def host(A: T.Tensor((64,), T.float32)):
            u: T.uint32
            T.ptx.bar.sync(0)
            T.ptx.ld.global_.b32(u, A.data)
        '''))
    assert reads_back(func).splitlines()[-2:] == [
        '    T.ptx.bar(T.uint32(0), "", "sync", "")',
        '    T.ptx.ld(u[0], A.data, "", "", "", "global", "", "", "", "", "", "b32", "")']


@pytest.mark.parametrize("lut, message", [
    ("256", "`T.ptx.lop3.b32`: the lookup table `immLut` is one byte, 0 to 255, got 256"),
    ("x", "`T.ptx.lop3.b32`: operand `immLut` is written in the instruction: a constant "
          "integer, got `float32`"),
])
def test_an_immediate_is_a_constant_of_its_range(lut: str, message: str) -> None:
    statement = f"u: T.uint32\nT.ptx.lop3.b32(u, u, u, u, {lut})\n"
    assert diagnostics(statement) == [(1, "value-error", message, 8)]


def test_every_entry_s_rule_reads_only_its_own_slots() -> None:
    # A rule shared by entries of different slots must not read a slot one of them lacks: it
    # is tried with each slot left out and with each of each slot's tokens.
    for entry in ENTRIES:
        base = {slot.name: "" if slot.optional else slot.choices[0] for slot in entry.slots}
        variants = [base] + [{**base, slot.name: token} for slot in entry.slots
                             for token in slot.choices]
        for mods in variants:
            if entry.check is not None:
                entry.check(mods)  # a KeyError here is a rule reading another entry's slot
            for operand in entry.operands:
                lanes_of(operand, mods)
                if operand.kind == "reg":
                    assert operand_dtypes(operand, mods), (entry.name, operand.name, mods)
