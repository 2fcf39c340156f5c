"""An untrusted definition as the evaluator runs it: the static check of its signature and body
(what the transpiler would reject, evaluator_check.py), and the helpers the program driver
calls (program.py): one per header annotation, parameter and return annotation, and the body;
for a macro, its body with the macro's own Python parameters.

It is the untrusted counterpart of transpile.py + compile + exec: the same signature, the same
rejections, the same hook calls, and nothing of the file compiled or run as Python.
"""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Set

from .ast_build import loc_of, walk_nodes
from .evaluator import Environment, Evaluator, MacroReturn, Scope, signature_of
from .evaluator_check import StatementCheck
from . import namespaces
from .evaluator_values import Budget, member_refusal
from .transpile import HeaderSymbol, MutableNames, Signature, SyntaxErrorFactory, TranspileOptions
from .transpile import _check_arguments, mutable_names, without_docstring


@dataclass
class EvaluatedDefinition:
    """A definition checked for the evaluator (``BuilderProgram.transpile`` in untrusted mode):
    ``rejected`` as the transpiler reports them; ``rejections`` maps each statement id."""

    signature: Signature
    statements: List[ast.stmt]
    mutable: MutableNames
    rejections: Dict[int, BaseException]
    rejected: List[BaseException] = field(default_factory=list)
    load_names: frozenset = frozenset()
    capture_names: tuple = ()


MemberRule = Optional[Callable[[ast.Attribute], Optional[str]]]


def member_rule(bindings: Mapping[str, Any], local: Set[str]) -> MemberRule:
    """The static refusal of ``X.name`` where ``X`` is a name the definition does not bind
    itself and its environment binds to a registered namespace."""
    def refusal(node: ast.Attribute) -> Optional[str]:
        if not isinstance(node.value, ast.Name) or node.value.id in local:
            return None
        try:
            value = bindings[node.value.id]
        except KeyError:
            return None
        root = namespaces.root_of(value)
        return None if root is None else member_refusal(value, root, node.attr)
    return refusal


def _load_names(node: ast.AST) -> frozenset:
    return frozenset(n.id for n in walk_nodes(node)
                     if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))


def check_function(node: ast.FunctionDef, header: List[HeaderSymbol],
                   errors: SyntaxErrorFactory, options: TranspileOptions,
                   members: MemberRule = None, keyword_only: bool = False) -> EvaluatedDefinition:
    """The transpiler's checks of a function (transpile_function), nothing evaluated;
    ``members`` refuses namespace attributes that are no members for bodies."""
    params = _check_arguments(node.args, errors, node, keyword_only)
    statements = without_docstring(node.body)
    check = _checker(errors, options, statements, returns_value=False,
                     symbols={symbol.name for symbol in header})
    check.member_refusal = members
    check.symbols = set()
    for symbol in header:
        if symbol.annotation is not None:
            check.annotation(symbol.annotation)
    for arg in params:
        check.annotation(arg.annotation)  # type: ignore[arg-type]
    if node.returns is not None:
        check.annotation(node.returns)
    check.symbols = {symbol.name for symbol in header}
    check.body(statements)
    signature = Signature(name=node.name, loc=loc_of(node), header=header,
                          params=[(a.arg, loc_of(a)) for a in params],
                          has_return=node.returns is not None)
    return EvaluatedDefinition(signature, statements, check.mutable, check.rejected,
                               check.order, _load_names(node))


def check_macro(node: ast.FunctionDef, errors: SyntaxErrorFactory, options: TranspileOptions,
                preserve_return: bool, members: MemberRule = None) -> EvaluatedDefinition:
    """The transpiler's checks of a macro (transpile_macro)."""
    statements = without_docstring(node.body)
    check = _checker(errors, options, statements, returns_value=preserve_return, symbols=set())
    check.member_refusal = members
    for default in (*node.args.defaults, *node.args.kw_defaults):
        check.expr(default)
    check.body(statements)
    args = node.args
    params = [a for a in (*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs,
                          args.kwarg) if a is not None]
    signature = Signature(name=node.name, loc=loc_of(node), header=[],
                          params=[(a.arg, loc_of(a)) for a in params], has_return=False)
    return EvaluatedDefinition(signature, statements, check.mutable, check.rejected,
                               check.order, _load_names(node))


def _checker(errors: SyntaxErrorFactory, options: TranspileOptions, statements: List[ast.stmt],
             returns_value: bool, symbols: set) -> StatementCheck:
    return StatementCheck(errors, tolerant=options.tolerant, returns_value=returns_value,
                          precheck=options.precheck, rejects=options.rejects,
                          mutable=mutable_names(statements, options.mutable_forms),
                          symbols=symbols)


class EvaluatedHelper:
    """One helper of the program driver: ``run(values)`` with the values of the names declared
    before it (header symbols and parameters, by name)."""

    def __init__(self, run: Any) -> None:
        self.run = run


def function_helpers(program: Any, definition: EvaluatedDefinition,
                     bindings: Mapping[str, Any]) -> List[Any]:
    """The helpers of a function, as the wrapper of its builder program returned them (header
    annotations or None, parameter annotations, the return annotation, the body); they share
    one evaluator (``program.evaluator``), whose positions the analysis reads."""
    node: ast.FunctionDef = program.node
    env = Environment(bindings)
    evaluator = Evaluator(program.namespace, tolerant=program.options.tolerant,
                          rejected=definition.rejections, mutable=definition.mutable,
                          source_name=program.source_name, lines=program.lines,
                          positions=program.options.tolerant)
    program.evaluator = evaluator

    def annotation(expr: ast.expr) -> EvaluatedHelper:
        return EvaluatedHelper(lambda values: evaluator.eval(expr, Scope(env, dict(values))))

    helpers: List[Any] = []
    for symbol in definition.signature.header:
        helpers.append(annotation(symbol.annotation) if symbol.annotation is not None else None)
    const_args = program.const_args
    for arg in (*node.args.args, *node.args.kwonlyargs):  # as check_function ordered them
        if const_args is None:
            helpers.append(annotation(arg.annotation))  # type: ignore[arg-type]
            continue

        def jit_arg(values: Mapping[str, Any], arg: ast.arg = arg) -> Any:
            scope = Scope(env, dict(values))
            thunk = lambda: evaluator.eval(arg.annotation, scope)  # noqa: E731
            return evaluator.at(loc_of(arg), lambda: program.namespace.jit_arg_(
                const_args, arg.arg, thunk, loc=loc_of(arg)))

        helpers.append(EvaluatedHelper(jit_arg))
    if node.returns is not None:
        helpers.append(annotation(node.returns))

    def body(values: Mapping[str, Any]) -> None:
        evaluator.body(definition.statements, Scope(env, dict(values)))

    helpers.append(EvaluatedHelper(body))
    return helpers


class MacroBody:
    """A macro's body with its own parameters (defaults evaluated when it is made, as the
    builder program's ``def`` evaluated them). ``outer`` is where its free names are read:
    the definition's environment, or (non-hygienic) the caller's scope."""

    def __init__(self, program: Any, definition: EvaluatedDefinition, outer: Any,
                 budget: Optional[Budget] = None) -> None:
        self.program = program
        self.definition = definition
        self.outer = outer
        args = program.node.args
        maker = self._evaluator(budget)
        scope = Scope(outer)
        defaults = [maker.eval(d, scope) for d in args.defaults]
        kw_defaults = [_NO_DEFAULT if d is None else maker.eval(d, scope)
                       for d in args.kw_defaults]
        self.__signature__ = signature_of(args, defaults, kw_defaults)

    def _evaluator(self, budget: Optional[Budget]) -> Evaluator:
        program = self.program
        return Evaluator(program.namespace, tolerant=False, rejected={},
                         mutable=self.definition.mutable, source_name=program.source_name,
                         lines=program.lines, positions=False, budget=budget,
                         returns_value=program.decorator.preserve_return)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.run(args, kwargs, None)

    def run(self, args: Sequence[Any], kwargs: Mapping[str, Any],
            budget: Optional[Budget]) -> Any:
        bound = self.__signature__.bind(*args, **kwargs)
        bound.apply_defaults()
        scope = Scope(self.outer, dict(bound.arguments))
        try:
            self._evaluator(budget).body(self.definition.statements, scope)
        except MacroReturn as returned:
            return returned.value
        return None


_NO_DEFAULT = inspect.Parameter.empty


def snapshot_environment(bindings: Mapping[str, Any],
                         definition: EvaluatedDefinition) -> Environment:
    """A hygienic macro's names, read now (its definition time)."""
    env = Environment(bindings)
    for name in definition.load_names:
        env.get(name, None)
    return env


__all__ = ["EvaluatedDefinition", "EvaluatedHelper", "MacroBody", "check_function",
           "check_macro", "function_helpers", "member_rule", "snapshot_environment"]
