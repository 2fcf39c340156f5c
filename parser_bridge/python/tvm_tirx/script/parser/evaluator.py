"""The untrusted evaluator: interprets one TVMScript definition's AST and calls the namespace's
builder hooks directly. Nothing derived from the file is compiled or run as Python.

The dispatch is the transpiler's (transpile.py): one method per statement kind, one per
expression kind. A node kind without a method is refused, so the list below is the whole of
what untrusted text can cause (docs/architecture.md, "Why the untrusted list is closed"):

=====================  =====================================================================
construct              what the evaluator does
=====================  =====================================================================
name read              a local, parameter, header symbol, comprehension or lambda target; a
                       name the frontend bound (namespace import, module symbol, macro of
                       the file); or one of ``PURE_BUILTINS`` (evaluator_values.py)
``x.attr`` read        a container's reading method (a mutating one only on a container the
                       program made), a registered namespace member (the registry's catalog),
                       a reflected field or method of an IR value, a module-class function
call                   a registered member, an IR method, a lambda or macro of the file, a
                       pure builtin (``min``/``max``/``sorted`` without ``key=``)
literal, tuple, list,  plain data (containers charged to the element budget)
dict, f-string
operators              ``+ - * / // % ** << >> & | ^ @`` and unary ``- + ~`` on IR values
                       and Python numbers, ``+``/``*`` on sequences; ``and``/``or``/``not``,
                       ``== != < <= > >=`` and ``a if c else b`` through the namespace's hooks;
                       ``is``/``is not``; ``in`` on Python containers
subscript              of anything above (tensors, containers, ``T.Buffer[...]``)
comprehension          list and dict comprehensions whose targets are names
lambda                 a closure of the evaluator (``T.comm_reducer(lambda x, y: x + y, ...)``)
``x = v``, ``x: t = v``  the ``bind_``/``bind_many_``/``declare_mutable_``/``store_mutable_``
``x op= v``            hooks (names, tuples of names)
``A[i] = v``           the ``setitem_`` hook (tensor elements)
expression statement   the ``emit_`` hook
``for``/``while``/     IR frames (``for_``/``range_``, ``while_``, ``if_``/``then_``/
``if``/``with``        ``else_``, ``with_``); ``T.constexpr(...)`` host loops and branches,
                       whose iterations are charged to the budget
``assert``, ``return``,  the ``assert_``, ``return_``, ``break_``, ``continue_`` hooks (a
``break``, ``continue``  macro's ``return``, a host loop's ``break``: the evaluator's own)
``T.Let``, ``T.constexpr``  the ``let_`` (its body a closure) and ``constexpr_`` hooks
=====================  =====================================================================

Everything else is refused before any of it runs (evaluator_check.py): attribute stores,
subscript stores of anything but the ``setitem_`` hook, ``with`` targets other than names
and tuples of names, generators, sets, ``del``, ``global``, ``nonlocal``, nested ``def``s
and classes, ``try``, ``import``; and, when it runs, any operand that is not ours.

Tolerant analysis is the builder programs': a failing statement is recorded and what it
binds is the poison; positions (the last value of each expression) are recorded for
occurrences, hover and rename.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..builder import NamedByBinding
from ..recorded import NotAnalysedYet
from . import namespaces
from .ast_build import Loc, loc_of
from .evaluator_check import HOST_LOOP, IR_LOOP, IR_SCOPE, host_exit
from .evaluator_values import IDENTITY, PURE_BUILTINS, Budget, BudgetExceeded, ValueRules, is_ir
from .evaluator_values import refusal
from .guards import _stores, _statement_names, statement_parts, transparent_with
from .locations import attach_location, error_location
from ..findings import Failure, innermost_sink, let_stops_through
from .runtime import POISON
from .transpile import is_constexpr, without_docstring

_AT = "_tvm_evaluated_at"
"""The attribute an error gets when it leaves the innermost expression that raised it."""

_COMPARE_HOOKS = {ast.Eq: "eq_", ast.NotEq: "ne_", ast.Lt: "lt_", ast.LtE: "le_",
                  ast.Gt: "gt_", ast.GtE: "ge_"}
_RECORDED = (ast.Name, ast.Call, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Attribute,
             ast.Compare, ast.BoolOp, ast.IfExp)
_MISSING = object()


class MacroReturn(BaseException):
    """A macro's ``return value`` (never caught by statement guards)."""

    def __init__(self, value: Any) -> None:
        super().__init__()
        self.value = value


class _HostBreak(BaseException):
    pass


class _HostContinue(BaseException):
    pass


class Scope:
    """The names of one body, lambda or comprehension; misses go to ``outer`` (the enclosing
    scope, or the definition's environment for a body)."""

    __slots__ = ("names", "outer")

    def __init__(self, outer: Any, names: Optional[Dict[str, Any]] = None) -> None:
        self.names: Dict[str, Any] = {} if names is None else names
        self.outer = outer

    def get(self, name: str, default: Any = _MISSING) -> Any:
        scope: Any = self
        while isinstance(scope, Scope):
            value = scope.names.get(name, _MISSING)
            if value is not _MISSING:
                return value
            scope = scope.outer
        return scope.get(name, default)


class Environment:
    """The definition's environment as the body reads it: each name read once and kept (as
    the builder program's capture defaults were), a ``n = T.int32()`` symbol named by its
    binding, then the pure builtins."""

    def __init__(self, bindings: Mapping[str, Any]) -> None:
        self.bindings = bindings
        self.read: Dict[str, Any] = {}

    def get(self, name: str, default: Any = _MISSING) -> Any:
        value = self.read.get(name, _MISSING)
        if value is not _MISSING:
            return value
        try:
            value = self.bindings[name]
        except KeyError:
            return PURE_BUILTINS.get(name, default)
        if isinstance(value, NamedByBinding):
            value = value.bind(name)
        self.read[name] = value
        return value


class Closure:
    """A lambda of the file: called, it evaluates its body in a new scope over the one it was
    made in. Its ``__signature__`` names its parameters (``T.comm_reducer`` reads them)."""

    def __init__(self, evaluator: "Evaluator", node: ast.Lambda, scope: Scope,
                 defaults: List[Any], kw_defaults: List[Any]) -> None:
        self._evaluator = evaluator
        self._node = node
        self._scope = scope
        self.__signature__ = signature_of(node.args, defaults, kw_defaults)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        bound = self.__signature__.bind(*args, **kwargs)
        bound.apply_defaults()
        scope = Scope(self._scope, dict(bound.arguments))
        evaluator = self._evaluator
        recording, evaluator.recording = evaluator.recording, False
        try:
            return evaluator.eval(self._node.body, scope)
        finally:
            evaluator.recording = recording

    def __repr__(self) -> str:
        return "<lambda of the file>"


class NestedMacro:
    """A macro defined in a body (``@T.inline def f(x): ...``): called, it evaluates its
    statements in a new scope over the body's, so it reads the body's names as they are at the
    call, and builds where it is called; ``return value`` hands the value back."""

    def __init__(self, evaluator: "Evaluator", node: ast.FunctionDef, scope: "Scope") -> None:
        self._evaluator = evaluator
        self._node = node
        self._scope = scope
        self.__signature__ = signature_of(node.args, [], [])

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        bound = self.__signature__.bind(*args, **kwargs)
        scope = Scope(self._scope, dict(bound.arguments))
        evaluator = self._evaluator
        saved = evaluator.returns_value, evaluator.scopes, evaluator.recording
        evaluator.returns_value, evaluator.scopes, evaluator.recording = True, [], False
        try:
            evaluator.body(without_docstring(self._node.body), scope)
        except MacroReturn as returned:
            return returned.value
        finally:
            evaluator.returns_value, evaluator.scopes, evaluator.recording = saved
        return None

    def __repr__(self) -> str:
        return f"<macro {self._node.name} of the body>"


def signature_of(args: ast.arguments, defaults: Sequence[Any],
                 kw_defaults: Sequence[Any]) -> inspect.Signature:
    """The Python signature of a lambda's or macro's parameters, with evaluated defaults."""
    kind = inspect.Parameter
    params: List[inspect.Parameter] = []
    positional = [*args.posonlyargs, *args.args]
    first_default = len(positional) - len(defaults)
    for index, arg in enumerate(positional):
        default = defaults[index - first_default] if index >= first_default else kind.empty
        params.append(kind(arg.arg, kind.POSITIONAL_ONLY if index < len(args.posonlyargs)
                           else kind.POSITIONAL_OR_KEYWORD, default=default))
    if args.vararg is not None:
        params.append(kind(args.vararg.arg, kind.VAR_POSITIONAL))
    for arg, default in zip(args.kwonlyargs, kw_defaults):
        params.append(kind(arg.arg, kind.KEYWORD_ONLY,
                           default=kind.empty if default is _MISSING else default))
    if args.kwarg is not None:
        params.append(kind(args.kwarg.arg, kind.VAR_KEYWORD))
    return inspect.Signature(params)


class EvaluatedCallable:
    """A callable defined by source text outside the definition (``@T.macro``'s ScriptMacro,
    macro.py): the evaluator calls it through ``call_evaluated``, with the caller's scope and
    budget, never as a Python function. Declared here because the macros sit above the
    evaluator (they build programs that it evaluates)."""

    def call_evaluated(self, args: Sequence[Any], kwargs: Dict[str, Any], scope: Any,
                       budget: Any, where: str) -> Any:
        """The call at ``where`` in the caller's source, whose names there are ``scope``."""
        raise NotImplementedError


def is_own_callable(value: Any) -> bool:
    return isinstance(value, (Closure, NestedMacro, EvaluatedCallable))


class Evaluator:
    """Evaluates one definition's statements and expressions with the namespace ``ns``.

    ``tolerant``: failing statements are recorded in the active failure sink and poison what
    they bind; ``rejected`` maps the statements the static check rejected to why.
    ``positions``: whether to record the last value of each expression (``values``)."""

    def __init__(self, ns: Any, *, tolerant: bool, rejected: Mapping[int, BaseException],
                 mutable: Any, source_name: str, lines: Any, positions: bool,
                 budget: Optional[Budget] = None, returns_value: bool = False) -> None:
        self.ns = ns
        self.tolerant = tolerant
        self.rejected = rejected
        self.mutable = mutable
        self.source_name = source_name
        self.lines = lines
        self.recording = positions
        self.returns_value = returns_value
        self.values: Dict[Any, Tuple[Loc, str, Any]] = {}
        self.rules = ValueRules(budget or Budget(), is_own_callable)
        self.scopes: List[str] = []

    # --- errors and positions ------------------------------------------------------------------

    def locate(self, error: BaseException, fallback: Loc) -> Loc:
        """The source range of ``error``: where it was attached, else the innermost expression
        it left, else ``fallback``; attached to it (``error_location``)."""
        known = error_location(error)
        if known is not None:
            return tuple(known[1:])  # type: ignore[return-value]
        loc = getattr(error, _AT, None) or fallback
        attach_location(error, self.source_name, loc, self.lines)
        return loc

    def record(self, key: Any, loc: Loc, what: str, value: Any) -> Any:
        self.values[key] = (loc, what, value)
        return value

    def recorded(self) -> List[Tuple[Loc, str, Any]]:
        return list(self.values.values())

    def fail(self, error: BaseException, node: ast.stmt, scope: Scope,
             simple: bool) -> None:
        """A statement failed: recorded unless an operand was poisoned; the names of a simple
        statement's header the failure kept from being read are recorded with their current
        value (references and rename still find them); what it binds becomes the poison."""
        let_stops_through(error)
        sink = innermost_sink()
        if sink is None:
            raise error
        reads = _statement_names(node, ast.Load, header_only=True)
        poisoned = any(scope.get(name, None) is POISON for name in reads)
        if not poisoned:
            if simple and self.recording:
                self._record_unreached(node, scope)
            sink.failures.append(Failure(error, self.locate(error, loc_of(node))))
        self.poison(node, scope)

    def _record_unreached(self, node: ast.stmt, scope: Scope) -> None:
        for part in statement_parts(node) or [node]:
            for name in _names_read(part):
                if id(name) not in self.values:
                    value = scope.get(name.id, POISON)
                    if value is not POISON:
                        self.record(id(name), loc_of(name), name.id, value)

    def poison(self, node: ast.stmt, scope: Scope) -> None:
        stores = list(_stores(node))
        if isinstance(node, ast.For):
            stores = _statement_names(node.target, ast.Store, header_only=False) + stores
        for name in dict.fromkeys(stores):
            scope.names[name] = POISON

    # --- statements -----------------------------------------------------------------------------

    def body(self, stmts: Sequence[ast.stmt], scope: Scope) -> None:
        for stmt in stmts:
            if not self.tolerant:
                self.stmt(stmt, scope)
                continue
            if id(stmt) in self.rejected:
                self.poison(stmt, scope)
                continue
            try:
                self.stmt(stmt, scope)
            except Exception as error:  # noqa: BLE001 - recorded (or re-raised) by fail
                self.fail(error, stmt, scope, not isinstance(
                    stmt, (ast.For, ast.While, ast.If, ast.With)))

    def scoped(self, kind: str, stmts: Sequence[ast.stmt], scope: Scope) -> None:
        self.scopes.append(kind)
        try:
            self.body(stmts, scope)
        finally:
            self.scopes.pop()

    def stmt(self, node: ast.stmt, scope: Scope) -> None:
        method = getattr(self, "stmt_" + type(node).__name__, None)
        if method is None:  # the static check rejects it first; never run what is unknown
            raise refusal(f"A `{type(node).__name__}` statement")
        method(node, scope)

    def hook(self, name: str) -> Any:
        return getattr(self.ns, name)

    def stmt_FunctionDef(self, node: ast.FunctionDef, scope: Scope) -> None:
        decorator = node.decorator_list[0]  # `X.inline` or `X.macro` (transpile.nested_macro)
        namespace = scope.get(decorator.value.id, None)  # type: ignore[attr-defined]
        if namespace is None or namespaces.root_of(namespace) is None:
            raise TypeError(f"`{ast.unparse(decorator)}` is no macro decorator of a TVMScript "
                            "namespace")
        scope.names[node.name] = NestedMacro(self, node, scope)

    def stmt_Pass(self, node: ast.Pass, scope: Scope) -> None:
        pass

    def stmt_Expr(self, node: ast.Expr, scope: Scope) -> None:
        self.hook("emit_")(self.eval(node.value, scope), loc=loc_of(node))

    def bind(self, target: ast.expr, value: Any, node: ast.stmt, scope: Scope,
             annotation: Optional[ast.expr] = None, has_value: bool = True) -> None:
        if isinstance(target, ast.Name):
            kwargs: Dict[str, Any] = {"loc": loc_of(node), "name_loc": loc_of(target)}
            if annotation is not None:
                kwargs["ty"] = self.eval(annotation, scope)
            if id(node) in self.mutable.declarations:
                args = [value] if has_value else []
                scope.names[target.id] = self.hook("declare_mutable_")(
                    *args, name=target.id, **kwargs)
                return
            if target.id in self.mutable.names:
                self.store_mutable(target, value, node, scope)
                return
            scope.names[target.id] = self.hook("bind_")(value, target.id, **kwargs)
            return
        if isinstance(target, ast.Subscript):
            self.setitem(target, value, node, scope)
            return
        names = tuple(element.id for element in target.elts)  # type: ignore[attr-defined]
        if value is not POISON:  # the hook takes a tuple: iterated here, by the rules
            value = tuple(self.rules.iterate(value, "Unpacking"))
        values = self.hook("bind_many_")(value, names, loc=loc_of(node),
                                         name_locs=tuple(loc_of(e) for e in target.elts))
        values = list(self.rules.iterate(values, "Unpacking"))
        if len(values) != len(names):
            raise ValueError(f"cannot unpack {len(values)} values into {len(names)} names")
        for name, item in zip(names, values):
            scope.names[name] = item

    def read_target(self, target: ast.Name, scope: Scope) -> Any:
        """A name read at an assignment's target (mutable storage, ``x op= v``): an occurrence
        of what it names."""
        value = self.name(target, scope)
        if self.recording:
            self.record(("target", id(target)), loc_of(target), target.id, value)
        return value

    def store_mutable(self, target: ast.Name, value: Any, node: ast.stmt, scope: Scope) -> None:
        storage = self.read_target(target, scope)
        self.hook("store_mutable_")(storage, value, name=target.id, loc=loc_of(node))

    def setitem(self, target: ast.Subscript, value: Any, node: ast.stmt, scope: Scope) -> None:
        """``A[i, j] = value``: value first, then the target, then the indices (a slice as its
        three parts), as the builder program evaluated them."""
        tensor = self.eval(target.value, scope)
        if tensor is not POISON and not is_ir(tensor):
            # Stores go to tensor elements only: never into a container or anything else.
            raise refusal(f"A store into an element of a `{type(tensor).__name__}` value")
        index = target.slice
        elements, slices = [], []
        for n, part in enumerate(index.elts if isinstance(index, ast.Tuple) else [index]):
            if isinstance(part, ast.Slice):
                step = self.eval(part.step, scope) if part.step is not None else None
                elements.append((self.eval(part.lower, scope), self.eval(part.upper, scope),
                                 step))
                slices.append(n)
            else:
                elements.append(self.eval(part, scope))
        extra = {"slices": tuple(slices)} if slices else {}
        self.hook("setitem_")(value=value, target=tensor, key=tuple(elements), loc=loc_of(node),
                              **extra)

    def stmt_Assign(self, node: ast.Assign, scope: Scope) -> None:
        value = self.eval(node.value, scope)
        for target in node.targets:
            self.bind(target, value, node, scope)

    def stmt_AnnAssign(self, node: ast.AnnAssign, scope: Scope) -> None:
        has_value = node.value is not None
        value = self.eval(node.value, scope) if has_value else None
        self.bind(node.target, value, node, scope, node.annotation, has_value)

    def stmt_AugAssign(self, node: ast.AugAssign, scope: Scope) -> None:
        target = node.target
        if isinstance(target, ast.Name):
            current = self.read_target(target, scope)
            value = self.rules.binary(type(node.op), current, self.eval(node.value, scope))
            if self.recording:
                self.record(("aug", id(node)), loc_of(node), "", value)
            if target.id in self.mutable.names:
                self.hook("store_mutable_")(current, value, name=target.id, loc=loc_of(node))
                return
            self.bind(target, value, node, scope)
            return
        tensor = self.eval(target.value, scope)
        key = self._subscript_key(target.slice, scope)
        current = self.rules.subscript(tensor, key)
        value = self.rules.binary(type(node.op), current, self.eval(node.value, scope))
        if self.recording:
            self.record(("aug", id(node)), loc_of(node), "", value)
        self.setitem(target, value, node, scope)

    def _range_or_iterable(self, node: ast.expr, scope: Scope) -> Any:
        """A loop's iterable; ``range(...)`` through the ``range_`` hook, which decides whether
        ``range`` is the builtin."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "range":
            function = self.eval(node.func, scope)
            args, kwargs = self.arguments(node, scope)
            return self.hook("range_")(function, *args, **kwargs)
        return self.eval(node, scope)

    def stmt_For(self, node: ast.For, scope: Scope) -> None:
        target = node.target
        elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        names = tuple(e.id for e in elements)  # type: ignore[attr-defined]
        if is_constexpr(node.iter):
            values = self.rules.iterate(self.eval(node.iter, scope), "A host loop")

            def passes() -> Iterator[None]:
                try:
                    for value in values:
                        self.rules.budget.host_pass()
                        self.assign_names(target, value, scope)
                        yield None
                except Exception as error:  # the budget or the iterable: at the iterable
                    _mark(error, loc_of(node.iter))
                    raise

            self.host_loop(passes(), node.body, scope)
            return
        header = (target.lineno, target.col_offset, node.iter.end_lineno,
                  node.iter.end_col_offset)
        frame = self.at(header, lambda: self.hook("for_")(
            self._range_or_iterable(node.iter, scope), names=names, loc=loc_of(node),
            name_locs=tuple(loc_of(e) for e in elements)))
        with frame as value:
            self.assign_names(target, value, scope)
            self.scoped(IR_LOOP, node.body, scope)

    def assign_names(self, target: ast.expr, value: Any, scope: Scope) -> None:
        if isinstance(target, ast.Name):
            scope.names[target.id] = value
            return
        values = list(self.rules.iterate(value, "Unpacking"))
        if len(values) != len(target.elts):  # type: ignore[attr-defined]
            raise ValueError(f"cannot unpack {len(values)} values into "
                             f"{len(target.elts)} names")  # type: ignore[attr-defined]
        for element, item in zip(target.elts, values):  # type: ignore[attr-defined]
            self.assign_names(element, item, scope)

    def at(self, loc: Loc, make: Callable[[], Any]) -> Any:
        """``make()``; an error it raises outside any expression is at ``loc``."""
        try:
            return make()
        except Exception as error:
            _mark(error, loc)
            raise

    def host_loop(self, passes: Iterator[None], body: Sequence[ast.stmt], scope: Scope) -> None:
        """A ``T.constexpr`` loop: ``body`` once per pass (each pass charged to the budget),
        its ``break``/``continue`` the evaluator's own."""
        self.scopes.append(HOST_LOOP)
        try:
            for _ in passes:
                try:
                    self.body(body, scope)
                except _HostContinue:
                    continue
                except _HostBreak:
                    break
        finally:
            self.scopes.pop()

    def stmt_While(self, node: ast.While, scope: Scope) -> None:
        if is_constexpr(node.test):
            def passes() -> Iterator[None]:
                while self.truth(self.eval(node.test, scope)):
                    self.at(loc_of(node.test), self.rules.budget.host_pass)
                    yield None

            self.host_loop(passes(), node.body, scope)
            return
        frame = self.at(loc_of(node.test), lambda: self.hook("while_")(
            self.eval(node.test, scope), loc=loc_of(node)))
        with frame:
            self.scoped(IR_LOOP, node.body, scope)

    def truth(self, value: Any) -> bool:
        """The truth of a host condition: Python's, for plain data (an IR value's own
        ``__bool__`` decides, or refuses)."""
        if value is POISON:
            return False
        self.rules.require_data(value, "The truth")
        return bool(value)

    def stmt_If(self, node: ast.If, scope: Scope) -> None:
        if is_constexpr(node.test):
            if self.truth(self.eval(node.test, scope)):
                self.body(node.body, scope)
            else:
                self.body(node.orelse, scope)
            return
        frame = self.at(loc_of(node.test), lambda: self.hook("if_")(
            self.eval(node.test, scope), loc=loc_of(node)))
        with frame:
            with self.hook("then_")(loc=loc_of(node)):
                self.scoped(IR_SCOPE, node.body, scope)
            if node.orelse:
                with self.hook("else_")(loc=loc_of(node.orelse[0])):
                    self.scoped(IR_SCOPE, node.orelse, scope)

    def stmt_With(self, node: ast.With, scope: Scope) -> None:
        self._with_items(node, 0, scope)

    def _with_items(self, node: ast.With, index: int, scope: Scope) -> None:
        if index == len(node.items):
            self.scoped(IR_SCOPE, node.body, scope)
            return
        item = node.items[index]
        target = item.optional_vars
        named: Dict[str, Any] = {}
        if isinstance(target, ast.Name):
            named = {"name": target.id, "name_loc": loc_of(target)}
        elif isinstance(target, ast.Tuple):
            named = {"names": tuple(e.id for e in target.elts)}  # type: ignore[attr-defined]
        expr = item.context_expr
        try:
            frame = self.at(loc_of(expr), lambda: self.hook("with_")(
                self.eval(expr, scope), loc=loc_of(expr), **named))
        except NotAnalysedYet as error:
            if not (self.tolerant and innermost_sink() is not None and transparent_with(node)):
                raise
            self._transparent(error, node, scope)
            return
        with frame as value:
            if target is not None:
                self.assign_names(target, value, scope)
            self._with_items(node, index + 1, scope)

    def _transparent(self, error: NotAnalysedYet, node: ast.With, scope: Scope) -> None:
        """``with F as x: body`` where F is a member not analysed yet: the information is
        recorded (unless the header read a poisoned name), x is poisoned and the body is
        analysed in the enclosing frame; what the statement binds is poisoned after it. The
        trusted runtime's ``skip_`` does the same."""
        reads = _statement_names(node, ast.Load, header_only=True)
        sink = innermost_sink()
        if sink is not None and not any(scope.get(name, None) is POISON for name in reads):
            sink.failures.append(Failure(error, self.locate(error, loc_of(node))))
        target = node.items[0].optional_vars
        if isinstance(target, ast.Name):
            scope.names[target.id] = POISON
        try:
            self.scoped(IR_SCOPE, node.body, scope)
        finally:
            self.poison(node, scope)

    def stmt_Assert(self, node: ast.Assert, scope: Scope) -> None:
        condition = self.eval(node.test, scope)
        message = self.eval(node.msg, scope) if node.msg is not None else ""
        self.hook("assert_")(condition, message, loc=loc_of(node))

    def stmt_Return(self, node: ast.Return, scope: Scope) -> None:
        value = self.eval(node.value, scope) if node.value is not None else None
        if self.returns_value:
            raise MacroReturn(value)
        self.hook("return_")(value, loc=loc_of(node))

    def stmt_Break(self, node: ast.Break, scope: Scope) -> None:
        if host_exit(self.scopes):
            raise _HostBreak()
        self.hook("break_")(loc=loc_of(node))

    def stmt_Continue(self, node: ast.Continue, scope: Scope) -> None:
        if host_exit(self.scopes):
            raise _HostContinue()
        self.hook("continue_")(loc=loc_of(node))

    # --- expressions ----------------------------------------------------------------------------

    def eval(self, node: ast.expr, scope: Scope) -> Any:
        method = _EXPRESSIONS.get(type(node))
        if method is None:
            error = refusal(f"A `{type(node).__name__}` expression")
            _mark(error, loc_of(node))
            raise error
        try:
            value = method(self, node, scope)
        except Exception as error:
            _mark(error, loc_of(node))
            raise
        if self.recording and type(node) in _RECORDED:
            what = node.id if type(node) is ast.Name else "." + node.attr \
                if type(node) is ast.Attribute else ""
            if not (type(node) is ast.Call and is_constexpr(node)):
                self.values[id(node)] = (loc_of(node), what, value)
        return value

    def name(self, node: ast.Name, scope: Scope) -> Any:
        value = scope.get(node.id)
        if value is _MISSING:
            raise NameError(f"name '{node.id}' is not defined", name=node.id)
        return value

    def expr_Name(self, node: ast.Name, scope: Scope) -> Any:
        return self.name(node, scope)

    def expr_Constant(self, node: ast.Constant, scope: Scope) -> Any:
        value = node.value
        if type(value) not in (int, float, bool, str, type(None), complex) and \
                value is not Ellipsis:
            raise refusal(f"A `{type(value).__name__}` literal")
        return value

    def expr_Attribute(self, node: ast.Attribute, scope: Scope) -> Any:
        return self.rules.attribute(self.eval(node.value, scope), node.attr)

    def arguments(self, node: ast.Call, scope: Scope) -> Tuple[List[Any], Dict[str, Any]]:
        args: List[Any] = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.extend(self.rules.iterate(self.eval(arg.value, scope), "Unpacking"))
            else:
                args.append(self.eval(arg, scope))
        kwargs: Dict[str, Any] = {}
        for keyword in node.keywords:
            value = self.eval(keyword.value, scope)
            if keyword.arg is not None:
                kwargs[keyword.arg] = value
                continue
            if type(value) is not dict or not all(type(k) is str for k in value):
                raise refusal("`**` of anything but a dict with string keys")
            kwargs.update(value)
        return args, kwargs

    def expr_Call(self, node: ast.Call, scope: Scope) -> Any:
        if is_constexpr(node):
            marker = self.eval(node.func, scope)
            return self.hook("constexpr_")(marker, self.eval(node.args[0], scope))
        let = _let_parts(node)
        if let is not None:
            return self._let(node, let, scope)
        function = self.eval(node.func, scope)
        args, kwargs = self.arguments(node, scope)
        if function is POISON:
            return POISON
        return self.call(function, args, kwargs, node, scope)

    def call(self, function: Any, args: List[Any], kwargs: Dict[str, Any],
             node: ast.AST, scope: Scope) -> Any:
        self.rules.check_call(function, kwargs)
        if isinstance(function, EvaluatedCallable):
            return function.call_evaluated(
                args, kwargs, scope, self.rules.budget,
                f"{self.source_name}, line {node.lineno}")
        self.rules.check_builtin_arguments(function, args, kwargs)
        args = self.rules.arguments(function, args)
        result = self.rules.made(function, function(*args, **kwargs))
        # What a member returns is held, passed to hooks and formatted in their messages:
        # it must be ours too, or Python would call its dunders.
        return self.rules.require(result, "The result of a call")

    def _let(self, node: ast.Call, let: Tuple[ast.Name, ast.expr, ast.expr],
             scope: Scope) -> Any:
        """``T.Let(body, where={x: value})``: the ``let_`` hook, the body a closure of ``x``."""
        name, value_node, body = let
        function = self.eval(node.func, scope)
        value = self.eval(value_node, scope)
        evaluator = self

        def make_body(bound: Any) -> Any:
            recording, evaluator.recording = evaluator.recording, False
            try:
                return evaluator.eval(body, Scope(scope, {name.id: bound}))
            finally:
                evaluator.recording = recording

        return self.hook("let_")(function, name.id, value, make_body, name_loc=loc_of(name))

    def expr_BinOp(self, node: ast.BinOp, scope: Scope) -> Any:
        left = self.eval(node.left, scope)
        right = self.eval(node.right, scope)
        return self.rules.binary(type(node.op), left, right)

    def expr_UnaryOp(self, node: ast.UnaryOp, scope: Scope) -> Any:
        operand = self.eval(node.operand, scope)
        if isinstance(node.op, ast.Not):
            return self.hook("not_")(self.rules.require_data(operand, "`not`"))
        return self.rules.unary(type(node.op), operand)

    def expr_BoolOp(self, node: ast.BoolOp, scope: Scope) -> Any:
        # Every operand is evaluated, as the builder program's hook call did; the IR nests to
        # the left, as the reference builds it.
        word = "`and`" if isinstance(node.op, ast.And) else "`or`"
        hook = self.hook("and_" if isinstance(node.op, ast.And) else "or_")
        result = self.rules.require_data(self.eval(node.values[0], scope), word)
        for value in node.values[1:]:
            result = hook(result, self.rules.require_data(self.eval(value, scope), word))
        return result

    def expr_Compare(self, node: ast.Compare, scope: Scope) -> Any:
        left = self.eval(node.left, scope)
        pairs = []
        for op, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node, scope)
            pairs.append(self._compare(type(op), left, right))
            left = right
        result = pairs[-1]
        for pair in reversed(pairs[:-1]):
            result = self.hook("and_")(pair, result)
        return result

    def _compare(self, op: type, left: Any, right: Any) -> Any:
        hook = _COMPARE_HOOKS.get(op)
        if hook is not None:
            self.rules.require_data(left, "A comparison")
            self.rules.require_data(right, "A comparison")
            return self.hook(hook)(left, right)
        if op in IDENTITY:  # identities only: no dunder
            return IDENTITY[op](left, right)
        if left is POISON or right is POISON:
            return POISON
        found = self.rules.contains(right, left)
        return found if op is ast.In else not found

    def expr_IfExp(self, node: ast.IfExp, scope: Scope) -> Any:
        test = self.rules.require_data(self.eval(node.test, scope), "The condition")
        return self.hook("if_then_else_")(test,
                                          self.eval(node.body, scope),
                                          self.eval(node.orelse, scope))

    def _subscript_key(self, index: ast.expr, scope: Scope) -> Any:
        return self.eval(index, scope)

    def expr_Subscript(self, node: ast.Subscript, scope: Scope) -> Any:
        value = self.eval(node.value, scope)
        return self.rules.subscript(value, self._subscript_key(node.slice, scope))

    def expr_Slice(self, node: ast.Slice, scope: Scope) -> Any:
        parts = [self.eval(part, scope) if part is not None else None
                 for part in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def expr_Tuple(self, node: ast.Tuple, scope: Scope) -> Any:
        return tuple(self._elements(node.elts, scope))

    def expr_List(self, node: ast.List, scope: Scope) -> Any:
        return self.rules.own(self._elements(node.elts, scope))

    def _elements(self, nodes: Sequence[ast.expr], scope: Scope) -> List[Any]:
        values: List[Any] = []
        for element in nodes:
            if isinstance(element, ast.Starred):
                values.extend(self.rules.iterate(self.eval(element.value, scope), "Unpacking"))
            else:
                values.append(self.eval(element, scope))
        self.rules.budget.charge(len(values), "This container")
        return values

    def expr_Set(self, node: ast.Set, scope: Scope) -> Any:
        return {self._key(value) for value in self._elements(node.elts, scope)}

    def expr_Dict(self, node: ast.Dict, scope: Scope) -> Any:
        result: Dict[Any, Any] = {}
        for key, value in zip(node.keys, node.values):
            if key is None:
                unpacked = self.eval(value, scope)
                if type(unpacked) is not dict:
                    raise refusal("`**` of anything but a dict")
                result.update(unpacked)
                continue
            result[self._key(self.eval(key, scope))] = self.eval(value, scope)
        return self.rules.own(result)

    def _key(self, key: Any) -> Any:
        """A dict key or set element: plain data or an IR value (hashed by its own hash)."""
        self.rules.require_data(key, "A dict key")
        return key

    def expr_JoinedStr(self, node: ast.JoinedStr, scope: Scope) -> Any:
        recording, self.recording = self.recording, False
        try:
            parts = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append(str(value.value))
                    continue
                parts.append(self._formatted(value, scope))  # type: ignore[arg-type]
            return "".join(parts)
        finally:
            self.recording = recording

    def _formatted(self, node: ast.FormattedValue, scope: Scope) -> str:
        value = self.eval(node.value, scope)
        self.rules.require_data(value, "A formatted value")
        spec = self.expr_JoinedStr(node.format_spec, scope) if node.format_spec else ""
        if node.conversion == ord("r"):
            value = repr(value)
        elif node.conversion in (ord("s"), ord("a")):
            value = str(value) if node.conversion == ord("s") else ascii(value)
        if spec and type(value) not in (int, float, bool, str):
            raise refusal("A format specification of anything but a number or a string")
        text = format(value, spec)
        if len(text) > (1 << 20):
            raise BudgetExceeded("A formatted value longer than untrusted TVMScript makes")
        return text

    def expr_Lambda(self, node: ast.Lambda, scope: Scope) -> Any:
        defaults = [self.eval(d, scope) for d in node.args.defaults]
        kw_defaults = [_MISSING if d is None else self.eval(d, scope)
                       for d in node.args.kw_defaults]
        return Closure(self, node, scope, defaults, kw_defaults)

    def expr_ListComp(self, node: ast.ListComp, scope: Scope) -> Any:
        results: List[Any] = []
        self._generate(node.generators, 0, Scope(scope),
                       lambda inner: results.append(self.eval(node.elt, inner)))
        return self.rules.own(results)

    def expr_DictComp(self, node: ast.DictComp, scope: Scope) -> Any:
        results: Dict[Any, Any] = {}

        def add(inner: Scope) -> None:
            results[self._key(self.eval(node.key, inner))] = self.eval(node.value, inner)

        self._generate(node.generators, 0, Scope(scope), add)
        return self.rules.own(results)

    def _generate(self, generators: Sequence[ast.comprehension], index: int, scope: Scope,
                  produce: Callable[[Scope], None]) -> None:
        if index == len(generators):
            produce(scope)
            return
        generator = generators[index]
        # The first iterable is the enclosing scope's, as in Python.
        source_scope = scope.outer if index == 0 else scope
        iterable = self.eval(generator.iter, source_scope)
        for value in self.rules.iterate(iterable, "A comprehension"):
            self.assign_names(generator.target, value, scope)
            if all(self.truth(self.eval(test, scope)) for test in generator.ifs):
                self._generate(generators, index + 1, scope, produce)

    def expr_Starred(self, node: ast.Starred, scope: Scope) -> Any:
        raise refusal("A starred expression outside a call, tuple or list")


def evaluated_location(error: BaseException) -> Optional[Loc]:
    """Where the evaluator saw ``error`` leave the innermost expression, if it did."""
    return getattr(error, _AT, None)


def _mark(error: BaseException, loc: Loc) -> None:
    if getattr(error, _AT, None) is None:
        try:
            setattr(error, _AT, loc)
        except AttributeError:
            pass


def _names_read(root: ast.AST) -> List[ast.Name]:
    """The names a statement part reads, outside lambdas and f-strings (nothing is recorded
    there)."""
    found, pending = [], [root]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Lambda, ast.JoinedStr)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found.append(node)
        pending.extend(ast.iter_child_nodes(node))
    return found


def _let_parts(node: ast.Call) -> Optional[Tuple[ast.Name, ast.expr, ast.expr]]:
    """(name, value, body) of ``X.Let(body, where={name: value})``, recognised by syntax as
    the transpiler does."""
    where = [k for k in node.keywords if k.arg == "where"]
    if (isinstance(node.func, ast.Attribute) and node.func.attr == "Let" and len(node.args) == 1
            and len(where) == 1 and isinstance(where[0].value, ast.Dict)
            and len(where[0].value.keys) == 1
            and isinstance(where[0].value.keys[0], ast.Name)):
        return where[0].value.keys[0], where[0].value.values[0], node.args[0]
    return None


_EXPRESSIONS: Dict[type, Callable[[Evaluator, Any, Scope], Any]] = {
    getattr(ast, name[5:]): method for name, method in vars(Evaluator).items()
    if name.startswith("expr_")
}
"""The expression dispatch table: a node kind not in it is refused."""

__all__ = ["Closure", "Environment", "EvaluatedCallable", "Evaluator", "MacroReturn", "Scope",
           "evaluated_location", "signature_of"]
