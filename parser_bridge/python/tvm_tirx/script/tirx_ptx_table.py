"""The PTX instructions ``T.ptx`` builds, as data (issue 23, item 2; read by tirx_ptx.py).

An instruction family (``ld``) has several entries, one per operand shape (``ld``, ``ld_vec``,
...): each is the op ``tirx.ptx.<entry>`` (core/tirx/src/ptx_intrinsics.cc) and is written
here as its modifier slots, in the order the call carries them, and its operands. What an entry
accepts is the PTX ISA's (section 9.7.10.8 for ``ld``, 9.7.10.11 for ``st``) as the reference
(apache-tvm-tirx 0.1.0a4) reads it; tests/oracle_records/ptx.json records its answers.

A family is listed only when every entry of it is: an attribute chain or a call this table does
not accept is then an error the reference makes too, never a form ours merely lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Mapping, Optional, Tuple, Union

Modifiers = Mapping[str, str]
"""Slot name -> token (``""`` when the slot is left out)."""


@dataclass(frozen=True)
class Slot:
    """A modifier position: the tokens it takes; an optional one may be left out."""

    name: str
    choices: Tuple[str, ...]
    optional: bool = True


@dataclass(frozen=True)
class Operand:
    """An operand: ``kind`` "reg" (a register of a dtype, ``rw`` "r" read or "w" written) or
    "addr" (a memory address in the entry's ``space``). ``lanes`` is how many registers it
    occupies (a vector's ``.vec``); ``dtypes`` the dtypes a register takes, canonical first."""

    name: str
    kind: str = "reg"
    rw: str = "r"
    lanes: Union[int, Callable[[Modifiers], int]] = 1
    dtypes: Optional[Callable[[Modifiers], Tuple[str, ...]]] = None
    addr_offset: bool = False
    type: Union[str, Callable[[Modifiers], str], None] = None
    """The register's PTX type: a slot's name (its token; the ``type`` slot's when that slot is
    left out), a type token itself (``"b16"``), a function of the modifiers (a widening
    result), or None for the ``type`` slot."""
    sinkable: bool = False
    """Whether a lane may be ``T.ptx.SINK`` (PTX's ``_``: a destination lane discarded)."""
    literal: Optional[str] = None
    """The text the table writes for the operand (mbarrier's state sink ``_``): it takes no
    argument of the call."""


@dataclass(frozen=True)
class Entry:
    """One operand shape of a family: the op ``tirx.ptx.<name>``."""

    name: str
    family: str
    slots: Tuple[Slot, ...]
    operands: Tuple[Operand, ...]
    check: Optional[Callable[[Modifiers], Optional[str]]] = None
    imm_check: Optional[Callable[[str, int], Optional[str]]] = None
    """The rule of an immediate operand's constant (its name, its value), when it has one."""


# --- dtypes -------------------------------------------------------------------------------------

_WIDTHS = (8, 16, 32, 64, 128)
_FLOATS = {16: ("float16", "bfloat16"), 32: ("float32",), 64: ("float64",)}


def memory_dtypes(type_token: str) -> Tuple[str, ...]:
    """The registers an ``ld``/``st`` of ``.type`` takes (ISA 5.2.3 and 9.4.1: a register may
    be wider than the instruction's type), canonical first: ``.bN`` any class of width N or
    more; ``.uN``/``.sN`` an integer of width N or more, of its own sign first; ``.fN`` its
    float, then an integer carrier of width N or more."""
    kind, width = type_token[0], int(type_token[1:])
    wider = [w for w in _WIDTHS if w >= width]
    found = []
    for w in wider:
        if kind == "b":
            found += [f"uint{w}", f"int{w}", *_FLOATS.get(w, ())]
        elif kind == "s":
            found += [f"int{w}", f"uint{w}"]
        else:
            found += [f"uint{w}", f"int{w}"]
    if kind == "f":
        found.insert(0, f"float{width}")
    return tuple(found)


def _memory_dtypes(m: Modifiers) -> Tuple[str, ...]:
    return memory_dtypes(m["type"])


def _vector_store_dtypes(m: Modifiers) -> Tuple[str, ...]:
    # `st.v2.f64` of 128-bit carriers does not assemble (ptxas, as the reference records).
    found = memory_dtypes(m["type"])
    if m["vec"] == "v2" and m["type"] == "f64":
        found = tuple(d for d in found if d not in ("uint128", "int128"))
    return found


def _uint64(m: Modifiers) -> Tuple[str, ...]:
    return ("uint64",)


def _vector_lanes(m: Modifiers) -> int:
    return int(m["vec"][1:])


def _with_cache_hint(m: Modifiers) -> int:
    return 1 if m["cache"] else 0


# --- the grammar of ld and st -------------------------------------------------------------------

_SHARED = ("shared", "shared::cta", "shared::cluster")
_BITS32 = ("b32", "u32", "s32", "f32")
_BITS64 = ("b64", "u64", "s64", "f64")


def _cache_hint_rule(m: Modifiers) -> Optional[str]:
    if not m.get("cache"):
        return None
    if m["space"] == "local" or m["space"] in _SHARED:
        return f".level::cache_hint is an L2 policy, not valid on .{m['space']}"
    if m.get("sem") == "volatile":
        return ".volatile takes no .level::cache_hint"
    return None


def _ordering_rule(op: str, ordered: Tuple[str, str], m: Modifiers) -> Optional[str]:
    """The semantics and scope rules ld and st share (``ordered``: the two that take a scope)."""
    sem, scope, space = m["sem"], m["scope"], m["space"]
    if sem in ordered and not scope:
        return f"{op}.{sem} needs a scope (cta, cluster, gpu or sys)"
    if sem not in ordered and scope:
        return f"only {op}.{ordered[0]} and {op}.{ordered[1]} take a scope"
    if m.get("mmio"):
        if sem not in ordered:
            return f"{op}.mmio needs .{ordered[0]} or .{ordered[1]}"
        if scope != "sys":
            return f"{op}.mmio takes the sys scope only"
        if space not in ("", "global"):
            return f"{op}.mmio takes .global or generic addressing only"
    return None


def _eviction(m: Modifiers) -> str:
    return m["l1ev"] or m.get("l2ev", "")


def _ordered_access_rule(op: str, ordered: Tuple[str, str], m: Modifiers) -> Optional[str]:
    """An ordered (not mmio) access: no .local, no cache operator."""
    if m["sem"] in ordered and not m.get("mmio"):
        if m["space"] == "local":
            return f"{op}.{m['sem']} is not valid on .local"
        if m["cop"]:
            return f"{op}.{m['sem']} takes no cache operator"
    return None


def _eviction_rule(m: Modifiers) -> Optional[str]:
    if m["cop"] and _eviction(m):
        return "a cache operator and an eviction priority exclude each other"
    if _eviction(m) and m["space"] not in ("", "global"):
        return "an eviction priority needs .global or generic addressing"
    return None


def _ld_rule(m: Modifiers) -> Optional[str]:
    ordered = ("relaxed", "acquire")
    error = _cache_hint_rule(m) or _ordering_rule("ld", ordered, m)
    if error:
        return error
    sem, space, cop, nc = m["sem"], m["space"], m["cop"], m["nc"]
    if m.get("mmio") and (cop or nc or _eviction(m) or m["prefetch"] or m.get("cache")):
        return "ld.mmio takes no cache qualifiers"
    error = _ordered_access_rule("ld", ordered, m)
    if error:
        return error
    if sem in ordered and nc and not m.get("mmio"):
        return "ld.global.nc has no memory-ordering form"
    if sem == "volatile" and (cop or _eviction(m) or nc):
        return "ld.volatile takes only the prefetch size"
    if cop and _eviction(m):
        return _eviction_rule(m)
    if nc:
        if space != "global":
            return "ld.global.nc needs the .global space"
        if sem:
            return "ld.global.nc takes no semantics"
        if cop in ("lu", "cv"):
            return "ld.global.nc takes the cache operators ca, cg and cs only"
    if m["prefetch"] and space not in ("", "global"):
        return "a prefetch size needs .global or generic addressing"
    return _eviction_rule(m)


def _st_rule(m: Modifiers) -> Optional[str]:
    ordered = ("relaxed", "release")
    error = _cache_hint_rule(m) or _ordering_rule("st", ordered, m)
    if error:
        return error
    if m.get("mmio") and (m["cop"] or _eviction(m) or m.get("cache")):
        return "st.mmio takes no cache qualifiers"
    error = _ordered_access_rule("st", ordered, m)
    if error:
        return error
    if m["sem"] == "volatile" and (m["cop"] or _eviction(m)):
        return "st.volatile takes no cache qualifiers"
    return _eviction_rule(m)


def _vector_128(m: Modifiers) -> Optional[str]:
    if m["vec"] == "v4" and m["type"] in _BITS64:
        return "a .v4 of a 64-bit type is a 256-bit access (its own form)"
    return None


def _vector_256(m: Modifiers) -> Optional[str]:
    if not ((m["vec"] == "v8" and m["type"] in _BITS32) or
            (m["vec"] == "v4" and m["type"] in _BITS64)):
        return "a 256-bit access is .v8 of a 32-bit type or .v4 of a 64-bit type"
    if m["space"] not in ("", "global"):
        return "a 256-bit access takes .global or generic addressing"
    return None


def _first(*rules: Callable[[Modifiers], Optional[str]]) -> Callable[[Modifiers], Optional[str]]:
    def rule(m: Modifiers) -> Optional[str]:
        for each in rules:
            error = each(m)
            if error:
                return error
        return None
    return rule


# --- the slots ----------------------------------------------------------------------------------

_SCALAR_TYPES = ("b8", "u8", "s8", "b16", "u16", "s16", "b32", "u32", "s32", "b64", "u64",
                 "s64", "f32", "f64")
_SPACES = ("global", "shared", "shared::cta", "shared::cluster", "local")
_SCOPE = Slot("scope", ("cta", "cluster", "gpu", "sys"))
_L1_EVICTION = Slot("l1ev", ("L1::evict_normal", "L1::evict_unchanged", "L1::evict_first",
                             "L1::evict_last", "L1::no_allocate"))
_L2_EVICTION = Slot("l2ev", ("L2::evict_first", "L2::evict_last", "L2::evict_normal"))
_CACHE_HINT = Slot("cache", ("L2::cache_hint",))
_PREFETCH = Slot("prefetch", ("L2::64B", "L2::128B", "L2::256B"))
_LD_SEM = Slot("sem", ("weak", "acquire", "relaxed", "volatile"))
_ST_SEM = Slot("sem", ("weak", "release", "relaxed", "volatile"))
_LD_COP = Slot("cop", ("ca", "cg", "cs", "lu", "cv"))
_ST_COP = Slot("cop", ("wb", "cg", "cs", "wt"))
_NC = Slot("nc", ("nc",))
_MMIO = Slot("mmio", ("mmio",))


def _type(choices: Tuple[str, ...]) -> Slot:
    return Slot("type", choices, optional=False)


def _vec(choices: Tuple[str, ...]) -> Slot:
    return Slot("vec", choices, optional=False)


_ADDRESS = Operand("addr", kind="addr", addr_offset=True)
_CACHE_POLICY = Operand("cache_policy", lanes=_with_cache_hint, dtypes=_uint64)

def _packing(name: str, whole: str, part: str, parts: int) -> Tuple[Entry, Entry]:
    """``mov.b32 d, {a, b}`` (pack: ``parts`` registers of ``part`` into one ``whole``) and its
    inverse (unpack: any lane of the destination may be ``T.ptx.SINK``), ISA 9.7.10.4."""
    slots = (_type((whole,)),)
    return (Entry(f"mov_pack_{name}", "mov", slots,
                  (Operand("d", rw="w", type=whole), Operand("a", type=part, lanes=parts))),
            Entry(f"mov_unpack_{name}", "mov", slots,
                  (Operand("d", rw="w", type=part, lanes=parts, sinkable=True),
                   Operand("a", type=whole))))


# --- comparisons: setp and set (ISA 9.7.7.1, 9.7.7.2, 9.7.8.1, 9.7.8.2) ------------------------

_ORDERED = ("eq", "ne", "lt", "le", "gt", "ge")
_UNSIGNED = ("lo", "ls", "hi", "hs")
_UNORDERED = ("equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan")
_COMPARE_TYPES = ("b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32", "s64", "f32", "f64")
_BIT_TYPES = ("b16", "b32", "b64")


def _compare_rule(m: Modifiers) -> Optional[str]:
    """The comparisons each source type takes: a bit-size type eq/ne, a signed one the six
    ordered, an unsigned one those and lo/ls/hi/hs, a float one the ordered, unordered and NaN
    tests; .ftz only on .f32."""
    ty, op = m.get("stype") or m["type"], m["cmp"]
    if m["ftz"] and ty != "f32":
        return ".ftz is for .f32 comparisons only"
    if ty.startswith("b") and op not in ("eq", "ne"):
        return f"the bit-size type .{ty} compares with eq and ne only"
    if ty.startswith("s") and op not in _ORDERED:
        return f"the signed type .{ty} takes {', '.join(_ORDERED)} only"
    if ty.startswith("u") and op in _UNORDERED:
        return f"{op} compares floats, not .{ty}"
    if ty.startswith("f") and op in _UNSIGNED:
        return f"{op} compares unsigned integers, not .{ty}"
    return None


_HALF_SOURCES = (*_COMPARE_TYPES[:9], "f16", "f32", "f64")


def _half_set_rule(m: Modifiers) -> Optional[str]:
    """The half-precision `set` lines: which destination goes with which source, .ftz where the
    source has subnormals to flush, and the comparisons of the source's class."""
    dt, st, op = m["dtype"], m["stype"], m["cmp"]
    paired = ((dt in ("f16", "bf16") and st in _HALF_SOURCES)
              or (dt in ("u16", "s16", "u32", "s32") and st in ("f16", "bf16"))
              or (dt in ("u32", "s32") and st in ("f16x2", "bf16x2"))
              or (dt == st and dt in ("f16x2", "bf16x2")))
    if not paired:
        return f"no half-precision set takes a .{dt} destination of a .{st} source"
    if m["ftz"]:
        if dt.startswith("bf16"):
            return f"a .{dt} destination takes no .ftz"
        if st not in ("f16", "f32", "f16x2"):
            return f"a .{st} source takes no .ftz"
    if st in _BIT_TYPES and op not in ("eq", "ne"):
        return f"the bit-size source .{st} compares with eq and ne only"
    if st[0] in "us" and op not in _ORDERED:
        return f"the integer source .{st} takes {', '.join(_ORDERED)} only"
    return None


def _half_setp_rule(m: Modifiers) -> Optional[str]:
    if m["ftz"] and m["type"].startswith("bf16"):
        return f".{m['type']} takes no .ftz"
    return None


def _packed_set_rule(m: Modifiers) -> Optional[str]:
    if m["type"].startswith("s") and m["cmp"] in _UNSIGNED:
        return f"{m['cmp']} compares unsigned integers, not .{m['type']}"
    return None


_FTZ = Slot("ftz", ("ftz",))
_BOOLOP = Slot("boolop", ("and", "or", "xor"), optional=False)
_CMP_ALL = Slot("cmp", (*_ORDERED, *_UNSIGNED, *_UNORDERED), optional=False)
_CMP_HALF = Slot("cmp", (*_ORDERED, *_UNORDERED), optional=False)
_P = Operand("p", rw="w", type="pred")
_Q = Operand("q", rw="w", type="pred")
_C = Operand("c", type="pred")


def _setp(name: str, types: Tuple[str, ...], rule: Callable[[Modifiers], Optional[str]],
          cmp: Slot, combined: bool, pair: bool) -> Entry:
    """``setp``: ``p`` (and ``q``, its negation) from comparing ``a`` and ``b``, combined with
    the predicate ``c`` by ``boolop`` when ``combined``."""
    slots = (cmp, *((_BOOLOP,) if combined else ()), _FTZ, _type(types))
    operands = (_P, *((_Q,) if pair else ()), Operand("a"), Operand("b"),
                *((_C,) if combined else ()))
    return Entry(name, "setp", slots, operands, rule)


def _set(name: str, dtypes: Tuple[str, ...], stypes: Tuple[str, ...],
         rule: Callable[[Modifiers], Optional[str]], cmp: Slot, combined: bool) -> Entry:
    """``set``: ``d`` (all ones or 1.0 when true) from comparing ``a`` and ``b`` of ``stype``."""
    slots = (cmp, *((_BOOLOP,) if combined else ()), _FTZ, Slot("dtype", dtypes, optional=False),
             Slot("stype", stypes, optional=False))
    operands = (Operand("d", rw="w", type="dtype"), Operand("a", type="stype"),
                Operand("b", type="stype"), *((_C,) if combined else ()))
    return Entry(name, "set", slots, operands, rule)


_HALF_DTYPES = ("f16", "bf16", "u16", "s16", "u32", "s32", "f16x2", "bf16x2")
_HALF_STYPES = (*_COMPARE_TYPES[:9], "f16", "f32", "f64", "bf16", "f16x2", "bf16x2")

_COMPARES = (
    Entry("set_packed", "set",
          (Slot("cmp", (*_ORDERED, *_UNSIGNED), optional=False),
           _type(("u8x4", "s8x4", "u16x2", "s16x2"))),
          (Operand("d", rw="w", type="b32"), Operand("a", type="b32"), Operand("b", type="b32")),
          _packed_set_rule),
    _set("set", ("u32", "s32", "f32"), _COMPARE_TYPES, _compare_rule, _CMP_ALL, False),
    _set("set_bool", ("u32", "s32", "f32"), _COMPARE_TYPES, _compare_rule, _CMP_ALL, True),
    _set("set_half", _HALF_DTYPES, _HALF_STYPES, _half_set_rule, _CMP_HALF, False),
    _set("set_half_bool", _HALF_DTYPES, _HALF_STYPES, _half_set_rule, _CMP_HALF, True),
    _setp("setp", _COMPARE_TYPES, _compare_rule, _CMP_ALL, False, False),
    _setp("setp_pq", _COMPARE_TYPES, _compare_rule, _CMP_ALL, False, True),
    _setp("setp_bool", _COMPARE_TYPES, _compare_rule, _CMP_ALL, True, False),
    _setp("setp_bool_pq", _COMPARE_TYPES, _compare_rule, _CMP_ALL, True, True),
    _setp("setp_half", ("f16", "bf16"), _half_setp_rule, _CMP_HALF, False, False),
    _setp("setp_half_pq", ("f16x2", "bf16x2"), _half_setp_rule, _CMP_HALF, False, True),
    _setp("setp_half_bool", ("f16", "bf16"), _half_setp_rule, _CMP_HALF, True, False),
    _setp("setp_half_bool_pq", ("f16x2", "bf16x2"), _half_setp_rule, _CMP_HALF, True, True),
)

# --- mbarrier (ISA 9.7.15.16) -----------------------------------------------------------------


def _sem_with_scope(m: Modifiers) -> Optional[str]:
    if bool(m.get("sem")) != bool(m.get("scope")):
        return ".sem and .scope go together: write both or neither"
    return None


_B64 = _type(("b64",))
_MB_SCOPE = Slot("scope", ("cta", "cluster"))
_MB_SPACES = ("shared", "shared::cta")
_MB_ALL_SPACES = ("shared", "shared::cta", "shared::cluster")
_MB_ADDR = Operand("addr", kind="addr", addr_offset=True)
_MB_CLUSTER_ADDR = Operand("addr", kind="addr", addr_offset=True)
_STATE_SINK = Operand("state", kind="imm", literal="_")
_U32 = "u32"


def _mb(name: str, slots: Tuple[Slot, ...], operands: Tuple[Operand, ...],
        check: Optional[Callable[[Modifiers], Optional[str]]] = _sem_with_scope) -> Entry:
    return Entry(f"mbarrier_{name}", "mbarrier", slots, operands, check)


def _action(name: str) -> Slot:
    return Slot("action", (name,), optional=False)


def _fixed(name: str, token: str) -> Slot:
    return Slot(name, (token,), optional=False)


def _arrivals() -> Tuple[Entry, ...]:
    """arrive and arrive_drop: with no count, a count, an expected transaction count, to a
    CTA of the cluster by mask (multicast), or returning the phase state."""
    found = []
    for action in ("arrive", "arrive_drop"):
        sem = Slot("sem", ("release", "relaxed"))
        local = Slot("space", _MB_ALL_SPACES)
        for suffix, extra in (("_nocount", ()), ("", (Operand("count", type=_U32),))):
            found.append(_mb(f"{action}{suffix}", (_action(action), sem, _MB_SCOPE, local, _B64),
                             (_STATE_SINK, _MB_ADDR, *extra)))
        found.append(_mb(f"{action}_expect_tx",
                         (_action(action), _fixed("expect_tx", "expect_tx"), sem, _MB_SCOPE,
                          local, _B64),
                         (_STATE_SINK, _MB_ADDR, Operand("tx_count", type=_U32))))
        release_cta = (_action(action), _fixed("nocomplete", "noComplete"),
                       Slot("sem", ("release",)), Slot("scope", ("cta",)),
                       Slot("space", _MB_SPACES), _B64)
        found.append(_mb(f"{action}_no_complete", release_cta,
                         (Operand("state", rw="rw", type="b64i"), _MB_ADDR,
                          Operand("count", type=_U32))))
        found.append(_mb(f"{action}_no_complete_sink", release_cta,
                         (_STATE_SINK, _MB_ADDR, Operand("count", type=_U32))))
        returning = (_action(action), sem, _MB_SCOPE, Slot("space", _MB_SPACES), _B64)
        state = Operand("state", rw="w", type="b64i")
        found.append(_mb(f"{action}_state", returning, (state, _MB_ADDR)))
        found.append(_mb(f"{action}_count_state", returning,
                         (state, _MB_ADDR, Operand("count", type=_U32))))
        found.append(_mb(f"{action}_expect_tx_state",
                         (_action(action), _fixed("expect_tx", "expect_tx"), sem, _MB_SCOPE,
                          Slot("space", _MB_SPACES), _B64),
                         (state, _MB_ADDR, Operand("count", type=_U32))))
    return tuple(found)


def _multicasts() -> Tuple[Entry, ...]:
    """The `.multicast::cluster::32b` forms: to the CTAs of the cluster a mask names."""
    mask = Operand("cta_mask", type=_U32)
    cluster = (_fixed("space", "shared::cluster"), _fixed("multicast", "multicast::cluster::32b"),
               _B64)
    relaxed = Slot("sem", ("relaxed",))
    found = [_mb(f"{action}_multicast32", (_action(action), relaxed, _MB_SCOPE, *cluster),
                 (_MB_CLUSTER_ADDR, Operand("tx_count", type=_U32), mask))
             for action in ("expect_tx", "complete_tx")]
    sem = Slot("sem", ("release", "relaxed"))
    for action in ("arrive", "arrive_drop"):
        found.append(_mb(f"{action}_multicast32_nocount",
                         (_action(action), sem, _MB_SCOPE, *cluster),
                         (_STATE_SINK, _MB_CLUSTER_ADDR, mask)))
        found.append(_mb(f"{action}_multicast32", (_action(action), sem, _MB_SCOPE, *cluster),
                         (_STATE_SINK, _MB_CLUSTER_ADDR, Operand("count", type=_U32), mask)))
    for action in ("arrive", "arrive_drop"):
        found.append(_mb(f"{action}_expect_tx_multicast32",
                         (_action(action), _fixed("expect_tx", "expect_tx"), sem, _MB_SCOPE,
                          *cluster),
                         (_STATE_SINK, _MB_CLUSTER_ADDR, Operand("tx_count", type=_U32), mask)))
    return tuple(found)


def _waits() -> Tuple[Entry, ...]:
    """test_wait and try_wait: of a phase state or a parity, reporting or not, with a time
    hint (try_wait)."""
    found = []
    done = Operand("wait_complete", rw="w", type="pred")
    reported = (Operand("report_predicate", rw="w", type="pred"),)
    value = Operand("report_value", rw="w", type="mbarrier_report_b8reg")
    hint = Operand("time_hint", type=_U32)
    sem = Slot("sem", ("acquire", "relaxed"))
    space = Slot("space", _MB_SPACES)
    for action in ("test_wait", "try_wait"):
        hinted = ((False, True) if action == "try_wait" else (False,))
        # Of a parity: a phase_type of either kind, optional.
        for with_hint in hinted:
            name = f"{action}_parity" + ("" if with_hint or action == "test_wait" else "_no_hint")
            found.append(_mb(name, (_action(action), _fixed("parity", "parity"),
                                    Slot("phase_type", ("phase_type::primary",
                                                        "phase_type::conditional")),
                                    sem, _MB_SCOPE, space, _B64),
                             (done, _MB_ADDR, Operand("phase", type=_U32),
                              *((hint,) if with_hint else ()))))
        # Of a phase state.
        for with_hint in hinted:
            name = action + ("_hint" if with_hint else "")
            found.append(_mb(name, (_action(action), Slot("phase_type", ("phase_type::primary",)),
                                    sem, _MB_SCOPE, space, _B64),
                             (done, _MB_ADDR, Operand("state", type="b64i"),
                              *((hint,) if with_hint else ()))))
        # Reporting (phase_type written), of a state or a parity.
        for parity in (False, True):
            phase = Operand("phase", type=_U32 if parity else "b64i")
            for with_value in (False, True):
                for with_hint in hinted:
                    name = (f"{action}{'_parity' if parity else ''}_report"
                            f"{'_value' if with_value else ''}{'_hint' if with_hint else ''}")
                    found.append(_mb(name, (_action(action),
                                            *((_fixed("parity", "parity"),) if parity else ()),
                                            _fixed("phase_type", "phase_type::primary"),
                                            sem, _MB_SCOPE, space, _B64),
                                     (done, *reported, *((value,) if with_value else ()),
                                      _MB_ADDR, phase, *((hint,) if with_hint else ()))))
    return tuple(found)


_MBARRIER = (
    _mb("init", (_action("init"), Slot("layout", ("layout::v0", "layout::v1")),
                 Slot("space", _MB_SPACES), _B64),
        (_MB_ADDR, Operand("count", type=_U32)), None),
    *_arrivals(),
    *_multicasts(),
    *_waits(),
    _mb("expect_tx", (_action("expect_tx"), Slot("sem", ("relaxed",)), _MB_SCOPE,
                      Slot("space", _MB_ALL_SPACES), _B64),
        (_MB_ADDR, Operand("tx_count", type=_U32))),
    _mb("complete_tx", (_action("complete_tx"), Slot("sem", ("relaxed",)), _MB_SCOPE,
                        Slot("space", _MB_ALL_SPACES), _B64),
        (_MB_ADDR, Operand("tx_count", type=_U32))),
    _mb("inval", (_action("inval"), Slot("space", _MB_SPACES), _B64), (_MB_ADDR,), None),
    _mb("pending_count", (_action("pending_count"), Slot("layout", ("layout::v0",)), _B64),
        (Operand("count", rw="w", type=_U32), Operand("state", type="b64i")), None),
    _mb("check_layout", (_action("check_layout"),
                         Slot("layout", ("layout::v0", "layout::v1"), optional=False),
                         Slot("space", ("shared::cta",)), _B64),
        (Operand("matches", rw="w", type="pred"), _MB_ADDR), None),
)

# --- barriers and fences (ISA 9.7.13.1, 9.7.13.2, 9.7.13.3, 9.7.13.4) ---------------------------


def _barriers(family: str) -> Tuple[Entry, ...]:
    """``bar`` and ``barrier`` (which adds ``.aligned``): sync and arrive on a named barrier of
    the CTA, with a thread count, and the reductions of a predicate over the CTA."""
    aligned = (Slot("aligned", ("aligned",)),) if family == "barrier" else ()
    cta = Slot("cta", ("cta",))
    a, b = Operand("a", type=_U32), Operand("b", type=_U32)
    c = Operand("c", type="pred")
    found = [Entry(f"{family}_sync", family, (cta, _action("sync"), *aligned), (a,)),
             Entry(f"{family}_sync_count", family, (cta, _action("sync"), *aligned), (a, b)),
             Entry(f"{family}_arrive", family, (cta, _action("arrive"), *aligned), (a, b))]
    for op, ty, dest in ((("popc",), "u32", _U32), (("and", "or"), "pred", "pred")):
        name = "popc" if ty == "u32" else "pred"
        slots = (cta, _action("red"), Slot("op", op, optional=False), *aligned, _type((ty,)))
        d = Operand("d", rw="w", type=dest)
        found += [Entry(f"{family}_red_{name}", family, slots, (d, a, c)),
                  Entry(f"{family}_red_{name}_count", family, slots, (d, a, b, c))]
    return tuple(found)


_BARRIERS = (
    *_barriers("bar"),
    Entry("bar_warp_sync", "bar", (_fixed("warp", "warp"), _action("sync")),
          (Operand("membermask", type=_U32),)),
    *_barriers("barrier"),
    Entry("barrier_cluster_arrive", "barrier",
          (_fixed("cluster", "cluster"), _action("arrive"), Slot("sem", ("release", "relaxed")),
           Slot("aligned", ("aligned",))), ()),
    Entry("barrier_cluster_wait", "barrier",
          (_fixed("cluster", "cluster"), _action("wait"), Slot("sem", ("acquire",)),
           Slot("aligned", ("aligned",))), ()),
)


def _proxy_space_rule(m: Modifiers) -> Optional[str]:
    if m["space"] and m["proxykind"] != "async":
        return f"fence.proxy.{m['proxykind']} takes no state space"
    return None


_FENCE_SCOPES = ("cta", "cluster", "gpu", "sys")
_PROXY = _fixed("proxy", "proxy")

_FENCES = (
    Entry("fence", "fence", (Slot("sem", ("sc", "acq_rel", "acquire", "release")),
                             Slot("scope", _FENCE_SCOPES, optional=False)), ()),
    Entry("fence_mbarrier_init", "fence",
          (_fixed("op_restrict", "mbarrier_init"), _fixed("sem", "release"),
           _fixed("scope", "cluster")), ()),
    Entry("fence_proxy", "fence",
          (_PROXY, Slot("proxykind", ("alias", "async"), optional=False),
           Slot("space", ("global", "shared::cta", "shared::cluster"))), (), _proxy_space_rule),
    Entry("fence_proxy_fabric", "fence",
          (_PROXY, Slot("direction", ("generic::fabric", "fabric::generic", "fabric::fabric"),
                        optional=False),
           _fixed("proxykind", "alias"), Slot("sem", ("acquire", "release"), optional=False),
           _fixed("scope", "sys")), ()),
    Entry("fence_proxy_tensormap_release", "fence",
          (_PROXY, _fixed("proxykind", "tensormap::generic"), _fixed("sem", "release"),
           Slot("scope", _FENCE_SCOPES, optional=False)), ()),
    Entry("fence_proxy_tensormap_acquire", "fence",
          (_PROXY, _fixed("proxykind", "tensormap::generic"), _fixed("sem", "acquire"),
           Slot("scope", _FENCE_SCOPES, optional=False)),
          (Operand("addr", kind="addr", addr_offset=True),
           Operand("size", kind="imm", literal="128"))),
)

# --- mapa, lop3 and multimem.ld_reduce (ISA 9.7.9.21, 9.7.9.6, 9.7.10.15) ------------------------

_MAPA = (
    Entry("mapa", "mapa", (Slot("space", ("shared::cluster",)), _type(("u64",))),
          (Operand("d", rw="w"), Operand("a", kind="ptr"), Operand("b", type=_U32))),
    Entry("mapa_u64_raw", "mapa", (_type(("u64",)),),
          (Operand("d", rw="w"), Operand("a", type="u64"), Operand("b", type=_U32))),
    Entry("mapa_u64_shared", "mapa", (_fixed("space", "shared::cluster"), _type(("u64",))),
          (Operand("d", rw="w"), Operand("a", type="u64"), Operand("b", type=_U32))),
    Entry("mapa_u32", "mapa", (_fixed("space", "shared::cluster"), _type(("u32",))),
          (Operand("d", rw="w"), Operand("a", type=_U32), Operand("b", type=_U32))),
)


def _lut_byte(operand: str, value: int) -> Optional[str]:
    if operand == "immLut" and not 0 <= value <= 255:
        return f"the lookup table `immLut` is one byte, 0 to 255, got {value}"
    return None


_LUT = Operand("immLut", kind="imm")
_ABC = (Operand("a"), Operand("b"), Operand("c"))
_LOP3 = (
    Entry("lop3", "lop3", (_type(("b32",)),), (Operand("d", rw="w"), *_ABC, _LUT),
          imm_check=_lut_byte),
    Entry("lop3_bool", "lop3", (Slot("boolop", ("or", "and"), optional=False), _type(("b32",))),
          (Operand("d", rw="w"), Operand("p", rw="w", type="pred"), *_ABC, _LUT,
           Operand("q", type="pred")), imm_check=_lut_byte),
    Entry("lop3_bool_sink", "lop3",
          (Slot("boolop", ("or", "and"), optional=False), _type(("b32",))),
          (Operand("d", kind="imm", literal="_"), Operand("p", rw="w", type="pred"), *_ABC, _LUT,
           Operand("q", type="pred")), imm_check=_lut_byte),
)

_MM_INT_OPS = {"min": ("u32", "u64", "s32", "s64"), "max": ("u32", "u64", "s32", "s64"),
               "add": ("u32", "u64", "s32"), "and": ("b32", "b64"), "or": ("b32", "b64"),
               "xor": ("b32", "b64")}
_MM_VEC_TYPES = {"": ("f16x2", "bf16x2", "f32", "f64"),
                 "v2": ("f16", "f16x2", "bf16", "bf16x2", "f32"),
                 "v4": ("f16", "f16x2", "bf16", "bf16x2", "f32"),
                 "v8": ("f16", "bf16")}


def _multimem_ordering(m: Modifiers) -> Optional[str]:
    """`.weak` is a line of its own with no scope; otherwise .sem and .scope go together."""
    if m["sem"] == "weak":
        return ".weak takes no scope" if m["scope"] else None
    return _sem_with_scope(m)


def _multimem_int_rule(m: Modifiers) -> Optional[str]:
    error = _multimem_ordering(m)
    if error:
        return error
    if m["type"] not in _MM_INT_OPS[m["op"]]:
        return f".{m['op']} takes {', '.join('.' + t for t in _MM_INT_OPS[m['op']])}"
    return None


def _multimem_float_rule(m: Modifiers) -> Optional[str]:
    """The width of the vector and the element together, min/max of halves only, `.acc::f32`
    on a sum of halves."""
    error = _multimem_ordering(m)
    if error:
        return error
    ty, vec, op = m["type"], m.get("vec", ""), m["op"]
    if ty not in _MM_VEC_TYPES[vec]:
        return (f"{'.' + vec if vec else 'the scalar form'} takes "
                f"{', '.join('.' + t for t in _MM_VEC_TYPES[vec])}")
    if op in ("min", "max") and ty in ("f32", "f64"):
        return f".{op} is for half precision; .{ty} takes .add"
    if m["acc"]:
        if ty in ("f32", "f64"):
            return f".acc::f32 widens a half accumulation; .{ty} is wider already"
        if op != "add":
            return ".acc::f32 is for .add"
    return None


_MM_SLOTS = (Slot("sem", ("weak", "relaxed", "acquire")), Slot("scope", _FENCE_SCOPES),
             Slot("space", ("global",)))
_MM_FLOATS = ("f16", "f16x2", "bf16", "bf16x2", "f32", "f64")
_MULTIMEM = (
    Entry("multimem_ld_reduce", "multimem_ld_reduce",
          (*_MM_SLOTS, Slot("op", tuple(_MM_INT_OPS), optional=False),
           _type(("b32", "b64", "u32", "u64", "s32", "s64"))),
          (Operand("d", rw="w"), Operand("addr", kind="addr", addr_offset=True)),
          _multimem_int_rule),
    Entry("multimem_ld_reduce_f", "multimem_ld_reduce",
          (*_MM_SLOTS, Slot("op", ("min", "max", "add"), optional=False),
           Slot("acc", ("acc::f32",)), _type(_MM_FLOATS)),
          (Operand("d", rw="w"), Operand("addr", kind="addr", addr_offset=True)),
          _multimem_float_rule),
    Entry("multimem_ld_reduce_f_vec", "multimem_ld_reduce",
          (*_MM_SLOTS, Slot("op", ("min", "max", "add"), optional=False),
           Slot("acc", ("acc::f32",)), _vec(("v2", "v4", "v8")), _type(_MM_FLOATS)),
          (Operand("d", rw="w", lanes=_vector_lanes),
           Operand("addr", kind="addr", addr_offset=True)), _multimem_float_rule),
)

# --- arithmetic: add, sub, mul, mad, fma, neg, ex2 (ISA 9.7.1, 9.7.3, 9.7.4) -------------------

_FRND = ("rn", "rz", "rm", "rp")
_WIDE = {"u16": "u32", "s16": "s32", "u32": "u64", "s32": "s64"}


def _wide(m: Modifiers) -> str:
    return _WIDE[m["type"]]


def _float_rule(m: Modifiers) -> Optional[str]:
    """The single and double precision lines: a half source only on the .f32 line (no .ftz),
    .ftz on .f32 and .f32x2, .sat on .f32."""
    ty, src = m["type"], m.get("srctype", "")
    if src:
        if ty != "f32":
            return f"a .{src} source is on the .f32 line only"
        if m["ftz"]:
            return f"the .f32.{src} line takes no .ftz"
        return None
    if m["ftz"] and ty == "f64":
        return ".ftz is for .f32 and .f32x2"
    if m["sat"] and ty != "f32":
        return ".sat is for .f32"
    return None


def _saturating(op: str) -> Callable[[Modifiers], Optional[str]]:
    def rule(m: Modifiers) -> Optional[str]:
        if not m["sat"] or m["type"] == "s32":
            return None
        return f"{op}.sat is .s32 only"
    return rule


def _mad_rule(m: Modifiers) -> Optional[str]:
    if m["sat"] and (m["mode"], m["type"]) != ("hi", "s32"):
        return "mad.sat is .hi.s32 only"
    return None


def _bf16_plain(m: Modifiers) -> Optional[str]:
    if m["type"].startswith("bf16") and (m["ftz"] or m.get("sat")):
        return f".{m['type']} takes no .ftz or .sat"
    return None


def _half_neg_rule(m: Modifiers) -> Optional[str]:
    if m["type"].startswith("bf16") and m["ftz"]:
        return f".{m['type']} takes no .ftz"
    return None


def _half_fma_rule(m: Modifiers) -> Optional[str]:
    error = _bf16_plain(m)
    if error:
        return error
    if m["oob"] and (m["ftz"] or m["sat"]):
        return "fma.oob takes .relu, not .ftz or .sat"
    if m["sat"] and m["relu"]:
        return ".sat and .relu exclude each other"
    return None


def _neg_rule(m: Modifiers) -> Optional[str]:
    if m["ftz"] and m["type"] != "f32":
        return ".ftz is for .f32"
    return None


def _half_ex2_rule(m: Modifiers) -> Optional[str]:
    if m["type"].startswith("bf16"):
        return None if m["ftz"] else "ex2.approx of .bf16 is written .ftz"
    if m["ftz"]:
        return f"ex2.approx of .{m['type']} takes no .ftz"
    return None


_HALVES = ("f16", "f16x2", "bf16", "bf16x2")
_D, _A, _B, _C_REG = (Operand("d", rw="w"), Operand("a"), Operand("b"), Operand("c"))


def _mixed(name: str, family: str, slots: Tuple[Slot, ...], with_b: bool = False) -> Entry:
    """A mixed-precision packed line: ``d`` of ``dtype``, ``a`` of ``atype``, ``c`` of
    ``ctype`` (and ``b`` of ``btype``)."""
    operands = (Operand("d", rw="w", type="dtype"), Operand("a", type="atype"),
                *((Operand("b", type="btype"),) if with_b else ()), Operand("c", type="ctype"))
    return Entry(name, family, slots, operands)


def _typed(name: str, choices: Tuple[str, ...]) -> Slot:
    return Slot(name, choices, optional=False)


def _mixed_lines() -> Tuple[Entry, ...]:
    up = (Slot("rnd", _FRND), _typed("dtype", ("f32x2",)), _typed("atype", ("f16x2", "bf16x2")),
          _typed("ctype", ("f32x2",)))
    down_f16 = (_fixed("rnd", "rz"), _fixed("ftz", "ftz"), _typed("dtype", ("f16x2",)),
                _typed("atype", ("f32x2",)), _typed("ctype", ("f32x2",)))
    down_bf16 = (_fixed("rnd", "rz"), _typed("dtype", ("bf16x2",)), _typed("atype", ("f32x2",)),
                 _typed("ctype", ("f32x2",)))
    found = [_mixed(f"{op}_mixed_vec_up", op, up) for op in ("add", "sub")]
    found += [_mixed(f"{op}_mixed_vec_down_f16", op, down_f16) for op in ("add", "sub")]
    found += [_mixed(f"{op}_mixed_vec_down_bf16", op, down_bf16) for op in ("add", "sub")]
    found.append(_mixed("fma_mixed_vec", "fma",
                        (_typed("rnd", _FRND), _typed("dtype", ("f32x2",)),
                         _typed("atype", ("f16x2", "bf16x2")), _typed("btype", ("f32x2",)),
                         _typed("ctype", ("f32x2",))), with_b=True))
    found += [
        _mixed("mul_mixed_vec_down_f16", "mul",
               (_fixed("ftz", "ftz"), _fixed("rnd", "rz"), _typed("dtype", ("f16x2",)),
                _typed("atype", ("f32x2",)), _typed("ctype", ("f32x2",)))),
        _mixed("mul_mixed_vec_down_bf16", "mul", down_bf16),
        _mixed("mul_mixed_vec_bf16_f16", "mul",
               (_typed("dtype", ("bf16x2",)), _typed("atype", ("bf16x2",)),
                _typed("ctype", ("f16x2",)))),
        _mixed("mul_mixed_vec_f16_bf16", "mul",
               (_typed("dtype", ("f16x2",)), _typed("atype", ("f16x2",)),
                _typed("ctype", ("bf16x2",)))),
    ]
    return tuple(found)


_INT_TYPES = ("u16", "u32", "u64", "s16", "s32", "s64")
_SAT = Slot("sat", ("sat",))
_FLOAT_LINE = (Slot("rnd", _FRND), _FTZ, _SAT)
_HALF_LINE = (Slot("rnd", ("rn",)), _FTZ, _SAT)
_SRC = Slot("srctype", ("f16", "bf16"))
_F = ("f32", "f64", "f32x2")

_ARITHMETIC = (
    *_mixed_lines(),
    Entry("add_int", "add",
          (_SAT, _type(("u16", "u32", "u64", "u16x2", "s16", "s32", "s64", "s16x2"))),
          (_D, _A, _B), _saturating("add")),
    Entry("sub_int", "sub", (_SAT, _type(_INT_TYPES)), (_D, _A, _B), _saturating("sub")),
    Entry("mul_int", "mul", (_typed("mode", ("hi", "lo")), _type(_INT_TYPES)), (_D, _A, _B)),
    Entry("mul_wide", "mul", (_fixed("mode", "wide"), _type(("u16", "s16", "u32", "s32"))),
          (Operand("d", rw="w", type=_wide), _A, _B)),
    Entry("mad_int", "mad", (_typed("mode", ("hi", "lo")), _SAT, _type(_INT_TYPES)),
          (_D, _A, _B, _C_REG), _mad_rule),
    Entry("mad_wide", "mad", (_fixed("mode", "wide"), _type(("u16", "s16", "u32", "s32"))),
          (Operand("d", rw="w", type=_wide), _A, _B, Operand("c", type=_wide))),
    Entry("neg_int", "neg", (_type(("s16", "s32", "s64")),), (_D, _A)),
    Entry("add", "add", (*_FLOAT_LINE, _type(_F), _SRC),
          (_D, Operand("a", type="srctype"), _B), _float_rule),
    Entry("sub", "sub", (*_FLOAT_LINE, _type(_F), _SRC),
          (_D, Operand("a", type="srctype"), _B), _float_rule),
    Entry("mul", "mul", (*_FLOAT_LINE, _type(_F)), (_D, _A, _B), _float_rule),
    Entry("fma", "fma", (_typed("rnd", _FRND), _FTZ, _SAT, _type(_F), _SRC),
          (_D, Operand("a", type="srctype"), Operand("b", type="srctype"), _C_REG), _float_rule),
    Entry("mad_f", "mad", (_typed("rnd", _FRND), _FTZ, _SAT, _type(("f32", "f64"))),
          (_D, _A, _B, _C_REG), _float_rule),
    Entry("neg", "neg", (_FTZ, _type(("f32", "f64"))), (_D, _A), _neg_rule),
    Entry("ex2", "ex2", (_fixed("mode", "approx"), _FTZ, _type(("f32",))),
          (_D, Operand("value"))),
    Entry("add_half", "add", (*_HALF_LINE, _type(_HALVES)), (_D, _A, _B), _bf16_plain),
    Entry("sub_half", "sub", (*_HALF_LINE, _type(_HALVES)), (_D, _A, _B), _bf16_plain),
    Entry("mul_half", "mul", (*_HALF_LINE, _type(_HALVES)), (_D, _A, _B), _bf16_plain),
    Entry("fma_half", "fma",
          (_fixed("rnd", "rn"), _FTZ, _SAT, Slot("oob", ("oob",)), Slot("relu", ("relu",)),
           _type(_HALVES)), (_D, _A, _B, _C_REG), _half_fma_rule),
    Entry("neg_half", "neg", (_FTZ, _type(_HALVES)), (_D, _A), _half_neg_rule),
    Entry("ex2_half", "ex2", (_fixed("mode", "approx"), _FTZ, _type(_HALVES)),
          (_D, Operand("value")), _half_ex2_rule),
)

_MOV = (
    Entry("mov", "mov", (_type(("pred", "b16", "b32", "b64", "u16", "u32", "u64", "s16", "s32",
                                "s64", "f32", "f64")),),
          (Operand("d", rw="w"), Operand("a"))),
    *_packing("b16x2", "b32", "b16", 2),
    *_packing("b32x2", "b64", "b32", 2),
    *_packing("b16x4", "b64", "b16", 4),
    *_packing("b64x2", "b128", "b64", 2),
    *_packing("b32x4", "b128", "b32", 4),
)

ENTRIES: Tuple[Entry, ...] = (
    Entry("ld_proxy_readonly", "ld",
          (Slot("space", ("global",)), _type(_SCALAR_TYPES),
           Slot("proxy", ("proxy::readonly",), optional=False)),
          (Operand("d", rw="w", dtypes=_memory_dtypes), _ADDRESS)),
    Entry("ld", "ld",
          (_MMIO, _LD_SEM, _SCOPE, Slot("space", _SPACES), _LD_COP, _NC, _L1_EVICTION,
           _CACHE_HINT, _PREFETCH, _type((*_SCALAR_TYPES, "b128"))),
          (Operand("d", rw="w", dtypes=_memory_dtypes), _ADDRESS, _CACHE_POLICY), _ld_rule),
    Entry("ld_vec", "ld",
          (_LD_SEM, _SCOPE, Slot("space", _SPACES), _LD_COP, _NC, _L1_EVICTION, _CACHE_HINT,
           _PREFETCH, _vec(("v2", "v4")), _type(_SCALAR_TYPES)),
          (Operand("d", rw="w", lanes=_vector_lanes, dtypes=_memory_dtypes), _ADDRESS,
           _CACHE_POLICY), _first(_vector_128, _ld_rule)),
    Entry("ld_vec256", "ld",
          (_LD_SEM, _SCOPE, Slot("space", ("global",)), _LD_COP, _NC, _L1_EVICTION,
           _L2_EVICTION, _CACHE_HINT, _PREFETCH, _vec(("v4", "v8")),
           _type((*_BITS32, *_BITS64))),
          # A lane may be `T.ptx.SINK`: the ISA allows `_` on exactly the 256-bit pairings.
          (Operand("d", rw="w", lanes=_vector_lanes, sinkable=True), _ADDRESS, _CACHE_POLICY),
          _first(_vector_256, _ld_rule)),
    Entry("st", "st",
          (_MMIO, _ST_SEM, _SCOPE, Slot("space", _SPACES), _ST_COP, _L1_EVICTION, _CACHE_HINT,
           _type((*_SCALAR_TYPES, "b128"))),
          (_ADDRESS, Operand("value", dtypes=_memory_dtypes), _CACHE_POLICY), _st_rule),
    Entry("st_vec", "st",
          (_ST_SEM, _SCOPE, Slot("space", _SPACES), _ST_COP, _L1_EVICTION, _CACHE_HINT,
           _vec(("v2", "v4")), _type(_SCALAR_TYPES)),
          (_ADDRESS, Operand("value", lanes=_vector_lanes, dtypes=_vector_store_dtypes),
           _CACHE_POLICY), _first(_vector_128, _st_rule)),
    Entry("st_vec256", "st",
          (_ST_SEM, _SCOPE, Slot("space", ("global",)), _ST_COP, _L1_EVICTION, _L2_EVICTION,
           _CACHE_HINT, _vec(("v4", "v8")), _type((*_BITS32, *_BITS64))),
          (_ADDRESS, Operand("value", lanes=_vector_lanes, sinkable=True), _CACHE_POLICY),
          _first(_vector_256, _st_rule)),
    *_MOV,
    *_COMPARES,
    *_MBARRIER,
    *_BARRIERS,
    *_FENCES,
    *_MAPA,
    *_LOP3,
    *_MULTIMEM,
    *_ARITHMETIC,
)
"""Every entry ours builds, by family in the order the reference tries them."""

_CARRIERS = {"pred": "uint32", "f16": "uint16", "bf16": "uint16", "f16x2": "uint32",
             "bf16x2": "uint32", "mbarrier_report_b8reg": "uint8", "f32x2": "uint64",
             "u16x2": "uint32", "s16x2": "uint32"}
_INTEGER_ONLY = {"b32i": ("uint32", "int32"), "b64i": ("uint64", "int64")}
"""Bit-size types whose register is an integer (a float one does not assemble there: the
mbarrier phase state)."""
"""The PTX types a register of another class carries: a predicate is materialised as a uint32,
a half type's bits as an integer."""


def type_dtypes(token: str) -> Tuple[str, ...]:
    """The dtypes of a register of exactly the PTX type ``token``, canonical first: ``.bN`` any
    class of its width, ``.uN``/``.sN``/``.fN`` its own."""
    if token in _CARRIERS:
        return (_CARRIERS[token],)
    if token in _INTEGER_ONLY:
        return _INTEGER_ONLY[token]
    kind, width = token[0], int(token[1:])
    if kind == "b":
        return (f"uint{width}", f"int{width}", *_FLOATS.get(width, ()))
    return ({"u": f"uint{width}", "s": f"int{width}", "f": f"float{width}"}[kind],)


def operand_type(operand: Operand, m: Modifiers) -> str:
    """The PTX type token of a register operand under the modifiers."""
    if callable(operand.type):
        return operand.type(m)
    key = operand.type or "type"
    if key in m:
        return m[key] or m["type"]
    return key


def operand_dtypes(operand: Operand, m: Modifiers) -> Tuple[str, ...]:
    """The dtypes ``operand`` takes under the modifiers, canonical first."""
    if operand.dtypes is not None:
        return operand.dtypes(m)
    return type_dtypes(operand_type(operand, m))


def lanes_of(operand: Operand, m: Modifiers) -> int:
    """How many arguments the operand takes (none for one the table writes itself)."""
    if operand.literal is not None:
        return 0
    return operand.lanes(m) if callable(operand.lanes) else operand.lanes


def families() -> Dict[str, Tuple[Entry, ...]]:
    """The entries of each family, in table order."""
    found: Dict[str, Tuple[Entry, ...]] = {}
    for entry in ENTRIES:
        found[entry.family] = (*found.get(entry.family, ()), entry)
    return found


__all__ = ["ENTRIES", "Entry", "Modifiers", "Operand", "Slot", "families", "lanes_of",
           "memory_dtypes", "operand_dtypes", "operand_type", "type_dtypes"]
