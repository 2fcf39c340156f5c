"""The tensor type of a buffer declaration in Apache TVM's spelling (``T.Buffer``,
``T.match_buffer``, ``T.alloc_buffer``, ``T.sblock_alloc_buffer`` ...), string extents
(``"n + 1"``) and the signature symbols they name.

Apart from tirx_legacy.py because S-TIR blocks (tirx_sblock.py) declare buffers too, and
tirx_legacy.py uses the blocks' regions.
"""

from __future__ import annotations

import ast
import operator
from typing import Any, Callable, Dict, Sequence

from tvm_ffi import get_global_func

from .. import ir as _ir
from . import tirx_builder as _tb
from .builder import INTEGER_DTYPES
from .recorded import NoEquivalentYet
from .tirx_layout import apache_layout
from .tirx_scalars import ScalarType

_signature_symbols = get_global_func("tirx.builder.SignatureSymbols")
_string_symbol = get_global_func("tirx.builder.StringSymbol")
_signature_dtypes = get_global_func("tirx.builder.SignatureDtypes")
_signature_dtype = get_global_func("tirx.builder.SignatureDtype")

# Arguments of Apache TVM's buffers that a TIRx tensor type cannot hold, with the values that
# mean "nothing special" (accepted and dropped).
_NO_EQUIVALENT_DEFAULTS: Dict[str, tuple] = {
    "data": (None,),
    "byte_offset": (None,),
    "offset_factor": (0, 1),  # 1: every offset is a multiple of 1, so no constraint either
    "buffer_type": ("", "default"),
    "axis_separators": (None, (), []),
    "allocated_addr": (None,),  # Apache TVM 0.27's device allocation at a fixed address
}

_STRING_OPERATORS: Dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}


def _is_default(value: Any, defaults: tuple) -> bool:
    for default in defaults:
        if value is default:
            return True
        if type(value) is type(default) and not isinstance(value, _ir.Expr) and value == default:
            return True
    return False


def _check_no_equivalent(what: str, options: Dict[str, Any]) -> None:
    for name, value in options.items():
        if not _is_default(value, _NO_EQUIVALENT_DEFAULTS[name]):
            raise NoEquivalentYet(f"`{what}`: argument `{name}` has no equivalent in TIRx "
                                  f"tensors (got {value!r})")


class _StringShapes:
    """Reads string extents (``"n"``, ``"n + 1"``) over symbols, without running Python.

    Names resolve to the symbols of the function signature being built (scalar integer
    parameters and the variables in earlier parameters' types); the first occurrence of any
    other name creates a symbol that later extents and parameters share, of the dtype of the
    scalar parameter of its name (``signature_dtypes_``), else int32.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self.symbols: Dict[str, Any] = dict(_signature_symbols().items())

    def extent(self, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            tree = ast.parse(value.strip(), mode="eval")
        except SyntaxError:
            raise self._error(value) from None
        return self._evaluate(tree.body, value)

    def _error(self, text: str) -> ValueError:
        return ValueError(f"`{self.what}` cannot read the extent {text!r}: a string extent holds "
                          "only names, integers (`8`, `T.int64(8)`), parentheses and + - * // %")

    def _evaluate(self, node: ast.expr, text: str) -> Any:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            symbol = self.symbols.get(node.id)
            if symbol is None:
                symbol = self.symbols[node.id] = _tb.dynamic(node.id, _signature_dtype(node.id))
                _string_symbol(node.id, symbol)
            return symbol
        if isinstance(node, ast.BinOp) and type(node.op) in _STRING_OPERATORS:
            return _STRING_OPERATORS[type(node.op)](self._evaluate(node.left, text),
                                                    self._evaluate(node.right, text))
        typed = _typed_integer(node)
        if typed is not None:  # `"n * T.int64(8)"`, as 0.27 prints an int64 extent
            return typed
        raise self._error(text)


def _typed_integer(node: ast.expr) -> Any:
    """``X.int64(8)`` in a string extent: that constant (X is not looked up: nothing runs)."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and
            isinstance(node.func.value, ast.Name) and node.func.attr in INTEGER_DTYPES and
            len(node.args) == 1 and not node.keywords):
        return None
    argument = node.args[0]
    negative = isinstance(argument, ast.UnaryOp) and isinstance(argument.op, ast.USub)
    if negative:
        argument = argument.operand  # type: ignore[attr-defined]
    if not (isinstance(argument, ast.Constant) and type(argument.value) is int):
        return None
    return ScalarType(node.func.attr)(-argument.value if negative else argument.value)


def signature_dtypes_(dtypes: Dict[str, str]) -> None:
    """Before a signature's parameters are built: the dtypes its scalar integer parameters
    declare (``n: T.int64``), which a string extent naming one gives its symbol."""
    _signature_dtypes(dict(dtypes))


def quoted_symbols_(names: Sequence[str]) -> Dict[str, Any]:
    """Before a parameter's annotation is read: the symbols its quoted extents name, declared
    now (``A: T.Buffer((32, "n", n))`` reads the bare ``n`` as the quoted one, as apache-tvm
    0.27 does), with the dtype of the scalar parameter of the name, else int32."""
    known = dict(_signature_symbols())
    for name in names:
        if name not in known:
            known[name] = _tb.dynamic(name, _signature_dtype(name))
            _string_symbol(name, known[name])
    return {name: known[name] for name in names}


def signature_symbols_() -> Dict[str, Any]:
    """The symbols the signature being built declared so far, by name (string extents of
    ``T.Buffer`` parameters, scalar integer parameters): a later annotation may name them."""
    return dict(_signature_symbols())


def tensor_type(what: str, shape: Any, dtype: Any, *, strings: bool, strides: Any,
                 elem_offset: Any, scope: Any, align: Any, layout: Any = None,
                 **no_equivalent: Any) -> Any:
    """The TensorType of a buffer declaration in today's spelling."""
    _check_no_equivalent(what, no_equivalent)
    if isinstance(shape, (_ir.Expr, int)) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)):
        raise TypeError(f"`{what}` takes the shape as a tuple, got `{type(shape).__name__}`")
    strides = () if strides is None else strides
    if not isinstance(strides, (tuple, list)):
        raise TypeError(f"`{what}` takes the strides as a tuple, got "
                        f"`{type(strides).__name__}`")
    if strings:
        reader = _StringShapes(what)
        shape = [reader.extent(e) for e in shape]
        strides = [reader.extent(s) for s in strides]
    else:
        for extent in (*shape, *strides):
            if isinstance(extent, str):
                raise TypeError(f"`{what}` does not parse strings as shapes: got {extent!r}; "
                                "only `T.Buffer` reads string extents")
    if isinstance(elem_offset, int) and not isinstance(elem_offset, bool) and elem_offset == 0:
        elem_offset = None  # a TIRx tensor's elem_offset is None for zero
    if scope in (None, ""):
        scope = "global"
    if not isinstance(align, int) or isinstance(align, bool):
        raise TypeError(f"`{what}`: `align` must be an int, got `{type(align).__name__}`")
    alignment = 64 if align <= 0 else align  # 0 and -1 mean the default, as in Apache TVM
    return _ir.TensorType(_tb.dtype_of(dtype), list(shape), list(strides), elem_offset,
                          scope, alignment, apache_layout(what, layout, shape, scope))


__all__ = ["quoted_symbols_", "signature_dtypes_", "signature_symbols_", "tensor_type"]
