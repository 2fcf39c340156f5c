"""The value rules of the untrusted evaluator (evaluator.py): which values an untrusted
definition may hold, read attributes of, call, index, iterate and combine with operators, and
the budget that bounds how much it may compute.

A value is *ours* when its behaviour is the frontend's own code or plain data:

- Python scalars and containers (``int``, ``float``, ``bool``, ``str``, ``None``, ``tuple``,
  ``list``, ``dict``, ``range``, ``slice``) and the iterators of the pure builtins;
- IR values (``tvm_ffi.Object`` and ``dtype`` instances), whose dunders build IR;
- what a registered namespace serves: functions, classes and instances defined in the
  ``tvm_tirx`` and ``tvm_ffi`` packages, and the namespace modules themselves;
- the evaluator's own callables (lambdas of the file, macros of the file) and the poison.

Every operation the evaluator applies first checks its operands are ours; a value that is
not is refused before Python would call any of its dunders.
"""

from __future__ import annotations

import builtins
import operator
import types
from typing import Any, Callable, Dict, FrozenSet, Iterable, Iterator, Optional, Tuple

from tvm_ffi import Object as _FFIObject
from tvm_ffi import dtype as _DType

from ..decorators import is_decorator
from ..ir import ModuleProxy
from . import namespaces
from .runtime import MAX_POWER_BITS, POISON, Poison
from .untrusted import SAFE_BUILTINS, UntrustedNotEvaluated, catalog_kind, catalog_names, checked_getattr

MAX_ELEMENTS = 2_000_000
"""The budget of one evaluation in elements: of the containers it makes, of comprehension
iterations and of what builtins consume. A real definition needs a few thousand;
``[0] * 10**9`` stops with a diagnostic instead of taking the machine."""

MAX_HOST_PASSES = 2_000
"""The budget of one evaluation in host-loop passes (``T.constexpr`` loops): each pass builds
its body's IR again, so a ``range(10**12)`` host loop stops within seconds."""

MAX_STRING = 1 << 20
"""The longest string an untrusted definition makes (``"a" * n``, ``s + s``)."""

_OUR_PACKAGES = ("tvm_tirx.", "tvm_ffi.")
_PLAIN_SCALARS = (int, float, bool, str, type(None))
_NUMBERS = (int, float, bool)
_CONTAINERS = (tuple, list, dict)
# The lazy results of the pure builtins and of container methods that only read.
_ITERATORS = (range, zip, enumerate, reversed, slice, type({}.items()), type({}.keys()),
              type({}.values()), type(iter([])), type(iter(())), type(iter(range(0))))


def refusal(what: str) -> UntrustedNotEvaluated:
    return UntrustedNotEvaluated(
        f"{what} is not evaluated in untrusted TVMScript (only the file's TVMScript "
        "definitions, their symbols and imports of script namespaces are; trust the "
        "workspace to run its Python)")


def _from_our_packages(value: Any) -> bool:
    module = getattr(value, "__module__", None)
    return isinstance(module, str) and module.startswith(_OUR_PACKAGES)


def member_refusal(namespace: Any, root: str, name: str) -> Optional[str]:
    """Why ``namespace.name`` is refused whatever its value: a ``_`` name, a hook or decorator
    of the catalog, or a name the namespace declares internal (``Ts.IRBuilder``); None when it
    may be read. Decided from the registry and the namespace's own declarations alone, so the
    static check (evaluator_check.py) refuses it before the statement runs."""
    declared = namespaces.declarations(namespace)[0]  # frozen at its registration
    if name.startswith("_") or catalog_kind(namespace, root, name) in ("hook", "decorator") or \
            name in declared.get("internal", ()):
        return f"Attribute `{name}` of a `{type(namespace).__name__}` value"
    return None


def _made_on_demand(value: Any) -> bool:
    """A function the namespace made on demand (an operator constructor): the frontend's own,
    never a decorator."""
    return isinstance(value, types.FunctionType) and _from_our_packages(value) and \
        not is_decorator(value)


def is_ir(value: Any) -> bool:
    return isinstance(value, (_FFIObject, _DType))


class BudgetExceeded(UntrustedNotEvaluated):
    """An untrusted definition asked for more than one analysis makes: refused, as anything
    outside the closed list is (``untrusted-not-evaluated``)."""


class Budget:
    """Elements made and host-loop passes run by one evaluation (``MAX_ELEMENTS``,
    ``MAX_HOST_PASSES``)."""

    def __init__(self, limit: int = MAX_ELEMENTS, passes: int = MAX_HOST_PASSES) -> None:
        self.limit = limit
        self.spent = 0
        self.passes_limit = passes
        self.passes = 0

    def charge(self, count: int, what: str) -> None:
        self.spent += count
        if self.spent > self.limit:
            raise BudgetExceeded(f"{what} exceeds the budget of {self.limit:,} elements and "
                              "iterations of one untrusted analysis (a TVMScript definition "
                              "needs far fewer)")

    def host_pass(self) -> None:
        """One pass of a host loop."""
        self.passes += 1
        if self.passes > self.passes_limit:
            raise BudgetExceeded(f"A host loop exceeds the budget of {self.passes_limit:,} "
                              "host-loop passes of one untrusted analysis (each pass builds "
                              "its body again; a TVMScript definition needs far fewer)")

    def iterate(self, values: Iterable[Any], what: str) -> Iterator[Any]:
        """``values``, charging one per element as it is taken (a host loop, a comprehension)."""
        for value in values:
            self.charge(1, what)
            yield value


class ValueRules:
    """The rules for one evaluation. ``owned`` holds the containers the program made itself
    (literals, comprehensions, ``list(...)``): only those take mutating methods."""

    def __init__(self, budget: Budget, is_own_callable: Callable[[Any], bool]) -> None:
        self.budget = budget
        self._is_own_callable = is_own_callable
        self._owned: Dict[int, Any] = {}
        self._served: Dict[int, Any] = {}
        """Values a registered namespace served (kept alive, so their ids stay theirs)."""

    # --- which values are ours -----------------------------------------------------------------

    def is_ours(self, value: Any) -> bool:
        kind = type(value)
        if kind in _PLAIN_SCALARS or kind in _CONTAINERS or kind in _ITERATORS:
            return True
        if value is POISON or is_ir(value) or self._is_own_callable(value):
            return True
        if _PURE_IDS.get(id(value)) is value or self._served.get(id(value)) is value:
            return True
        if namespaces.root_of(value) is not None:  # a registered namespace, whatever its type
            return True
        if isinstance(value, types.ModuleType):
            return False
        if isinstance(value, ModuleProxy):
            return True
        if isinstance(value, types.BuiltinMethodType):
            return type(getattr(value, "__self__", None)) in (*_CONTAINERS, str)
        if isinstance(value, (types.FunctionType, type, types.MethodType)):
            return _from_our_packages(value)
        return _from_our_packages(kind)

    def require(self, value: Any, what: str) -> Any:
        if not self.is_ours(value):
            raise refusal(f"{what} of a `{type(value).__name__}` value")
        return value

    @staticmethod
    def is_data(value: Any) -> bool:
        """Plain data or an IR value: what may be compared, hashed, tested for truth,
        converted or formatted. Functions, classes, macros, lambdas and namespaces are ours
        to call, not data: Python's defaults for those dunders would show addresses or
        compare identities."""
        kind = type(value)
        return kind in _PLAIN_SCALARS or kind in _CONTAINERS or kind in _ITERATORS or \
            value is POISON or (is_ir(value) and not isinstance(value, type))

    def require_data(self, value: Any, what: str) -> Any:
        if not self.is_data(value):
            raise refusal(f"{what} of a `{type(value).__name__}` value")
        return value

    def own(self, container: Any) -> Any:
        """Marks a container the program made (kept alive, so its id stays its own)."""
        self.budget.charge(len(container), "This container")
        self._owned[id(container)] = container
        return container

    def owns(self, container: Any) -> bool:
        return self._owned.get(id(container)) is container

    # --- attributes -----------------------------------------------------------------------------

    _READING_METHODS: Dict[type, FrozenSet[str]] = {
        list: frozenset(("index", "count", "copy")),
        tuple: frozenset(("index", "count")),
        dict: frozenset(("get", "items", "keys", "values", "copy")),
        str: frozenset(("join", "split", "strip", "startswith", "endswith", "upper", "lower",
                        "replace")),
    }
    _MUTATING_METHODS: Dict[type, FrozenSet[str]] = {
        list: frozenset(("append", "extend", "insert", "pop", "reverse")),
        dict: frozenset(("setdefault", "update", "pop")),
    }

    def attribute(self, value: Any, name: str) -> Any:
        """``value.name``: a container's reading methods (mutating ones only on containers the
        program made), else the read allowlist of untrusted.py (namespace members from the
        registry, reflected IR fields and methods, module-class functions)."""
        if value is POISON:
            return POISON
        kind = type(value)
        if kind in self._READING_METHODS:
            if name in self._READING_METHODS[kind]:
                return getattr(value, name)
            if name in self._MUTATING_METHODS.get(kind, ()):
                if not self.owns(value):
                    raise refusal(f"Method `{name}` of a `{kind.__name__}` this definition "
                                  "did not make")
                return getattr(value, name)
            raise refusal(f"Attribute `{name}` of a `{kind.__name__}` value")
        self.require(value, f"Attribute `{name}`")
        if namespaces.root_of(value) is not None:
            return self._member(value, name)
        return self.require(checked_getattr(value, name), f"The value of `.{name}`")

    def _member(self, namespace: Any, name: str) -> Any:
        """A registered namespace's member: a name of the registry's catalog (what the
        namespace serves under it is its own, whichever module made it), or IR data the
        namespace makes on demand (``T.float32x4``). Nothing is forwarded to other modules."""
        root = namespaces.root_of(namespace)
        refused = None if root is None else member_refusal(namespace, root, name)
        if root is None or refused is not None:
            raise refusal(refused or f"Attribute `{name}` of a `{type(namespace).__name__}` value")
        if name in catalog_names(namespace, root):
            result = getattr(namespace, name)
            self._served[id(result)] = result
            return result
        own = getattr(namespace, "__dict__", {})
        listed = catalog_kind(namespace, root, name) is not None  # a hook, a decorator
        if listed or (name in own and not is_ir(own[name])):  # or kept, not a member
            raise refusal(f"Attribute `{name}` of a `{type(namespace).__name__}` value")
        # Made on demand by the namespace's own __getattr__: vector types, operator
        # constructors of registered operators (IR data or the frontend's functions).
        result = getattr(namespace, name)
        if not (is_ir(result) or _made_on_demand(result)):
            raise refusal(f"Attribute `{name}` of a `{type(namespace).__name__}` value")
        self._served[id(result)] = result
        return result

    # --- calls ----------------------------------------------------------------------------------

    def check_call(self, function: Any, kwargs: Dict[str, Any]) -> None:
        """Refuses a call of anything that is not ours, and the builtins' keyword forms that
        would call back into Python (``min``/``max``/``sorted`` with ``key=``)."""
        self.require(function, "A call")
        if function in _KEYLESS and "key" in kwargs:
            raise refusal(f"`{function.__name__}(..., key=...)`")

    def check_builtin_arguments(self, function: Any, args: list, kwargs: Dict[str, Any]) -> None:
        """A pure builtin takes data (``str(T.serial)`` would show a function's address,
        ``bool(macro)`` ask it for its truth); ``isinstance``'s second argument is a class
        that is ours, or a tuple of them."""
        if _PURE_IDS.get(id(function)) is not function:
            return
        values = list(args) + list(kwargs.values())
        if function is builtins.isinstance and len(args) == 2:
            classes = args[1] if type(args[1]) is tuple else (args[1],)
            for cls in classes:
                if not (isinstance(cls, type) and (cls in _PLAIN_SCALARS or cls in _CONTAINERS
                                                   or self.is_ours(cls))):
                    raise refusal(f"`isinstance` against a `{type(cls).__name__}` value")
            values = [args[0]]
        for value in values:
            self.require_data(value, f"`{function.__name__}(...)`")
        if function in _ITERATING and not (function in _KEYLESS and len(args) > 1):
            for value in args[:1] if function is not builtins.zip else args:
                self.check_iterable(value)

    def arguments(self, function: Any, args: list) -> list:
        """The arguments of a builtin that consumes an iterable (``list(range(10**12))``),
        that iterable charged to the budget element by element as the builtin takes it."""
        lazy = (*_ITERATORS, list, tuple)
        if function in _CONSUMERS and args and type(args[0]) in lazy and \
                (len(args) == 1 or function not in _KEYLESS):
            args = [self.iterate(args[0], f"`{function.__name__}(...)`"), *args[1:]]
        return args

    def made(self, function: Any, result: Any) -> Any:
        """What a call of ``function`` returned: a new container from a builtin is the
        program's own."""
        if function in _CONTAINER_MAKERS and type(result) in (list, dict):
            return self.own(result)
        return result

    # --- operators ------------------------------------------------------------------------------

    def binary(self, op: type, left: Any, right: Any) -> Any:
        if left is POISON or right is POISON:
            return POISON
        function = _BINARY[op]
        if not self._operands_fit(op, left, right):
            # Python's own message, and nothing of either operand runs.
            raise TypeError(f"unsupported operand type(s) for {_SYMBOLS[op]}: "
                            f"'{type(left).__name__}' and '{type(right).__name__}'")
        self._check_size(op, left, right)
        result = function(left, right)
        if type(result) in (list,) and result is not left:
            return self.own(result)
        if type(result) is str and len(result) > MAX_STRING:
            raise BudgetExceeded(f"A string of {len(result):,} characters is longer than untrusted "
                              f"TVMScript makes ({MAX_STRING:,})")
        return result

    @staticmethod
    def _operands_fit(op: type, left: Any, right: Any) -> bool:
        """Numbers with numbers, IR with IR or numbers, and the sequence forms of ``+``, ``*``
        and ``%``-free strings; nothing else (``str % x`` formats, which reads attributes)."""
        numeric = (is_ir(left) or type(left) in _NUMBERS) and \
            (is_ir(right) or type(right) in _NUMBERS)
        if numeric:
            return True
        # IR with a string or None: the IR operator (ours) refuses it with the message the
        # trusted path gives; neither has a reflected operator Python would try next. Not
        # `str % IR`, which would format the IR value.
        if op is not _ast_mod and ((is_ir(left) and type(right) in (str, type(None))) or
                                   (is_ir(right) and type(left) in (str, type(None)))):
            return True
        sequences = (str, tuple, list)
        if op is _ast_add and type(left) in sequences and type(left) is type(right):
            return True
        if op is _ast_mult and ((type(left) in sequences and type(right) in (int, bool)) or
                                (type(right) in sequences and type(left) in (int, bool))):
            return True
        return False

    def _check_size(self, op: type, left: Any, right: Any) -> None:
        """Refuses results too large to compute (before Python computes them)."""
        if op is _ast_mult:
            count, sequence = (right, left) if type(right) in (int, bool) else (left, right)
            if type(sequence) in (str, tuple, list) and type(count) in (int, bool):
                size = len(sequence) * max(int(count), 0)
                if type(sequence) is str:
                    if size > MAX_STRING:
                        raise BudgetExceeded(f"A string of {size:,} characters is longer than "
                                          f"untrusted TVMScript makes ({MAX_STRING:,})")
                else:
                    self.budget.charge(size, "This repetition")
                return
        if type(left) is int and type(right) is int:
            if op is _ast_pow and right > 0 and abs(left) > 1 and \
                    (abs(left).bit_length() - 1) * right > MAX_POWER_BITS:
                raise ValueError(f"`{left} ** {right}` is an integer of more than "
                                 f"{MAX_POWER_BITS} bits, which untrusted TVMScript does not "
                                 "compute")
            if op is _ast_lshift and right > 0 and left.bit_length() + right > MAX_POWER_BITS:
                raise ValueError(f"`{left} << {right}` is an integer of more than "
                                 f"{MAX_POWER_BITS} bits, which untrusted TVMScript does not "
                                 "compute")
            if op is _ast_mult and left.bit_length() + right.bit_length() > MAX_POWER_BITS:
                raise ValueError(f"`{left} * {right}` is an integer of more than "
                                 f"{MAX_POWER_BITS} bits, which untrusted TVMScript does not "
                                 "compute")

    def unary(self, op: type, operand: Any) -> Any:
        if operand is POISON:
            return POISON
        if not (is_ir(operand) or type(operand) in _NUMBERS):
            raise TypeError(f"bad operand type for unary {_UNARY_SYMBOLS[op]}: "
                            f"'{type(operand).__name__}'")
        return _UNARY[op](operand)

    def contains(self, container: Any, item: Any) -> bool:
        """``item in container`` on Python containers and strings only (the check compares
        with ``==``, which on IR values would build an expression, not a truth value)."""
        if type(container) not in (*_CONTAINERS, str, range) or \
                not (type(item) in _PLAIN_SCALARS or type(item) is tuple):
            raise refusal(f"`in` on a `{type(container).__name__}` value")
        return item in container

    def subscript(self, value: Any, key: Any) -> Any:
        if value is POISON or key is POISON:
            return POISON
        self.require(value, "A subscript")
        self.require(key, "A subscript key")
        if type(key) is slice:
            for part in (key.start, key.stop, key.step):
                self.require(part, "A slice bound")
        return value[key]

    @staticmethod
    def check_iterable(value: Any) -> None:
        """Python containers, strings and the builtins' iterators, and IR values whose class
        defines ``__iter__`` (an IR array); anything else is not iterable here. A tensor has
        only ``__getitem__``, through which Python would iterate without end, building one
        load per step."""
        kind = type(value)
        if kind in _CONTAINERS or kind in _ITERATORS or kind is str:
            return
        if is_ir(value) and getattr(kind, "__iter__", None) is not None:
            return
        raise TypeError(f"'{kind.__name__}' object is not iterable")

    def iterate(self, value: Any, what: str) -> Iterator[Any]:
        """Iterating ``value`` (a host loop, a comprehension, unpacking), within the budget."""
        if value is POISON:
            return iter(())
        self.require(value, what)
        self.check_iterable(value)
        return self.budget.iterate(value, what)


import ast as _ast  # noqa: E402 - the operator tables below key on the node types

_ast_add, _ast_mult, _ast_pow, _ast_lshift = _ast.Add, _ast.Mult, _ast.Pow, _ast.LShift
_ast_mod = _ast.Mod
_BINARY: Dict[type, Callable[[Any, Any], Any]] = {
    _ast.Add: operator.add, _ast.Sub: operator.sub, _ast.Mult: operator.mul,
    _ast.Div: operator.truediv, _ast.FloorDiv: operator.floordiv, _ast.Mod: operator.mod,
    _ast.Pow: operator.pow, _ast.LShift: operator.lshift, _ast.RShift: operator.rshift,
    _ast.BitOr: operator.or_, _ast.BitXor: operator.xor, _ast.BitAnd: operator.and_,
    _ast.MatMult: operator.matmul,
}
_SYMBOLS = {_ast.Add: "+", _ast.Sub: "-", _ast.Mult: "*", _ast.Div: "/", _ast.FloorDiv: "//",
            _ast.Mod: "%", _ast.Pow: "**", _ast.LShift: "<<", _ast.RShift: ">>",
            _ast.BitOr: "|", _ast.BitXor: "^", _ast.BitAnd: "&", _ast.MatMult: "@"}
_UNARY = {_ast.USub: operator.neg, _ast.UAdd: operator.pos, _ast.Invert: operator.invert}
_UNARY_SYMBOLS = {_ast.USub: "-", _ast.UAdd: "+", _ast.Invert: "~"}
# The Python comparisons that stay Python's (the others are the namespace's hooks).
IDENTITY = {_ast.Is: operator.is_, _ast.IsNot: operator.is_not}


# --- the pure builtins ------------------------------------------------------------------------

PURE_BUILTINS: Dict[str, Any] = dict(SAFE_BUILTINS)
"""Every builtin an untrusted definition may name: untrusted.PURE_BUILTINS, whose rule is also
the name check's (docs/frontend.md, "Safety", justifies each). ``range`` stays the builtin,
which the ``range_`` hook recognises by identity; host loops over it are charged to the budget
as they iterate; ``min``/``max``/``sorted`` take no ``key=``."""

_PURE_IDS = {id(value): value for value in PURE_BUILTINS.values() if callable(value)}
_KEYLESS = (builtins.min, builtins.max, builtins.sorted)
_CONTAINER_MAKERS = (builtins.list, builtins.dict, builtins.sorted)
# The pure builtins that iterate their (first, or for zip every) positional argument.
_ITERATING = (builtins.list, builtins.tuple, builtins.dict, builtins.sorted, builtins.sum,
              builtins.min, builtins.max, builtins.all, builtins.any, builtins.enumerate,
              builtins.zip, builtins.reversed)
_CONSUMERS = (builtins.list, builtins.tuple, builtins.dict, builtins.sorted, builtins.sum,
              builtins.min, builtins.max, builtins.all, builtins.any)

__all__ = ["Budget", "IDENTITY", "MAX_ELEMENTS", "MAX_STRING", "PURE_BUILTINS", "Poison",
           "ValueRules", "is_ir", "refusal"]
