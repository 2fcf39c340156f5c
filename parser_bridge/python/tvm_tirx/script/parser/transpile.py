"""The syntax transpiler: one TVMScript definition's Python AST -> a builder program.

Python evaluates every expression itself; the transpiler only rewrites what Python would
otherwise give a different meaning (docs/frontend.md):

- assignments call the binding hook ``bind_``, stores ``setitem_``; expression statements call
  ``emit_``; ``for``/``while``/``if``/``with`` open builder frames; ``assert``, ``return``,
  ``break`` and ``continue`` call their hooks;
- ``and``/``or``/``not``, ``==``/``!=``, chained comparisons and ``a if c else b`` call hooks,
  because Python's versions would ask an IR expression for a truth value or its identity.

``if``/``for``/``while`` whose condition or iterable is ``X.constexpr(...)`` stay Python
control flow (host control flow during construction); ``break``/``continue`` of a host loop
stay Python's.

The program is one wrapper function whose parameters are the definition's captured names,
with the captured values as defaults (``def __tvm_make(__tvm_ns, T=T, ...)``), so the
generated code reads them as closure variables while execution globals hold only builtins
(and, never read by the generated code, the environment non-hygienic macros resolve from).
The wrapper returns one helper per annotation (each takes the symbols and parameters declared
before it, so Python itself handles shadowing) and the body helper. A macro's program has one
body helper with the macro's own parameters, whose ``return`` is Python's (transpile_macro);
under JIT construction the wrapper also takes the ``const_args`` mapping under a fresh name.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence, Set, Tuple

from .ast_build import GUARD_NAME, NS, RUNTIME_KEY, Loc, const_node, hook_call, loc_node, loc_of
from .ast_build import fill_locations, locate_header, located, name_node, source_nodes
from .generated import MAKE
from .guards import guard_attributes, guarded, guarded_frame, poison_stores, statement_parts

CONST_ARGS = "_const_args"
BODY = "__tvm_body"
CHAINED = "__tvm_chained"
"""The value of a chained assignment ``a = b = value``, bound to each target in turn."""
# The exec globals key under which a builder program keeps its definition's environment, so a
# non-hygienic macro it calls can resolve names the caller never mentions (parser/macro.py).
# The generated code never reads it, and untrusted source cannot name dunders.
BINDINGS_KEY = "__tvm_bindings__"

@dataclass(frozen=True)
class TranspileOptions:
    """How to transpile. ``tolerant``: every statement is guarded, so a failing one is
    recorded (by the runtime's ``fail``) and skipped, and the names it would bind are poisoned;
    a statement the transpiler rejects is recorded and replaced by that poisoning. Otherwise
    the first error raises. Only trusted source is transpiled; untrusted source is evaluated
    (evaluator.py), whose static check takes the same options."""

    tolerant: bool = False
    precheck: Optional[Callable[[Sequence[ast.AST]], None]] = None
    rejects: Tuple[type, ...] = ()
    """Exception types of ``precheck`` that reject a statement in tolerant mode."""
    positions: Optional[List[Tuple[Loc, str]]] = None
    """A list to record positions in: every value-producing expression of the source then
    reports its value to the runtime's ``at_`` with its index here (the position index). Each
    entry is (range, what): ``what`` is the name of a name, ``.attr`` for an attribute, else
    empty."""
    mutable_forms: Optional[Callable[[ast.expr], Tuple[str, ...]]] = None
    """The registered mutable-declaration forms (protocol_registry.mutable_decl_forms) of a
    source expression such as ``T.int32`` or ``T.local_scalar``, resolved without evaluating
    it; None: nothing declares mutable storage."""
    """Called with each statement's own parts (a compound statement's header, not its body)
    before it is transpiled; what it raises rejects the statement (untrusted.py's names)."""


@dataclass
class HeaderSymbol:
    """A symbol declared in a ``def f[n, k: T.int64]`` header."""

    name: str
    annotation: Optional[ast.expr]
    loc: Loc
    default_type: Optional[str] = None
    """The type without an annotation (None: int32); Apache TVM's TypeVar symbols are int64."""


@dataclass
class Signature:
    """What the driver needs besides the helpers: names and locations, in order."""

    name: str
    loc: Loc
    header: List[HeaderSymbol]
    params: List[Tuple[str, Loc]]
    has_return: bool


@dataclass
class TranspiledDefinition:
    """A builder program for one definition, before execution."""

    signature: Signature
    module: ast.Module
    capture_names: Tuple[str, ...]
    load_names: frozenset = field(default_factory=frozenset)
    helper_names: Tuple[str, ...] = ()
    """The generated helpers, in the order the wrapper returns them (the body helper last)."""
    const_args_name: Optional[str] = None
    """JIT construction: the fresh name under which the generated code reads ``const_args``."""
    helpers: List[ast.stmt] = field(default_factory=list)
    """The wrapper's statements, to wrap again for another capture set (``wrapped``)."""
    rejected: List[SyntaxError] = field(default_factory=list)
    """Tolerant transpiling: the statements rejected (and replaced by poisoning)."""

    def wrapped(self, capture_names: Sequence[str]) -> ast.Module:
        """The same helpers under a wrapper preserving ``capture_names`` as defaults (a
        non-hygienic macro captures what its caller binds, which differs per call site)."""
        extra = (self.const_args_name,) if self.const_args_name else ()
        return _wrap(self.helpers, tuple(capture_names), extra, self.module.body[0])


class SyntaxErrorFactory:
    """Builds CPython-style SyntaxErrors (1-based character offsets) from AST byte positions.

    ``lines`` is the source's LineIndex (source_text.py): ``line_text`` and ``char_column``.
    """

    def __init__(self, source_name: str, lines: Any) -> None:
        self.source_name = source_name
        self.lines = lines

    def at(self, node: ast.AST, message: str) -> SyntaxError:
        return self.at_loc(loc_of(node), message)

    def at_loc(self, loc: Loc, message: str) -> SyntaxError:
        line, col, end_line, end_col = loc
        return SyntaxError(message, (
            self.source_name, line, self.lines.char_column(line, col) + 1,
            self.lines.line_text(line), end_line,
            self.lines.char_column(end_line, end_col) + 1))


class _ExprRewriter(ast.NodeTransformer):
    """Rewrites the expression forms whose Python meaning differs from the IR's."""

    # All of them: Python would turn `0 < k` into `k > 0` through the reflected operator.
    _COMPARE_HOOKS = {ast.Eq: "eq_", ast.NotEq: "ne_", ast.Lt: "lt_", ast.LtE: "le_",
                      ast.Gt: "gt_", ast.GtE: "ge_"}

    def __init__(self, errors: SyntaxErrorFactory) -> None:
        self.errors = errors

    # Leaves: returning at once skips NodeVisitor's generic dispatch (and its visit_Constant
    # compatibility shim), the most frequent nodes of every expression (benchmarks/).
    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        hook = "and_" if isinstance(node.op, ast.And) else "or_"
        # `a and b and c` is one BoolOp; the IR nests to the left, as the reference builds it
        # (docs/conformance.md), so the printer prints the chain bare.
        result = node.values[0]
        for value in node.values[1:]:
            result = ast.copy_location(hook_call(hook, [result, value]), node)
        return result

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not):
            return ast.copy_location(hook_call("not_", [node.operand]), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        pairs = []
        left = node.left
        for op, right in zip(node.ops, node.comparators):
            hook = self._COMPARE_HOOKS.get(type(op))
            if hook is not None:
                pair = hook_call(hook, [left, right])
            else:
                pair = ast.Compare(left=left, ops=[op], comparators=[right])
            pairs.append(ast.copy_location(pair, node))
            left = right
        if len(pairs) == 1:
            return pairs[0]
        result = pairs[-1]
        for pair in reversed(pairs[:-1]):
            result = ast.copy_location(hook_call("and_", [pair, result]), node)
        return result

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        return ast.copy_location(hook_call("if_then_else_", [node.test, node.body, node.orelse]),
                                 node)

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        if is_constexpr(node):
            # `X.constexpr(value)` is the value, wherever it is (as in the reference); the
            # marker raises when called, so the namespace's hook checks marker and value.
            return ast.copy_location(hook_call("constexpr_", [node.func, node.args[0]]), node)
        # `T.Let(body, where={x: value})` defines x for body: body becomes `lambda x: body`.
        where = [k for k in node.keywords if k.arg == "where"]
        if (isinstance(node.func, ast.Attribute) and node.func.attr == "Let" and len(node.args) == 1
                and len(where) == 1 and isinstance(where[0].value, ast.Dict)
                and len(where[0].value.keys) == 1
                and isinstance(where[0].value.keys[0], ast.Name)):
            name = where[0].value.keys[0]
            body = ast.Lambda(
                args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=name.id)], kwonlyargs=[],
                                   kw_defaults=[], defaults=[]),
                body=node.args[0])
            call = hook_call("let_", [node.func, const_node(name.id), where[0].value.values[0],
                                  ast.copy_location(body, node.args[0])],
                         name_loc=const_node(loc_of(name)))
            return ast.copy_location(call, node)
        return node

    def visit_NamedExpr(self, node: ast.NamedExpr) -> ast.AST:
        raise self.errors.at(node, "Assignment expressions (`:=`) are not supported in TVMScript")

    def visit_Await(self, node: ast.Await) -> ast.AST:
        raise self.errors.at(node, "`await` is not supported in TVMScript")

    def visit_Yield(self, node: ast.Yield) -> ast.AST:
        raise self.errors.at(node, "`yield` is not supported in TVMScript")

    visit_YieldFrom = visit_Yield


_UNSUPPORTED_STATEMENTS = {
    ast.Global: "`global`",
    ast.Nonlocal: "`nonlocal`",
    ast.Try: "`try`",
    ast.Raise: "`raise`",
    ast.Import: "`import` inside a function",
    ast.ImportFrom: "`import` inside a function",
    ast.Delete: "`del`",
    ast.AsyncFor: "`async for`",
    ast.AsyncWith: "`async with`",
    ast.AsyncFunctionDef: "`async def`",
    ast.ClassDef: "A class inside a function",
    ast.FunctionDef: "A nested function",
    ast.Match: "`match`",
}
if hasattr(ast, "TryStar"):
    _UNSUPPORTED_STATEMENTS[ast.TryStar] = "`try`"


def statement_method(handler: Any, node: ast.stmt,
                     precheck: Optional[Callable[[Sequence[ast.AST]], None]],
                     errors: SyntaxErrorFactory) -> Callable[[Any], Any]:
    """The ``stmt_<Kind>`` method of ``handler`` for ``node`` (the transpiler's and the
    evaluator's static check share the dispatch), after the untrusted name rule; a statement
    TVMScript does not have raises at it."""
    if precheck is not None:
        precheck(statement_parts(node))
    unsupported = _UNSUPPORTED_STATEMENTS.get(type(node))
    if unsupported is not None and not nested_macro(node):
        raise errors.at(node, f"{unsupported} is not supported in TVMScript")
    method = getattr(handler, "stmt_" + type(node).__name__, None)
    if method is None:
        raise errors.at(node, f"`{type(node).__name__}` statements are not supported "
                              "in TVMScript")
    return method


def nested_macro(node: ast.stmt) -> bool:
    """``@T.inline def f(x): ...`` (or ``@T.macro``) inside a body: a macro of that body, which
    reads the body's names when it is called (Apache TVM's tests define helpers so). Its
    parameters take no defaults, ``*args`` or keywords-only."""
    if not isinstance(node, ast.FunctionDef) or len(node.decorator_list) != 1:
        return False
    decorator = node.decorator_list[0]
    args = node.args
    return isinstance(decorator, ast.Attribute) and isinstance(decorator.value, ast.Name) and \
        decorator.attr in ("inline", "macro") and not args.defaults and not args.kwonlyargs \
        and args.vararg is None and args.kwarg is None and not args.posonlyargs


def nested_macro_error(node: ast.FunctionDef, errors: SyntaxErrorFactory) -> None:
    """A nested macro's parameters are plain names (its check, shared by both paths)."""
    for arg in node.args.args:
        if arg.arg.startswith("__"):
            raise errors.at(arg, f"Parameter `{arg.arg}` of a nested macro is reserved")


def is_constexpr(node: ast.expr) -> bool:
    """``X.constexpr(value)``: the explicit marker of host control flow (``if``, ``for`` and
    ``while`` run as Python while the IR is built). Recognized by syntax alone."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "constexpr" and len(node.args) == 1 and not node.keywords)


def _statements(stmts: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a body, nested bodies included, in source order."""
    for stmt in stmts:
        yield stmt
        for field_name in ("body", "orelse", "finalbody"):
            nested = getattr(stmt, field_name, None)
            if nested and not isinstance(stmt, (ast.FunctionDef, ast.ClassDef, ast.Lambda)):
                yield from _statements(nested)


@dataclass
class MutableNames:
    """The mutable storage a body declares (docs/frontend.md, "Mutable scalars"): the names
    some statement declares with a registered mutable declaration (``x: T.int32 = 0``,
    ``x = T.local_scalar("int32")``, ``X = T.alloc_tensor(...)``), and those statements.
    Every other assignment of such a name in the body stores into its storage, as the
    reference decides: by syntax, for the whole function, whatever the nesting."""

    names: Set[str] = field(default_factory=set)
    declarations: Set[int] = field(default_factory=set)
    """``id`` of each declaring statement."""
    first: Dict[str, ast.stmt] = field(default_factory=dict)
    """The first declaring statement of each name."""


def mutable_names(stmts: Sequence[ast.stmt],
                  forms: Optional[Callable[[ast.expr], Tuple[str, ...]]]) -> MutableNames:
    found = MutableNames()
    if forms is None:
        return found
    for stmt in _statements(stmts):
        target: Optional[ast.expr] = None
        if isinstance(stmt, ast.AnnAssign):
            annotation = stmt.annotation
            # `x: T.int32[4]`: a local array, declared by the dtype's registered form too.
            if isinstance(annotation, ast.Subscript):
                annotation = annotation.value
            if "annotation" in forms(annotation):
                target = stmt.target
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
                isinstance(stmt.value, ast.Call) and "call" in forms(stmt.value.func):
            target = stmt.targets[0]
        if isinstance(target, ast.Name):
            found.names.add(target.id)
            found.declarations.add(id(stmt))
            found.first.setdefault(target.id, stmt)
    return found


# What encloses a statement, innermost last (_BodyTranspiler.scopes).
_IR_LOOP, _IR_SCOPE, _HOST_LOOP = "ir-loop", "ir-scope", "host-loop"


class _BodyTranspiler:
    """Statement by statement, the builder-program form of a function body.

    ``returns_value``: a macro body, whose ``return value`` hands the value to its caller as a
    Python return instead of emitting a Return statement.
    """

    def __init__(self, errors: SyntaxErrorFactory, *, returns_value: bool = False,
                 options: TranspileOptions = TranspileOptions()) -> None:
        self.errors = errors
        self.exprs = _ExprRewriter(errors)
        self.returns_value = returns_value
        self.options = options
        self.scopes: List[str] = []
        self.mutable = MutableNames()
        """The body's mutable storage (``scan``)."""
        self.symbols: Set[str] = set()
        """The names of the function's header symbols, which no assignment rebinds."""
        self.rejected: List[SyntaxError] = []
        """Tolerant mode: the statements the transpiler rejected, in source order."""

    def scan(self, stmts: Sequence[ast.stmt]) -> None:
        """Reads the body's mutable declarations before it is transpiled (``mutable``)."""
        self.mutable = mutable_names(stmts, self.options.mutable_forms)

    def scoped(self, scope: str, stmts: Sequence[ast.stmt]) -> List[ast.stmt]:
        self.scopes.append(scope)
        try:
            return self.body(stmts)
        finally:
            self.scopes.pop()

    def _innermost_loop(self) -> Tuple[Optional[str], bool]:
        """The kind of the innermost enclosing loop (None outside loops), and whether an IR
        scope (``if``, ``with``) lies between it and the statement."""
        crossed = False
        for scope in reversed(self.scopes):
            if scope in (_IR_LOOP, _HOST_LOOP):
                return scope, crossed
            crossed = True
        return None, crossed

    def expr(self, node: ast.expr) -> ast.expr:
        return self.exprs.visit(node)

    def body(self, stmts: Sequence[ast.stmt]) -> List[ast.stmt]:
        out: List[ast.stmt] = []
        for stmt in stmts:
            if not self.options.tolerant:
                out.extend(self.stmt(stmt))
                continue
            try:
                generated = self.stmt(stmt)
            except (SyntaxError, *self.options.rejects) as error:
                self.rejected.append(error)
                # What it binds is the poison, so its uses report nothing more.
                poison = ast.Attribute(value=name_node(RUNTIME_KEY), attr="poison", ctx=ast.Load())
                out.extend(poison_stores(stmt, poison))
                continue
            if not generated:
                continue
            frame = generated[0]
            if isinstance(stmt, (ast.For, ast.While, ast.If, ast.With)) and \
                    len(generated) == 1 and isinstance(frame, ast.With) and \
                    len(frame.items) == 1:
                out.extend(guarded_frame(stmt, frame, f"{GUARD_NAME}_{len(self.scopes)}"))
            else:
                out.append(guarded(stmt, generated))
        return out or [ast.Pass()]

    def stmt(self, node: ast.stmt) -> List[ast.stmt]:
        return located(node, statement_method(self, node, self.options.precheck,
                                              self.errors)(node))

    def stmt_Pass(self, node: ast.Pass) -> List[ast.stmt]:
        return []

    def stmt_Expr(self, node: ast.Expr) -> List[ast.stmt]:
        return [ast.Expr(hook_call("emit_", [self.expr(node.value)], loc=loc_node(node)))]

    def stmt_FunctionDef(self, node: ast.FunctionDef) -> List[ast.stmt]:
        """A nested macro (``nested_macro``): a Python function of the builder program whose
        body builds where it is called; ``return value`` hands the value back."""
        nested_macro_error(node, self.errors)
        inner = _BodyTranspiler(self.errors, returns_value=True, options=self.options)
        inner.symbols = set(self.symbols)
        body = without_docstring(node.body)
        inner.scan(body)
        arguments = ast.arguments(posonlyargs=[], args=[ast.copy_location(ast.arg(arg=a.arg), a)
                                                        for a in node.args.args],
                                  vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                  defaults=[])
        statements = inner.body(body) or [ast.Pass()]
        self.rejected.extend(inner.rejected)
        function = ast.FunctionDef(name=node.name, args=arguments, body=statements,
                                   decorator_list=[], returns=None, type_comment=None)
        return [ast.copy_location(function, node)]

    def _bind(self, target: ast.expr, value: Optional[ast.expr], node: ast.stmt,
              annotation: Optional[ast.expr] = None) -> List[ast.stmt]:
        """``value`` is None for a declaration without a value (``x: T.int32``)."""
        if isinstance(target, ast.Name):
            kwargs = {"loc": loc_node(node), "name_loc": loc_node(target)}
            if annotation is not None:
                kwargs["ty"] = self.annotation(annotation)
            if id(node) in self.mutable.declarations:
                args = [value] if value is not None else []
                call = hook_call("declare_mutable_", args, name=const_node(target.id), **kwargs)
                return [ast.Assign(targets=[name_node(target.id, ast.Store())], value=call)]
            if value is None:
                raise self.errors.at(node, "A declaration without a value declares a mutable "
                                           "scalar (`x: T.int32`); other names need a value: "
                                           "write `x: type = value`")
            if target.id in self.mutable.names:
                return [ast.Expr(self._store_mutable(target, value, node))]
            if target.id in self.symbols:
                raise self.errors.at(target, f"Symbol `{target.id}` cannot be reassigned: the "
                                             "function's `[...]` header declares it")
            call = hook_call("bind_", [value, const_node(target.id)], **kwargs)
            return [ast.Assign(targets=[name_node(target.id, ast.Store())], value=call)]
        if isinstance(target, ast.Subscript):
            if annotation is not None:
                raise self.errors.at(node, "A store `x[...] = value` takes no annotation")
            return [ast.Expr(self._setitem(target, value, node))]
        if isinstance(target, (ast.Tuple, ast.List)):
            names = []
            for element in target.elts:
                if not isinstance(element, ast.Name):
                    raise self.errors.at(element, "Unpacking assigns to plain names only")
                names.append(element)
            call = hook_call("bind_many_", [value, const_node(tuple(n.id for n in names))],
                         loc=loc_node(node), name_locs=const_node(tuple(loc_of(n) for n in names)))
            store = ast.Tuple(elts=[name_node(n.id, ast.Store()) for n in names], ctx=ast.Store())
            return [ast.Assign(targets=[store], value=call)]
        raise self.errors.at(target, "Only names, tensor elements and tuples of names can be "
                                     "assigned in TVMScript")

    def _store_mutable(self, target: ast.Name, value: ast.expr, node: ast.stmt) -> ast.Call:
        """``x = value`` of mutable storage ``x``: a store into it. The storage is read at the
        target's range, so the target is an occurrence of what it names."""
        first = self.mutable.first[target.id]
        if (node.lineno, node.col_offset) < (first.lineno, first.col_offset):
            # No line number in the message: a definition's diagnostics move with it.
            raise self.errors.at(target, f"`{target.id}` is declared as mutable storage "
                                         "further down the function; assign it after that "
                                         "declaration")
        storage = ast.copy_location(name_node(target.id), target)
        return hook_call("store_mutable_", [storage, value], name=const_node(target.id),
                         loc=loc_node(node))

    def _setitem(self, target: ast.Subscript, value: ast.expr, node: ast.stmt) -> ast.Call:
        index = target.slice
        indices = index.elts if isinstance(index, ast.Tuple) else [index]
        elements, slices = [], []
        for n, i in enumerate(indices):
            if not isinstance(i, ast.Slice):
                elements.append(self.expr(i))
                continue
            # `B[a:b:s] = v` stores a vector at T.Ramp(a, s, lanes): the slice goes as its parts.
            if i.lower is None or i.upper is None:
                raise self.errors.at(i, "A tensor slice needs both bounds: write "
                                        "`A[start:stop] = value`")
            step = self.expr(i.step) if i.step is not None else const_node(None)
            parts = [self.expr(i.lower), self.expr(i.upper), step]
            elements.append(ast.Tuple(elts=parts, ctx=ast.Load()))
            slices.append(n)
        key = ast.Tuple(elts=elements, ctx=ast.Load())
        extra = {"slices": const_node(tuple(slices))} if slices else {}
        # Keyword order keeps Python's evaluation order: the value before the target.
        return hook_call("setitem_", value=value, target=self.expr(target.value), key=key,
                     loc=loc_node(node), **extra)

    def stmt_Assign(self, node: ast.Assign) -> List[ast.stmt]:
        value = self.expr(node.value)
        if len(node.targets) == 1:
            return self._bind(node.targets[0], value, node)
        # `a = b = value`: the value once, then each target in order bound to it, as the
        # reference does (a variable value is aliased by both names).
        out: List[ast.stmt] = [ast.Assign(targets=[name_node(CHAINED, ast.Store())],
                                          value=value)]
        for target in node.targets:
            out.extend(self._bind(target, name_node(CHAINED), node))
        return out

    def stmt_AnnAssign(self, node: ast.AnnAssign) -> List[ast.stmt]:
        value = self.expr(node.value) if node.value is not None else None
        return self._bind(node.target, value, node, node.annotation)

    def stmt_AugAssign(self, node: ast.AugAssign) -> List[ast.stmt]:
        if isinstance(node.target, ast.Name) and node.target.id in self.mutable.names:
            # `x += v` of mutable storage: a store of `x + v` (x read once, as the storage).
            load = ast.copy_location(name_node(node.target.id), node.target)
            value = ast.copy_location(ast.BinOp(left=load, op=node.op, right=node.value), node)
            return [ast.Expr(self._store_mutable(node.target, self.expr(value), node))]
        if isinstance(node.target, ast.Name):
            # `x += v` rebinds `x` to `x + v`, as `x = x + v` does.
            load = ast.copy_location(name_node(node.target.id), node.target)
            value = ast.copy_location(ast.BinOp(left=load, op=node.op, right=node.value), node)
            return self._bind(node.target, self.expr(value), node)
        if not isinstance(node.target, ast.Subscript):
            raise self.errors.at(node, "`x op= value` works on names and tensor elements "
                                       "(`A[i] += v`)")
        load = ast.Subscript(value=node.target.value, slice=node.target.slice, ctx=ast.Load())
        value = ast.copy_location(ast.BinOp(left=load, op=node.op, right=node.value), node)
        return [ast.Expr(self._setitem(node.target, self.expr(value), node))]

    def annotation(self, node: ast.expr) -> ast.expr:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            raise self.errors.at(node, "Quoted annotations are not supported in TVMScript: "
                                       "write the annotation without quotes")
        return self.expr(node)

    def _loop_iter(self, node: ast.expr) -> ast.expr:
        # `range(...)` builds a loop only when `range` is the builtin; the hook decides at run time.
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "range"):
            args = [self.expr(a) for a in node.args]
            kwargs = {k.arg: self.expr(k.value) for k in node.keywords if k.arg}
            return ast.copy_location(hook_call("range_", [node.func, *args], **kwargs), node)
        return self.expr(node)

    def stmt_For(self, node: ast.For) -> List[ast.stmt]:
        if node.orelse:
            raise self.errors.at(node.orelse[0], "`for ... else` is not supported in TVMScript")
        if is_constexpr(node.iter):
            return self._host_for(node)
        target = node.target
        elements = target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]
        for element in elements:
            if not isinstance(element, ast.Name):
                raise self.errors.at(element, "A loop variable must be a plain name")
        names = const_node(tuple(e.id for e in elements))
        frame = hook_call("for_", [self._loop_iter(node.iter)], names=names, loc=loc_node(node),
                      name_locs=const_node(tuple(loc_of(e) for e in elements)))
        # Errors opening the loop point at its header, not at the whole statement.
        locate_header(frame, node.target, node.iter)
        store: ast.expr = name_node(target.id, ast.Store()) if isinstance(target, ast.Name) else \
            ast.Tuple(elts=[name_node(e.id, ast.Store()) for e in elements], ctx=ast.Store())
        return [ast.With(items=[ast.withitem(context_expr=frame, optional_vars=store)],
                         body=self.scoped(_IR_LOOP, node.body))]

    def _host_for(self, node: ast.For) -> List[ast.stmt]:
        """``for k in T.constexpr(values):``: a Python loop; its body is built once per value."""
        elements = node.target.elts if isinstance(node.target, (ast.Tuple, ast.List)) \
            else [node.target]
        for element in elements:
            if not isinstance(element, ast.Name):
                raise self.errors.at(element, "A loop variable must be a plain name")
        return [ast.For(target=node.target, iter=self.expr(node.iter),
                        body=self.scoped(_HOST_LOOP, node.body), orelse=[])]

    def stmt_While(self, node: ast.While) -> List[ast.stmt]:
        if node.orelse:
            raise self.errors.at(node.orelse[0], "`while ... else` is not supported in "
                                                 "TVMScript")
        if is_constexpr(node.test):
            # `while T.constexpr(c):` a Python loop, its condition evaluated before each pass.
            return [ast.While(test=self.expr(node.test),
                              body=self.scoped(_HOST_LOOP, node.body), orelse=[])]
        frame = hook_call("while_", [self.expr(node.test)], loc=loc_node(node))
        locate_header(frame, node.test, node.test)
        return [ast.With(items=[ast.withitem(context_expr=frame)],
                         body=self.scoped(_IR_LOOP, node.body))]

    def stmt_If(self, node: ast.If) -> List[ast.stmt]:
        if is_constexpr(node.test):
            # `if T.constexpr(c):` a Python if: only the branch taken builds IR.
            orelse = self.body(node.orelse) if node.orelse else []
            return [ast.If(test=self.expr(node.test), body=self.body(node.body), orelse=orelse)]
        then = hook_call("then_", loc=loc_node(node))
        branches = [ast.With(items=[ast.withitem(context_expr=then)],
                             body=self.scoped(_IR_SCOPE, node.body))]
        if node.orelse:
            first = node.orelse[0]
            branches.append(ast.With(
                items=[ast.withitem(context_expr=hook_call("else_", loc=loc_node(first)))],
                body=self.scoped(_IR_SCOPE, node.orelse)))
        frame = hook_call("if_", [self.expr(node.test)], loc=loc_node(node))
        locate_header(frame, node.test, node.test)
        return [ast.With(items=[ast.withitem(context_expr=frame)], body=located(node, branches))]

    def stmt_With(self, node: ast.With) -> List[ast.stmt]:
        items = []
        for item in node.items:
            named = {}
            target = item.optional_vars
            if isinstance(target, ast.Name):  # a thread launch names its variable
                named = {"name": const_node(target.id), "name_loc": loc_node(target)}
            elif isinstance(target, ast.Tuple) and all(isinstance(e, ast.Name)
                                                       for e in target.elts):
                # `with T.frame_scope([...]) as (i, j):` names the frames' loops
                named = {"names": const_node(tuple(e.id for e in target.elts))}
            frame = hook_call("with_", [self.expr(item.context_expr)],
                              loc=loc_node(item.context_expr), **named)
            locate_header(frame, item.context_expr, item.context_expr)
            items.append(ast.withitem(context_expr=frame, optional_vars=item.optional_vars))
        return [ast.With(items=items, body=self.scoped(_IR_SCOPE, node.body))]

    def stmt_Assert(self, node: ast.Assert) -> List[ast.stmt]:
        message = self.expr(node.msg) if node.msg is not None else const_node("")
        return [ast.Expr(hook_call("assert_", [self.expr(node.test), message], loc=loc_node(node)))]

    def stmt_Return(self, node: ast.Return) -> List[ast.stmt]:
        value = self.expr(node.value) if node.value is not None else const_node(None)
        if self.returns_value:
            if any(scope != _HOST_LOOP for scope in self.scopes):
                raise self.errors.at(node, "A macro's `return` hands a value to its caller, so "
                                           "it cannot be inside an IR loop, an IR `if` or a "
                                           "`with` scope (use `T.constexpr(...)` for host "
                                           "control flow)")
            return [ast.Return(value)]
        return [ast.Expr(hook_call("return_", [value], loc=loc_node(node)))]

    def _loop_exit(self, node: ast.stmt, hook: str, python: ast.stmt) -> List[ast.stmt]:
        """``break``/``continue``: Python's in a host loop, the IR's in an IR loop."""
        innermost_loop, crosses_ir_scope = self._innermost_loop()
        if innermost_loop == _HOST_LOOP:
            if crosses_ir_scope:
                raise self.errors.at(node, f"`{hook[:-1]}` inside an IR scope cannot leave a "
                                           "host loop (`for ... in T.constexpr(...)`)")
            return [python]
        return [ast.Expr(hook_call(hook, loc=loc_node(node)))]

    def stmt_Break(self, node: ast.Break) -> List[ast.stmt]:
        return self._loop_exit(node, "break_", ast.Break())

    def stmt_Continue(self, node: ast.Continue) -> List[ast.stmt]:
        return self._loop_exit(node, "continue_", ast.Continue())


def without_docstring(body: List[ast.stmt]) -> List[ast.stmt]:
    first = body[0] if body else None
    if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)):
        return body[1:]
    return body


def _check_arguments(args: ast.arguments, errors: SyntaxErrorFactory,
                     node: ast.FunctionDef, keyword_only: bool = False) -> List[ast.arg]:
    """The parameters of a TVMScript function, in order. ``keyword_only``: a ``@T.jit``
    template, whose ``*, N: T.constexpr`` parameters are given by name when it is
    specialized (the reference's spelling); they follow the others."""
    if args.vararg is not None or args.kwarg is not None:
        bad = args.vararg or args.kwarg
        raise errors.at(bad, "`*args` and `**kwargs` are not supported in TVMScript functions")
    if args.posonlyargs or (args.kwonlyargs and not keyword_only):
        bad = (args.posonlyargs or args.kwonlyargs)[0]
        what = "Positional-only" if args.posonlyargs else "Keyword-only"
        where = "TVMScript functions" if args.posonlyargs else \
            "TVMScript functions but `@T.jit` templates"
        raise errors.at(bad, f"{what} parameters are not supported in {where}")
    defaults = [*args.defaults, *filter(None, args.kw_defaults)]
    if defaults:
        raise errors.at(defaults[0], "Parameter defaults are not supported in TVMScript "
                                     "functions")
    params = [*args.args, *args.kwonlyargs]
    for arg in params:
        if arg.annotation is None:
            raise errors.at(arg, f"Parameter `{arg.arg}` needs a type annotation "
                                 "(`T.int32`, `T.Tensor(...)`)")
    return params


def _helper(name: str, params: Sequence[str], body: List[ast.stmt]) -> ast.FunctionDef:
    return ast.FunctionDef(
        name=name,
        args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=p) for p in params],
                           kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=body, decorator_list=[], returns=None, type_comment=None)


def _declare(declared: List[str], name: str) -> None:
    """Adds a name the later helpers take; a parameter `n: n` re-declares a header symbol, and
    one helper parameter serves both (the driver passes the latest value by name)."""
    if name not in declared:
        declared.append(name)


def _fresh(base: str, used: Iterable[str]) -> str:
    """``base``, or ``base_1``, ``base_2``... whichever the definition does not use."""
    used = set(used)
    name, i = base, 0
    while name in used:
        i += 1
        name = f"{base}_{i}"
    return name


def _wrap(helpers: List[ast.stmt], capture_names: Tuple[str, ...], extra_params: Tuple[str, ...],
          template: ast.AST) -> ast.Module:
    """``def __tvm_make(__tvm_ns, <extra>, name=name, ...): <helpers>``: original-name wrapper
    parameters whose defaults are the definition's values."""
    wrapper_args = ast.arguments(
        posonlyargs=[],
        args=[ast.arg(arg=NS)] + [ast.arg(arg=n) for n in (*extra_params, *capture_names)],
        kwonlyargs=[], kw_defaults=[], defaults=[name_node(n) for n in capture_names])
    wrapper = ast.FunctionDef(name=MAKE, args=wrapper_args, body=helpers, decorator_list=[],
                              returns=None, type_comment=None)
    ast.copy_location(wrapper, template)
    module = ast.Module(body=[wrapper], type_ignores=[])
    fill_locations(module, located=helpers)  # guard_attributes located the helpers
    return module


def _load_names(node: ast.AST, header: Sequence[HeaderSymbol] = ()) -> frozenset:
    names = frozenset(n.id for n in source_nodes(node) if isinstance(n, ast.Name))
    for symbol in header:
        if symbol.annotation is not None:
            names |= {n.id for n in ast.walk(symbol.annotation) if isinstance(n, ast.Name)}
    return names


def transpile_function(node: ast.FunctionDef, header: List[HeaderSymbol],
                       errors: SyntaxErrorFactory,
                       is_captured: Callable[[str], bool], *,
                       jit: bool = False, keyword_only: bool = False,
                       options: TranspileOptions = TranspileOptions()) -> TranspiledDefinition:
    """The builder program of one function definition.

    ``is_captured(name)`` tells whether the definition's environment binds ``name``; those
    names become wrapper parameters. Nothing captured is read here.

    ``jit``: root JIT construction. The wrapper takes the ``const_args`` mapping under a fresh
    name, and each parameter helper hands the mapping to the namespace's ``jit_arg_`` hook,
    which decides at run time between a fixed value and a parameter; the program is the same
    whatever the mapping holds.
    """
    params = _check_arguments(node.args, errors, node, keyword_only)
    load_names = _load_names(node, header)
    const_args = None
    if jit:
        const_args = _fresh(CONST_ARGS, {*load_names, *(a.arg for a in params),
                                         *(h.name for h in header)})
    body = _BodyTranspiler(errors, options=options)
    declared: List[str] = []
    helpers: List[ast.stmt] = []
    returned: List[ast.expr] = []
    names: List[str] = []
    for i, symbol in enumerate(header):
        if symbol.annotation is not None:
            annotation = body.annotation(symbol.annotation)
            helpers.append(ast.copy_location(
                _helper(f"__tvm_header_{i}", declared, [ast.Return(annotation)]),
                symbol.annotation))
            returned.append(name_node(f"__tvm_header_{i}"))
            names.append(f"__tvm_header_{i}")
        else:
            returned.append(const_node(None))
        _declare(declared, symbol.name)
    for i, arg in enumerate(params):
        annotation = body.annotation(arg.annotation)
        if const_args is not None:
            thunk = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                                  kw_defaults=[], defaults=[]), body=annotation)
            annotation = ast.copy_location(
                hook_call("jit_arg_", [name_node(const_args), const_node(arg.arg),
                                   ast.copy_location(thunk, arg.annotation)],
                      loc=const_node(loc_of(arg))), arg)
        # apache-tvm 0.27 prints `B: T.Buffer((n,))` after `A: T.Buffer(("n",))` and before
        # the parameter `n` itself: a later parameter's name an annotation reads is taken too
        # (the driver passes the symbol an earlier string extent declared under that name).
        loaded = {n.id for n in ast.walk(arg.annotation) if isinstance(n, ast.Name)}
        later = [p.arg for p in params[i + 1:] if p.arg in loaded and p.arg not in declared]
        helpers.append(ast.copy_location(
            _helper(f"__tvm_param_{i}", [*declared, *later], [ast.Return(annotation)]), arg))
        returned.append(name_node(f"__tvm_param_{i}"))
        names.append(f"__tvm_param_{i}")
        _declare(declared, arg.arg)
    if node.returns is not None:
        annotation = body.annotation(node.returns)
        helpers.append(ast.copy_location(
            _helper("__tvm_return", declared, [ast.Return(annotation)]), node.returns))
        returned.append(name_node("__tvm_return"))
        names.append("__tvm_return")
    statements = without_docstring(node.body)
    body.scan(statements)
    body.symbols = {symbol.name for symbol in header}
    helpers.append(ast.copy_location(
        _helper(BODY, declared, body.body(statements)), node))
    returned.append(name_node(BODY))
    names.append(BODY)
    helpers.append(ast.copy_location(
        ast.Return(ast.Tuple(elts=returned, ctx=ast.Load())), node))

    capture_names = tuple(sorted(n for n in load_names if not n.startswith("__tvm_")
                                 and is_captured(n)))
    helpers = guard_attributes(helpers, options)
    module = _wrap(helpers, capture_names, (const_args,) if const_args else (), node)
    signature = Signature(
        name=node.name, loc=loc_of(node), header=header,
        params=[(a.arg, loc_of(a)) for a in params], has_return=node.returns is not None)
    return TranspiledDefinition(signature, module, capture_names, load_names, tuple(names),
                                const_args, helpers, body.rejected)


def transpile_macro(node: ast.FunctionDef, errors: SyntaxErrorFactory,
                    is_captured: Callable[[str], bool], *,
                    preserve_return: bool = True,
                    options: TranspileOptions = TranspileOptions()) -> TranspiledDefinition:
    """The builder program of a macro: one body helper with the macro's own Python parameters
    (defaults, ``*args``, keywords; annotations are not evaluated), which builds IR in whatever
    frame is open when it is called.

    ``preserve_return``: ``return value`` returns the value to the caller (a Python return);
    otherwise it emits a Return statement into the caller's function, like a function body.
    """
    body = _BodyTranspiler(errors, returns_value=preserve_return, options=options)
    body.scan(without_docstring(node.body))
    args = node.args

    def plain(arg: Optional[ast.arg]) -> Optional[ast.arg]:
        return None if arg is None else ast.copy_location(ast.arg(arg=arg.arg), arg)

    arguments = ast.arguments(
        posonlyargs=[plain(a) for a in args.posonlyargs],
        args=[plain(a) for a in args.args],
        vararg=plain(args.vararg),
        kwonlyargs=[plain(a) for a in args.kwonlyargs],
        kw_defaults=[None if d is None else body.expr(d) for d in args.kw_defaults],
        kwarg=plain(args.kwarg),
        defaults=[body.expr(d) for d in args.defaults])
    helper = ast.FunctionDef(name=BODY, args=arguments,
                             body=body.body(without_docstring(node.body)), decorator_list=[],
                             returns=None, type_comment=None)
    helpers: List[ast.stmt] = [
        ast.copy_location(helper, node),
        ast.copy_location(ast.Return(ast.Tuple(elts=[name_node(BODY)], ctx=ast.Load())), node),
    ]
    load_names = _load_names(node)
    capture_names = tuple(sorted(n for n in load_names if not n.startswith("__tvm_")
                                 and is_captured(n)))
    helpers = guard_attributes(helpers, options)
    module = _wrap(helpers, capture_names, (), node)
    params = [a for a in (*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs,
                          args.kwarg) if a is not None]
    signature = Signature(name=node.name, loc=loc_of(node), header=[],
                          params=[(a.arg, loc_of(a)) for a in params], has_return=False)
    return TranspiledDefinition(signature, module, capture_names, load_names, (BODY,), None,
                                helpers, body.rejected)
