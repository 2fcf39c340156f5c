"""``T.ptx``: PTX instructions by their text (issue 23, item 2), as the reference reads them.

``T.ptx.ld.global_.acquire.gpu.b32(u, A.data)``: the first name is the instruction's family,
each further one a modifier that fills one of the family's open modifier slots, in any order (a
Python keyword takes a trailing ``_``, ``::`` is written ``__``: ``shared__cta``);
``T.ptx["ld.global.acquire.gpu.b32"]`` is the same chain by its PTX text. The call picks the
family's entry (tirx_ptx_table.py) whose operands the arguments fit and builds its op
``tirx.ptx.<entry>``: a void statement whose arguments are the operands (destinations are
operands too: writable scalars or tensor elements), the predicate when ``pred=`` gives one, one
string per modifier slot (``""`` for one left out) and a marker (``"pred"`` when predicated),
which is also how the call prints (``T.ptx.ld(u[0], A.data, "", "acquire", ...)``) and reads
back. Operands are converted as the reference converts them: a literal takes the operand's
dtype, a pointer to a shared address becomes ``T.cuda.cvta_generic_to_shared(p)``, a uint64
address a pointer (``T.reinterpret``), and ``T.ptx.addr(base, byte_offset)`` an address with an
offset.

A ``.pred`` operand is a bool expression, or an integer one written ``T.ptx.pred(x)``; a
``.pred`` result a uint32 scalar; ``T.ptx.SINK`` stands for PTX's ``_`` at a destination lane
the instruction discards. The marker records what the printed arguments do not say
(``"pred"``, ``"p<i>"`` for a ``.pred`` operand, ``"s<i>"`` for a sunk lane). A family the table
does not have is not analysed yet (an information), as is ``preserve_dst=``.
"""

from __future__ import annotations

import keyword
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import tvm_ffi

from .. import IntImm, TensorLoad
from .. import ir as _ir
from .builder import INTEGER_DTYPES
from .recorded import NotAnalysedYet
from .tirx_backend_namespace import BackendNamespace, PublicNames
from .tirx_intrinsics import intrinsic_call, refines_intrinsic_as
from .tirx_ptx_table import Entry, Operand, families, lanes_of, operand_dtypes, operand_type

_make_const = tvm_ffi.get_global_func("tirx.make_const")

_INT32_RANGE = (-(1 << 31), (1 << 31) - 1)
_SHARED_SCOPES = ("shared", "shared.dyn")

Candidate = Tuple[Entry, Tuple[Optional[str], ...]]
"""An entry and its slots' tokens so far (None: still open)."""


def unescape(name: str) -> str:
    """A Python name as the PTX token it spells: ``shared__cta`` -> ``shared::cta``,
    ``global_`` -> ``global``."""
    token = name.replace("__colon__", "\0").replace("__", "::").replace("\0", ":")
    return token[:-1] if token.endswith("_") else token


def escape(token: str) -> str:
    """The Python name of a PTX token (the inverse of ``unescape``)."""
    name = token.replace("::", "__").replace(":", "__colon__")
    return name + "_" if keyword.iskeyword(name) else name


def _text(family: str, candidates: Sequence[Candidate]) -> str:
    _, filled = candidates[0]
    return ".".join([family, *(t for t in filled if t)])


def _narrow(family: str, candidates: Sequence[Candidate], token: str) -> List[Candidate]:
    """The candidates that take ``token`` in an open slot (the first one listing it);
    AttributeError when none does."""
    found = []
    for entry, filled in candidates:
        for i, slot in enumerate(entry.slots):
            if filled[i] is None and token in slot.choices:
                found.append((entry, (*filled[:i], token, *filled[i + 1:])))
                break
    if not found:
        raise AttributeError(f"`{token}` is not a modifier `T.ptx.{_text(family, candidates)}` "
                             "takes")
    return found


class AddrArg:
    """``T.ptx.addr(base, byte_offset)``: an address operand ``[base+byte_offset]``, made the
    ``tirx.ptx.addr`` call once an operand that allows an offset takes it."""

    __slots__ = ("base", "byte_offset")

    def __init__(self, base: Any, byte_offset: Any) -> None:
        if isinstance(base, AddrArg):
            raise ValueError("`T.ptx.addr` cannot be nested")
        self.base = base
        self.byte_offset = _byte_offset(byte_offset)


def _dtype_of(value: Any) -> Optional[str]:
    ty = getattr(value, "ty", None)
    return str(ty.dtype) if isinstance(ty, _ir.PrimType) else None


def _byte_offset(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("The byte offset of `T.ptx.addr` is a signed int32, not a bool")
    if isinstance(value, IntImm) and _dtype_of(value) in INTEGER_DTYPES:
        value = value.value
    if isinstance(value, int):
        if not _INT32_RANGE[0] <= value <= _INT32_RANGE[1]:
            raise ValueError(f"The byte offset of `T.ptx.addr` ({value}) is out of the int32 "
                             "range")
        return _make_const(_ir.PrimType("int32"), value)
    if _dtype_of(value) in INTEGER_DTYPES:
        return value  # an unrolled loop makes it a constant before code generation
    raise ValueError(f"The byte offset of `T.ptx.addr` is an integer, got "
                     f"`{_dtype_of(value) or type(value).__name__}`")


@refines_intrinsic_as("ptx.addr")
def addr(base: Any, byte_offset: Any) -> AddrArg:
    """``T.ptx.addr(base, byte_offset)``: the address ``base`` plus ``byte_offset`` bytes, for
    an address operand that takes an offset (which makes it the call ``tirx.ptx.addr``)."""
    return AddrArg(base, byte_offset)


class PredArg:
    """``T.ptx.pred(x)``: the operand ``x`` (an integer or bool expression) is a ``.pred``
    register. A tag for choosing the entry, never a conversion."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


def pred(value: Any) -> PredArg:
    """``T.ptx.pred(x)``: ``x`` is a ``.pred`` operand (a bool, uint32 or int32 expression)."""
    return PredArg(value)


class Sink:
    """``T.ptx.SINK``: PTX's ``_`` at one destination lane (a lane the instruction discards)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "T.ptx.SINK"


SINK = Sink()


class _MissingModifier(ValueError):
    """A candidate entry needs a modifier the chain does not give."""


class _Emitter:
    """Builds the call of one candidate entry from the operands, or raises ValueError."""

    def __init__(self, entry: Entry, filled: Tuple[Optional[str], ...]) -> None:
        self.entry = entry
        self.where = f"`T.ptx.{_text(entry.family, [(entry, filled)])}`"
        missing = [s for s, t in zip(entry.slots, filled) if t is None and not s.optional]
        if missing:
            raise _MissingModifier(f"{self.where} needs the modifier `{missing[0].name}` (one of "
                                   f"{', '.join(missing[0].choices)})")
        self.mods: Dict[str, str] = {s.name: t or "" for s, t in zip(entry.slots, filled)}
        error = entry.check(self.mods) if entry.check is not None else None
        if error:
            raise ValueError(f"{self.where}: {error}")

    def call(self, operands: Sequence[Any], pred: Any) -> Any:
        layout = [(operand, lanes_of(operand, self.mods)) for operand in self.entry.operands]
        expected = sum(n for _, n in layout)
        if len(operands) != expected:
            names = ", ".join(f"{o.name}[{n}]" if n > 1 else o.name for o, n in layout if n)
            raise ValueError(f"{self.where} takes {expected} operands ({names}), got "
                             f"{len(operands)}")
        args: List[Any] = []
        flags: List[str] = ["pred"] if pred is not None else []
        sunk: List[str] = []
        start = 0
        for operand, lanes in layout:
            if not lanes:
                continue  # left out (a cache policy without its hint), or written by the table
            values = list(operands[start:start + lanes])
            kept = self._sinks(operand, values, start, sunk)
            if self._is_predicate(operand) and operand.rw == "r" and lanes:
                flags.append(f"p{start}")
            args += self._operand(operand, kept)
            start += lanes
        if pred is not None:
            args.append(self._predicate(pred))
        marker = ",".join(flags + sunk)
        return intrinsic_call(f"ptx.{self.entry.name}", [*args, *self.mods.values(), marker])

    def _sinks(self, operand: Operand, values: List[Any], start: int,
               sunk: List[str]) -> List[Any]:
        """The lanes that are not ``T.ptx.SINK`` (each sunk lane is recorded as ``s<i>``)."""
        lanes = [i for i, v in enumerate(values) if isinstance(v, Sink)]
        if not lanes:
            return values
        if not operand.sinkable:
            raise ValueError(f"{self.where}: operand `{operand.name}` takes no `T.ptx.SINK`")
        if len(lanes) == len(values):
            raise ValueError(f"{self.where}: a lane of `{operand.name}` must be a register")
        sunk += [f"s{start + i}" for i in lanes]
        return [v for v in values if not isinstance(v, Sink)]

    def _is_predicate(self, operand: Operand) -> bool:
        return operand.kind == "reg" and operand_type(operand, self.mods) == "pred"

    def _predicate(self, pred: Any) -> Any:
        if isinstance(pred, bool):
            return _make_const(_ir.PrimType("bool"), pred)
        if _dtype_of(pred) in ("bool", "uint32", "int32"):
            return pred
        raise ValueError(f"{self.where}: `pred=` is a bool, uint32 or int32 expression")

    def _operand(self, operand: Operand, values: List[Any]) -> List[Any]:
        offsets = [v for v in values if isinstance(v, AddrArg)]
        if offsets:
            if operand.kind != "addr" or not operand.addr_offset:
                raise ValueError(f"{self.where}: operand `{operand.name}` takes no "
                                 "`T.ptx.addr(...)`")
            base = self._address(operand, offsets[0].base)
            return [intrinsic_call("ptx.addr", [base, offsets[0].byte_offset])]
        if operand.kind == "addr":
            return [self._address(operand, v) for v in values]
        if operand.kind == "ptr":
            return [self._pointer(operand, v) for v in values]
        if operand.kind == "imm":
            return [self._immediate(operand, v) for v in values]
        tagged = any(isinstance(v, PredArg) for v in values)
        if self._is_predicate(operand):
            return [self._predicate_operand(operand, v) for v in values]
        if tagged:
            raise ValueError(f"{self.where}: operand `{operand.name}` is no .pred operand, so "
                             "it takes no `T.ptx.pred(...)`")
        return self._typed(operand, values)

    def _pointer(self, operand: Operand, value: Any) -> Any:
        if isinstance(getattr(value, "ty", None), _ir.PointerType):
            return value
        raise ValueError(f"{self.where}: operand `{operand.name}` is a pointer")

    def _immediate(self, operand: Operand, value: Any) -> Any:
        """A constant written into the instruction's text: an int32 constant (an integer
        expression is kept for an unrolled loop to make constant before code generation)."""
        if isinstance(value, IntImm) and _dtype_of(value) in INTEGER_DTYPES:
            value = value.value
        if not isinstance(value, int) or isinstance(value, bool):
            if _dtype_of(value) in INTEGER_DTYPES:
                return value
            raise ValueError(f"{self.where}: operand `{operand.name}` is written in the "
                             "instruction: a constant integer, got "
                             f"`{_dtype_of(value) or type(value).__name__}`")
        rule = self.entry.imm_check
        error = rule(operand.name, value) if rule is not None else None
        if error:
            raise ValueError(f"{self.where}: {error}")
        return _make_const(_ir.PrimType("int32"), value)

    def _predicate_operand(self, operand: Operand, value: Any) -> Any:
        """A ``.pred`` register: written, a uint32 scalar that receives 0 or 1; read, a bool
        expression, or an integer one tagged ``T.ptx.pred(x)``."""
        if operand.rw != "r":
            if isinstance(value, TensorLoad) and _dtype_of(value) == "uint32":
                return value
            raise ValueError(f"{self.where}: `{operand.name}` is a .pred result: a writable "
                             "uint32 scalar or tensor element (such as `ok: T.uint32`)")
        tagged = isinstance(value, PredArg)
        if tagged:
            value = value.value
        if isinstance(value, bool) or (tagged and isinstance(value, int)):
            return _make_const(_ir.PrimType("uint32"), int(value))
        allowed = ("bool", "uint32", "int32") if tagged else ("bool",)
        if _dtype_of(value) in allowed:
            return value
        if tagged:
            raise ValueError(f"{self.where}: `T.ptx.pred(...)` takes a bool, uint32 or int32 "
                             f"expression, got `{_dtype_of(value) or type(value).__name__}`")
        raise ValueError(f"{self.where}: `{operand.name}` is a .pred operand: a bool "
                         "expression, or an integer one written `T.ptx.pred(x)`")

    def _address(self, operand: Operand, value: Any) -> Any:
        ty = getattr(value, "ty", None)
        space = self.mods.get("space", "")
        pointer = isinstance(ty, _ir.PointerType)
        if space.startswith("shared"):
            if pointer:
                return intrinsic_call("cuda.cvta_generic_to_shared", [value])
            if _dtype_of(value) == "uint32":
                return value  # a shared-window address already
            raise ValueError(f"{self.where}: operand `{operand.name}` is a shared pointer or a "
                             "uint32 shared address")
        if pointer:
            if str(ty.scope) in _SHARED_SCOPES:
                raise ValueError(f"{self.where}: operand `{operand.name}` is a "
                                 f"{space or 'generic'} address, got a shared pointer")
            return value
        if _dtype_of(value) == "uint64":
            # A 64-bit address held as an integer (`T.address_of` of a tensor map).
            return intrinsic_call("reinterpret", [value],
                                  ty=_ir.PointerType(_ir.PrimType("void"), "global"))
        if _dtype_of(value) == "uint32":
            raise ValueError(f"{self.where}: a uint32 address needs a shared state space")
        raise ValueError(f"{self.where}: operand `{operand.name}` is a pointer or a uint64 "
                         "address")

    def _typed(self, operand: Operand, values: List[Any]) -> List[Any]:
        allowed = operand_dtypes(operand, self.mods)
        role = "destination" if operand.rw == "w" else "operand"
        if operand.rw == "w":
            for value in values:
                if not isinstance(value, TensorLoad):
                    raise ValueError(f"{self.where}: destination `{operand.name}` is a writable "
                                     f"scalar or tensor element (such as `d: T.{allowed[0]}`), "
                                     f"got `{type(value).__name__}`")
        # A literal names no dtype; a value of no primitive type (a pointer) names its kind,
        # which no register operand takes.
        carried = sorted({d for d in (None if isinstance(v, (int, float))
                                      else _dtype_of(v) or type(v).__name__ for v in values)
                          if d is not None})
        if len(carried) > 1:
            raise ValueError(f"{self.where}: the lanes of {role} `{operand.name}` have one "
                             f"dtype, got {', '.join(carried)}")
        dtype = carried[0] if carried else allowed[0]
        if dtype not in allowed:
            raise ValueError(f"{self.where}: {role} `{operand.name}` is one of "
                             f"{', '.join(allowed)}, got {dtype}")
        for value in values:
            if isinstance(value, float) and not dtype.startswith("float"):
                raise ValueError(f"{self.where}: the float literal {value!r} of {role} "
                                 f"`{operand.name}` ({', '.join(allowed)}) would lose its "
                                 f"meaning: write the constant as `T.{dtype}(...)` or a float "
                                 "type's bits")
        return [_make_const(_ir.PrimType(dtype), v) if isinstance(v, (int, float)) else v
                for v in values]


class Chain:
    """``T.ptx.ld.global_``: a family and the modifiers so far, as candidate entries."""

    __tvm_script_members__ = PublicNames()
    __slots__ = ("_family", "_candidates")

    def __init__(self, family: str, candidates: Sequence[Candidate]) -> None:
        object.__setattr__(self, "_family", family)
        object.__setattr__(self, "_candidates", tuple(candidates))

    def __getattr__(self, name: str) -> "Chain":
        if name.startswith("_"):
            raise AttributeError(name)
        family = object.__getattribute__(self, "_family")
        candidates = object.__getattribute__(self, "_candidates")
        return Chain(family, _narrow(family, candidates, unescape(name)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("A `T.ptx` instruction is read-only")

    def __call__(self, *args: Any, pred: Any = None, preserve_dst: bool = False) -> Any:
        if preserve_dst:
            raise NotAnalysedYet("`T.ptx` with `preserve_dst=True` is not analysed yet")
        family, candidates = self._family, list(self._candidates)
        operands, tokens, marker = _split_printed(args)
        if "pred" in marker and pred is None and operands:
            operands, pred = operands[:-1], operands[-1]
        operands = _restore_marked(operands, marker)
        for token in tokens:
            if token:
                candidates = _narrow(family, candidates, token)
        built, errors = [], []
        for entry, filled in candidates:
            try:
                built.append(_Emitter(entry, filled).call(operands, pred))
            except ValueError as error:
                errors.append(error)
        if len(built) == 1:
            return built[0]
        if built:
            raise AssertionError(f"{len(built)} entries of `T.ptx.{family}` take the same call")
        # The forms whose modifiers the chain gives say why they refuse the operands; the others
        # only that a modifier is missing (the first of them, when no form has its modifiers).
        refused = [e for e in errors if not isinstance(e, _MissingModifier)] or errors[:1]
        reasons = list(dict.fromkeys(str(e) for e in refused))  # each reason once, in order
        if len(reasons) == 1:
            raise ValueError(reasons[0]) from None
        raise ValueError(f"No form of `T.ptx.{_text(family, candidates)}` takes these operands: "
                         + "; ".join(reasons))

    def __dir__(self) -> List[str]:
        return sorted({escape(token) for entry, filled in self._candidates
                       for slot, token in zip(entry.slots, filled) if token is None
                       for token in slot.choices})

    def __repr__(self) -> str:
        return f"T.ptx.{_text(self._family, self._candidates)}"


def _restore_marked(operands: List[Any], marker: List[str]) -> List[Any]:
    """What the printed form's marker says the arguments do not: the sunk lanes (``s<i>``,
    which left no argument, put back first in ascending order) and the ``.pred`` operands
    (``p<i>``)."""
    if any(f != "pred" and (f[:1] not in ("p", "s") or not f[1:].isdigit()) for f in marker):
        raise ValueError(f"The marker of a printed `T.ptx` call is flags such as \"pred\", "
                         f"\"p1\" or \"s0\", got \"{','.join(marker)}\"")
    restored = list(operands)
    for index in sorted(int(f[1:]) for f in marker if f.startswith("s") and f[1:].isdigit()):
        restored.insert(index, SINK)
    for flag in marker:
        if flag.startswith("p") and flag != "pred":
            index = int(flag[1:])
            if index >= len(restored):
                raise ValueError(f"The marker of a printed `T.ptx` call tags operand {index} of "
                                 f"{len(restored)}")
            restored[index] = PredArg(restored[index])
    return restored


def _split_printed(args: Sequence[Any]) -> Tuple[List[Any], List[str], List[str]]:
    """The printed form's parts: the operands, the modifier tokens and the marker's flags (a
    call written with a chain has no trailing strings)."""
    split = len(args)
    while split > 0 and isinstance(args[split - 1], str):
        split -= 1
    trailing = list(args[split:])
    if not trailing:
        return list(args), [], []
    *tokens, marker = trailing
    return list(args[:split]), tokens, [f for f in marker.split(",") if f]


class PtxNamespace(BackendNamespace):
    """``T.ptx``: the families of tirx_ptx_table.py, ``T.ptx.addr`` and the text form."""

    __slots__ = ()

    def __getitem__(self, text: Any) -> Any:
        if not isinstance(text, str):
            raise TypeError(f"`T.ptx[...]` takes an instruction's PTX text, got "
                            f"`{type(text).__name__}`")
        family, _, rest = text.partition(".")
        chain = object.__getattribute__(self, "_members").get(family)
        if not isinstance(chain, Chain):
            raise NotAnalysedYet("`T.ptx[...]` (an instruction by its PTX text) is not "
                                 f"analysed yet for `{family}`")
        for token in rest.split(".") if rest else []:
            try:
                chain = getattr(chain, escape(token))
            except AttributeError as error:
                raise KeyError(str(error)) from None
        return chain


def ptx_namespace(intrinsics: Mapping[str, Callable[..., Any]]) -> PtxNamespace:
    """``T.ptx``: a chain per family of the table (each entry's op registered under
    ``intrinsics``, the ``ptx.`` intrinsics by leaf name), and ``T.ptx.addr``."""
    members: Dict[str, Any] = {"addr": intrinsics["addr"], "pred": pred, "SINK": SINK}
    for family, entries in families().items():
        unknown = [e.name for e in entries if e.name not in intrinsics]
        if unknown:
            raise ValueError(f"`T.ptx.{family}` has entries of no registered op: {unknown}")
        members[family] = Chain(family, [(e, (None,) * len(e.slots)) for e in entries])
    return PtxNamespace("ptx", members)


__all__ = ["AddrArg", "Chain", "PredArg", "PtxNamespace", "SINK", "Sink", "addr", "escape", "pred",
           "ptx_namespace", "unescape"]
