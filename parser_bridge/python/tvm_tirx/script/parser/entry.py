"""Parsing entry points: source text or a decorated Python definition -> IR.

These are the raising layers. ``from_source`` runs the analysis engine (analysis.py) over the
text and raises the first error it recorded, with its Python type and source location
(``error_location(exc)``); a decorator builds its definition with the same builder program
(program.py) over the captures of the decorated Python object, and raises as well.
"""

from __future__ import annotations

import ast
import builtins
import types
from typing import Any, Dict, Mapping, Optional, Tuple

from ..decorators import DeferredDefinition, DefinitionKind, JITDecorator, ModuleDecorator
from ..decorators import PythonFunctionDecorator, ScriptDecorator, install_parser
from . import namespaces
from .analysis import AnalysisOptions, analyze
from ..ir import pyfunc
from .locations import error_location
from .macro import from_python
from .program import BuilderProgram, ModuleSource, ProgramOptions, build_function, build_module
from .program import check_standalone, module_members
from .source import acquire, require_decorated_at_definition
from .source_text import SourceScan, scan
from .ast_build import loc_of
from .transpile import SyntaxErrorFactory

_TRUSTED = ProgramOptions(trusted=True)


def _evaluate_attrs(call: ast.Call, scope: Mapping[str, Any]) -> Any:
    """``I.module_attrs(...)`` of a decorated class: trusted Python, evaluated as written."""
    code = compile(ast.Expression(body=call), "<module_attrs>", "eval")
    return eval(code, {"__builtins__": builtins}, dict(scope))  # noqa: S307 - trusted


def _parse_text(text: str, source_name: str) -> Tuple[SourceScan, ast.Module]:
    source = scan(text, source_name)
    return source, ast.parse(source.blanked_text, source_name)


def from_source(text: str, extra_vars: Optional[Mapping[str, Any]] = None, *,
                source_name: str = "<string>", trusted: bool = False,
                const_args: Optional[Mapping[str, Any]] = None) -> Any:
    """The IR of TVMScript source text holding one decorated definition (besides macros).

    Names come from ``extra_vars`` and from imports of the script namespaces in the text
    (``from tvm_tirx.script import tirx as T``); untrusted text (the default) runs nothing but
    its checked builder program (no module code, literal decorator options only); trusted
    text also runs its module code first. Macros (``@T.macro``) in the text are defined first
    and visible to the definition. ``const_args`` (even empty) selects JIT construction of the
    function. Raises the first error the analysis found.
    """
    if not isinstance(text, str):
        raise TypeError(f"from_source takes the source text as a str, got "
                        f"`{type(text).__name__}`")
    report = analyze(text, AnalysisOptions(source_name=source_name, trusted=trusted,
                                           extra_vars=dict(extra_vars or {}),
                                           const_args=const_args, build_only=True))
    if report.errors:
        raise report.errors[0]
    found = [d for d in report.definitions if d.kind != "macro" and d.depth == 0]
    if len(found) != 1:
        raise ValueError(f"{source_name}: expected one TVMScript definition (a function "
                         f"decorated with `@T.function` or a class decorated with "
                         f"`@I.ir_module`), found {len(found)}")
    for definition in report.definitions:
        if definition.errors:
            raise definition.errors[0]
    definition = found[0]
    if definition.kind == "module":
        if const_args is not None:
            raise TypeError("`const_args` apply to one function, not to an IR module")
        return definition.ir
    return check_standalone(definition.ir, definition.decorator, definition.program)


def parse(program: Any, extra_vars: Optional[Mapping[str, Any]] = None) -> Any:
    """The IR of source text (as ``from_source``) or of a Python definition."""
    if isinstance(program, str):
        return from_source(program, extra_vars)
    raise TypeError("parse takes source text; decorate a Python definition with `@T.function`")


# --- decorated Python definitions -------------------------------------------------------------

def _acquire(obj: Any, decorator: Any,
             caller_frame: Optional[types.FrameType]) -> Tuple[Any, SourceScan]:
    """The decorated object's source (checked to be decorated where it is defined) and the scan
    of its file, whose header lists were blanked for parsing."""
    namespaces.ensure_initialized()
    scans: Dict[str, SourceScan] = {}

    def parse_file(text: str, filename: str) -> ast.Module:
        source, module = _parse_text(text, filename)
        scans[filename] = source
        return module

    acquired = acquire(obj, caller_frame=caller_frame, parse=parse_file)
    require_decorated_at_definition(acquired, {decorator.name}, decorator.display)
    return acquired, scans[acquired.source_name]


def parse_decorated(definition: Any, decorator: ScriptDecorator,
                    caller_frame: Optional[types.FrameType]) -> Any:
    """``@T.function`` applied to a Python function: its IR, built from its source."""
    acquired, source = _acquire(definition, decorator, caller_frame)
    if not isinstance(acquired.node, ast.FunctionDef):
        raise TypeError(f"`{decorator.name}` decorates functions, got a "
                        f"{type(acquired.node).__name__}")
    if decorator.kind is DefinitionKind.MACRO or isinstance(decorator, JITDecorator):
        return from_python(BuilderProgram(
            acquired.node, source, acquired.source_name, acquired.captures,
            decorator, _TRUSTED, qualname=getattr(definition, "__qualname__", None),
            const_args={} if isinstance(decorator, JITDecorator) else None), decorator)
    ir, program = build_function(acquired.node, source, acquired.source_name,
                                 acquired.captures, decorator, _TRUSTED)
    return check_standalone(ir, decorator, program)


def parse_decorated_module(cls: Any, decorator: ModuleDecorator,
                           caller_frame: Optional[types.FrameType]) -> Any:
    """``@I.ir_module`` applied to a Python class: the IRModule of its decorated functions."""
    acquired, source = _acquire(cls, decorator, caller_frame)
    node = acquired.node
    if not isinstance(node, ast.ClassDef):
        raise TypeError(f"`{decorator.display}` decorates classes")
    errors = SyntaxErrorFactory(acquired.source_name, source.line_index)
    # Python already applied the member decorators: each left a DeferredDefinition.
    deferred = {name: value for name, value in vars(cls).items()
                if isinstance(value, DeferredDefinition)}
    python_members = {name: value for name, value in vars(cls).items()
                      if PythonFunctionDecorator.marks(value)}

    def decorator_of(stmt: ast.FunctionDef) -> Any:
        if stmt.name in python_members:
            return pyfunc
        return getattr(deferred.get(stmt.name), "decorator", None)

    members = module_members(node, errors, decorator_of)
    spec = ModuleSource(node, source, acquired.source_name, acquired.captures, _TRUSTED,
                        _evaluate_attrs, python_members)
    return build_module(spec, members, decorator=decorator).ir


install_parser(parse_decorated, parse_decorated_module)

__all__ = ["error_location", "from_source", "parse", "parse_decorated", "loc_of"]
