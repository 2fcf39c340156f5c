"""Parsing entry points: source text or a decorated Python definition -> IR.

The pipeline (the spec's "Source and frontend"): source text -> header lists blanked
(source_text.scan) -> Python AST -> transpiled builder program (transpile.py) -> compiled once
-> executed against the namespace's builders inside an IRBuilder -> IR, checked for
well-formedness when standalone.

Errors: syntax restrictions raise SyntaxError at their position; builder and helper errors keep
their Python type and get the source location attached (``error_location(exc)``, and a note).
"""

from __future__ import annotations

import ast
import builtins
import collections
import contextlib
import types
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from ..builder import IRBuilder, NamedByBinding
from ..decorators import DeferredDefinition, DefinitionKind, ModuleDecorator, ScriptDecorator
from ..decorators import JITDecorator, PythonFunctionDecorator
from . import namespaces
from .source import acquire, require_decorated_at_definition
from .source_text import SourceScan, TypeParamList, scan
from .transpile import MAKE, HeaderSymbol, Loc, SyntaxErrorFactory, TranspiledDefinition
from .transpile import _without_docstring, loc_of, transpile_function
from .transpile import BINDINGS_KEY, GeneratedBuilder, transpile_macro

# Packages whose registered namespaces source text may import without running anything
# (``from tvm_tirx.script import tirx as T``): the names are looked up in the namespace
# registry (parser/namespaces.py), never imported.
SCRIPT_PACKAGES = ("tvm.script", "tvm_tirx.script")

# Builtins an untrusted builder program may call: pure functions over values.
_SAFE_BUILTINS = {
    name: getattr(builtins, name)
    for name in (
        "abs", "all", "any", "bool", "dict", "enumerate", "float", "int", "isinstance", "len",
        "list", "max", "min", "range", "reversed", "sorted", "str", "sum", "tuple", "zip",
        "True", "False", "None", "ArithmeticError", "AssertionError", "Exception", "IndexError",
        "KeyError", "NameError", "TypeError", "ValueError",
    )
}

_LOCATION_ATTR = "__tvm_script_location__"


def error_location(exc: BaseException) -> Optional[Tuple[str, int, int, int, int]]:
    """(source name, line, column, end line, end column) of a parse error, when known."""
    return getattr(exc, _LOCATION_ATTR, None)


def _attach_location(exc: BaseException, source_name: str, loc: Loc, lines: Any) -> None:
    if error_location(exc) is not None:
        return
    try:
        setattr(exc, _LOCATION_ATTR, (source_name, *loc))
    except AttributeError:  # an exception type with __slots__: the note still tells
        pass
    line, col = loc[0], loc[1]
    text = lines.line_text(line) if line > 0 else ""
    exc.add_note(f"  in TVMScript {source_name}, line {line}, column {col}: {text.strip()}")


def _code_objects(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _code_objects(const)


def _failing_position(exc: BaseException, codes: Set[types.CodeType]) -> Optional[Loc]:
    """The source range of the innermost generated-code instruction the error went through."""
    found = None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code in codes:
            found = tb
        tb = tb.tb_next
    if found is None:
        return None
    positions = list(found.tb_frame.f_code.co_positions())
    index = found.tb_lasti // 2
    if not 0 <= index < len(positions):
        return None
    line, end_line, col, end_col = positions[index]
    if line is None:
        return None
    return (line, col or 0, end_line or line, end_col if end_col is not None else col or 0)


class _DefinitionScope(dict):
    """Locals of the generated module: misses fall through to the definition's bindings, which
    is how the wrapper's capture defaults read them (lazily, one name at a time)."""

    def __init__(self, bindings: Mapping[str, Any]) -> None:
        super().__init__()
        self._bindings = bindings

    def __missing__(self, key: str) -> Any:
        value = self._bindings[key]
        # A captured `n = T.int32()` of a Python module is named by its binding, as in text.
        return value.bind(key) if isinstance(value, NamedByBinding) else value


class _UntrustedCheck(ast.NodeVisitor):
    """Rejects what could reach Python internals from untrusted source: dunder names and
    underscore attributes (`x.__class__`, `__import__`)."""

    def __init__(self, errors: SyntaxErrorFactory) -> None:
        self.errors = errors

    def visit_Constant(self, node: ast.Constant) -> None:
        return  # a leaf: skips NodeVisitor's compatibility shim for constants

    def visit_Name(self, node: ast.Name) -> None:
        if node.id.startswith("__"):
            raise self.errors.at(node, f"`{node.id}` is not allowed in untrusted TVMScript "
                                       "(mark the source trusted to run arbitrary Python)")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if node.attr.startswith("_"):
            raise self.errors.at(node, f"Attribute `{node.attr}` is not allowed in untrusted "
                                       "TVMScript (mark the source trusted to run arbitrary "
                                       "Python)")
        self.generic_visit(node)


def _header_symbols(lists: Sequence[TypeParamList], node: ast.FunctionDef,
                    errors: SyntaxErrorFactory) -> List[HeaderSymbol]:
    for header in lists:
        if header.def_name == node.name and header.start_line == node.lineno:
            return [_header_symbol(item, errors) for item in header.items]
    return []


def _header_symbol(item: Any, errors: SyntaxErrorFactory) -> HeaderSymbol:
    loc = (item.line, item.column, item.line, item.end_column)
    if item.annotation is None:
        return HeaderSymbol(item.name, None, loc)
    expr = ast.parse(item.annotation, mode="eval").body
    # The snippet parsed alone: move its positions to where it is in the file.
    for child in ast.walk(expr):
        if hasattr(child, "lineno"):
            first_line = child.lineno == 1
            end_first_line = child.end_lineno == 1
            child.lineno += item.annotation_line - 1
            child.end_lineno += item.annotation_line - 1
            if first_line:
                child.col_offset += item.annotation_column
            if end_first_line:
                child.end_col_offset += item.annotation_column
    return HeaderSymbol(item.name, expr, loc)


def _namespace(decorator: Any) -> Any:
    """The registered namespace whose hooks build ``decorator``'s definitions: the one
    registered under its path's root (``tirx`` for ``tirx.function``), which must be the
    namespace object the decorator is bound to."""
    path = decorator.namespace_path
    root = path.partition(".")[0]
    namespace = namespaces.lookup(root)
    if namespace is None:
        raise ValueError(f"`{path}`: no namespace is registered as `{root}` (register it with "
                         "`tvm_tirx.script.parser.register_namespace`)")
    if namespace is not decorator.builder:
        raise ValueError(f"`{path}` builds with another namespace object than the one now "
                         f"registered as `{root}`: make the decorator with the registered "
                         "namespace")
    return namespace


class _Definition:
    """One definition to build: its AST, where it came from and what it can see."""

    def __init__(self, node: ast.FunctionDef, source: SourceScan, source_name: str,
                 bindings: Mapping[str, Any], decorator: ScriptDecorator, trusted: bool, *,
                 const_args: Optional[Mapping[str, Any]] = None,
                 qualname: Optional[str] = None) -> None:
        self.node = node
        self.source_name = source_name
        self.lines = source.line_index
        self.errors = SyntaxErrorFactory(source_name, self.lines)
        self.header = _header_symbols(source.type_params, node, self.errors)
        self.bindings = bindings
        self.decorator = decorator
        self.trusted = trusted
        self.const_args = const_args  # None: ordinary parsing; a map (even empty): JIT
        self.qualname = qualname or node.name

    def transpile(self) -> TranspiledDefinition:
        if not self.trusted:
            _UntrustedCheck(self.errors).visit(self.node)
        if self.decorator.kind is DefinitionKind.MACRO:
            if self.header:
                raise self.errors.at_loc(self.header[0].loc, f"Macro `{self.node.name}` declares "
                                         "no symbols: a `[...]` header belongs to a function")
            return transpile_macro(self.node, self.errors, lambda name: name in self.bindings,
                                   preserve_return=self.decorator.preserve_return)
        return transpile_function(self.node, self.header, self.errors,
                                  lambda name: name in self.bindings,
                                  jit=self.const_args is not None)

    def compile_program(self, namespace: Optional[types.ModuleType] = None) -> None:
        """Transpiles and compiles the builder program once; records it (``generated``)."""
        self.transpiled = transpiled = self.transpile()
        self.signature = transpiled.signature
        self.code = compile(transpiled.module, self.source_name, "exec")
        self.codes = set(_code_objects(self.code))
        self.namespace = namespace or _namespace(self.decorator)
        captures = transpiled.capture_names
        if self.decorator.kind is DefinitionKind.MACRO and (
                not self.decorator.hygienic or self.decorator.late_binding):
            # Recomposed per call with what is bound then (parser/macro.py).
            params = {name for name, _ in transpiled.signature.params}
            captures = tuple(sorted(n for n in transpiled.load_names
                                    if not n.startswith("__tvm_") and n not in params))
        self.generated = GeneratedBuilder(
            name=self.node.name, qualname=self.qualname, kind=self.decorator.kind,
            source_name=self.source_name, line=self.node.lineno, code=self.code,
            helpers=transpiled.helper_names, captures=captures,
            const_args_name=transpiled.const_args_name)

    def add_codes(self, code: types.CodeType) -> None:
        """Code compiled later for the same definition (a recomposed wrapper) locates errors."""
        self.codes.update(_code_objects(code))

    def instantiate(self, bindings: Optional[Mapping[str, Any]] = None,
                    code: Optional[types.CodeType] = None) -> List[Any]:
        """Runs the wrapper: the helpers exist, with the capture defaults read from
        ``bindings`` (the definition's by default); nothing is built."""
        bindings = self.bindings if bindings is None else bindings
        exec_globals = {"__builtins__": builtins.__dict__ if self.trusted else _SAFE_BUILTINS,
                        BINDINGS_KEY: bindings}
        scope = _DefinitionScope(bindings)
        extra = () if self.const_args is None else (self.const_args,)
        with self.located():
            exec(code or self.code, exec_globals, scope)
            return list(dict.__getitem__(scope, MAKE)(self.namespace, *extra))

    def prepare(self, namespace: types.ModuleType) -> None:
        """Transpiles, compiles and runs the wrapper: the helpers exist, nothing is built."""
        self.compile_program(namespace)
        self.helpers = self.instantiate()

    def locate(self, exc: BaseException) -> bool:
        """Gives ``exc`` the location of the innermost instruction of this definition's
        generated code it went through; False when it went through none."""
        loc = _failing_position(exc, self.codes)
        if loc is None:
            return False
        _attach_location(exc, self.source_name, loc, self.lines)
        return True

    @contextlib.contextmanager
    def located(self, fallback: Optional[Loc] = None) -> Iterator[None]:
        """Gives an escaping error (other than SyntaxError) its source location."""
        try:
            yield
        except SyntaxError:
            raise
        except Exception as exc:  # noqa: BLE001 - every error keeps its type, gains a location
            loc = _failing_position(exc, self.codes) or fallback or self.signature.loc
            _attach_location(exc, self.source_name, loc, self.lines)
            raise

    def _signature(self) -> Any:
        """Declares header symbols, parameters and the return type in the open function frame;
        returns how to call a helper with the values it takes (by name)."""
        ns, sig = self.namespace, self.signature
        helpers = iter(self.helpers)
        ns.func_name_(sig.name)
        values: Dict[str, Any] = {}  # name -> latest value, as the helpers take them

        def call(helper: Any) -> Any:
            code = helper.__code__
            return helper(*(values[name] for name in code.co_varnames[:code.co_argcount]))

        for symbol in sig.header:
            annotation = next(helpers)
            with self.located(symbol.loc):
                ty = call(annotation) if annotation is not None else None
                values[symbol.name] = ns.header_symbol_(symbol.name, ty, loc=symbol.loc)
        for name, loc in sig.params:
            with self.located(loc):
                if self.const_args is not None:  # the helper calls the jit_arg_ hook itself
                    values[name] = call(next(helpers))
                else:
                    values[name] = ns.arg_(name, call(next(helpers)), loc=loc)
        if sig.has_return:
            with self.located():
                ns.func_ret_(call(next(helpers)))
        return call

    def declare(self) -> None:
        """The signature alone, as a module declares it before any body."""
        with self.located():
            with self.namespace.function_(loc=self.signature.loc, decl=True,
                                          **self.decorator.builder_options):
                self._signature()

    def define(self) -> None:
        """The whole function, in the open builder."""
        if self.const_args is not None:
            params = [name for name, _ in self.signature.params]
            unknown = [name for name in self.const_args if name not in params]
            if unknown:
                error = TypeError(f"`{self.signature.name}` has no parameter(s) "
                                  f"{', '.join(f'`{n}`' for n in unknown)} named in `const_args`")
                _attach_location(error, self.source_name, self.signature.loc, self.lines)
                raise error
        with self.located():
            with self.namespace.function_(loc=self.signature.loc,
                                          **self.decorator.builder_options):
                call = self._signature()
                call(self.helpers[-1])

    def build(self) -> Any:
        """A standalone function's IR."""
        self.prepare(_namespace(self.decorator))
        with IRBuilder(self.source_name) as builder:
            self.define()
            return builder.get()

    def build_prepared(self) -> Any:
        """A standalone function's IR from the program already compiled (JIT: another
        ``const_args``, the same program)."""
        self.helpers = self.instantiate()
        with IRBuilder(self.source_name) as builder:
            self.define()
            return builder.get()


def _finish(result: Any, decorator: ScriptDecorator, definition: "_Definition") -> Any:
    """Checks a standalone function unless the decorator turned it off; an ill-formed one
    raises ValueError located at the statement holding the first problem."""
    if not decorator.check_well_formed:
        return result
    from ...analysis import check_well_formed, well_formed_diagnostics

    try:
        check_well_formed(result)
    except ValueError as exc:
        for diagnostic in well_formed_diagnostics(result):
            loc = _statement_loc(result, diagnostic.path)
            if loc is not None:
                _attach_location(exc, definition.source_name, loc, definition.lines)
                break
        raise
    return result


def _statement_loc(root: Any, path: Any) -> Optional[Loc]:
    """The source range of the innermost statement on ``path`` (an AccessPath from ``root``):
    expressions carry no spans, and a variable's span is its definition, not this use."""
    from ... import Stmt

    found: Optional[Loc] = None
    node = root
    for step in (path.to_steps() if path is not None else []):
        try:
            node = getattr(node, step.key) if step.kind == 0 else node[step.key]
        except Exception:  # noqa: BLE001 - a path into something not indexable ends the walk
            break
        span = getattr(node, "span", None) if isinstance(node, Stmt) else None
        if span is not None and span.start_line > 0:
            found = (span.start_line, span.start_column, span.end_line, span.end_column)
    return found


# --- source text ------------------------------------------------------------------------------

def _evaluate_restricted(node: ast.expr, env: Mapping[str, Any], source_name: str) -> Any:
    """Evaluates a decorator or module-level symbol expression with no builtins at all."""
    code = compile(ast.Expression(body=node), source_name, "eval")
    return eval(code, {"__builtins__": {}}, _DefinitionScope(env))  # noqa: S307 - no builtins


def _module_bindings(module: ast.Module, extra_vars: Mapping[str, Any],
                     source_name: str) -> Dict[str, Any]:
    """What source text binds at module level without running it: imports of the script
    namespaces and symbols ``n = T.dynamic("n")`` (or ``n = T.int32()``, which the assignment
    names); ``extra_vars`` come first."""
    env: Dict[str, Any] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.ImportFrom) and stmt.module in SCRIPT_PACKAGES and not stmt.level:
            for alias in stmt.names:
                namespace = namespaces.lookup(alias.name)
                if namespace is not None:
                    env[alias.asname or alias.name] = namespace
    env.update(extra_vars)
    for stmt in module.body:
        if (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and _is_symbol_call(stmt.value, env)):
            name = stmt.targets[0].id
            value = _evaluate_restricted(stmt.value, env, source_name)
            env[name] = value.bind(name) if isinstance(value, NamedByBinding) else value
    return env


_SYMBOL_DTYPES = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")


def _is_symbol_call(node: ast.expr, env: Mapping[str, Any]) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)):
        return False
    if node.func.attr == "dynamic":
        return all(isinstance(a, ast.Constant) for a in node.args) and not node.keywords
    # `n = T.int32()`: only through a name the environment binds (not, say, an unbound `np`).
    return (node.func.attr in _SYMBOL_DTYPES and not node.args and not node.keywords
            and node.func.value.id in env)


def _script_decorator(node: ast.AST, env: Mapping[str, Any],
                      source_name: str) -> Any:
    """The construction decorator (ScriptDecorator, ModuleDecorator or, for module members,
    PythonFunctionDecorator) of a definition."""
    for expr in node.decorator_list:
        try:
            value = _evaluate_restricted(expr, env, source_name)
        except Exception:  # noqa: BLE001 - an unresolvable decorator is not ours
            continue
        if isinstance(value, (ScriptDecorator, ModuleDecorator, PythonFunctionDecorator)):
            return value
    return None


def _parse_text(text: str, source_name: str) -> Tuple[SourceScan, ast.Module]:
    source = scan(text, source_name)
    return source, ast.parse(source.blanked_text, source_name)


def from_source(text: str, extra_vars: Optional[Mapping[str, Any]] = None, *,
                source_name: str = "<string>", trusted: bool = False,
                const_args: Optional[Mapping[str, Any]] = None) -> Any:
    """The IR of TVMScript source text holding one decorated definition (besides macros).

    Names come from ``extra_vars`` and from imports of the script namespaces in the text
    (``from tvm_tirx.script import tirx as T``); no other module-level code runs. Macros
    (``@T.macro``) in the text are defined first and visible to the definition. Untrusted
    text (the default) runs only the builder program, with pure builtins and no access to
    Python internals. ``const_args`` (even empty) selects JIT construction of the function.
    """
    if not isinstance(text, str):
        raise TypeError(f"from_source takes the source text as a str, got "
                        f"`{type(text).__name__}`")
    namespaces.ensure_initialized()
    source, module = _parse_text(text, source_name)
    env = _module_bindings(module, extra_vars or {}, source_name)
    found = []
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            decorator = _script_decorator(node, env, source_name)
            if decorator is not None and not isinstance(decorator, PythonFunctionDecorator):
                found.append((node, decorator))
    macros = [(n, d) for n, d in found if getattr(d, "kind", None) is DefinitionKind.MACRO]
    found = [(n, d) for n, d in found if getattr(d, "kind", None) is not DefinitionKind.MACRO]
    if len(found) != 1:
        raise ValueError(f"{source_name}: expected one TVMScript definition (a function "
                         f"decorated with `@T.function` or a class decorated with "
                         f"`@I.ir_module`), found {len(found)}")
    if macros:
        from .macro import define_text_macros

        define_text_macros([_Definition(n, source, source_name, env, d, trusted)
                            for n, d in macros], env)
    node, decorator = found[0]
    if isinstance(decorator, ModuleDecorator):
        if const_args is not None:
            raise TypeError("`const_args` apply to one function, not to an IR module")
        errors = SyntaxErrorFactory(source_name, source.line_index)
        # In text, member decorators are evaluated like the module's, without builtins.
        members = _module_members(
            node, errors, lambda stmt: _script_decorator(stmt, env, source_name))
        return _build_module(node, source, source_name, env, members, trusted,
                             decorator=decorator)
    return _build(node, source, source_name, env, decorator, trusted, const_args)


def _module_members(node: ast.ClassDef, errors: SyntaxErrorFactory,
                    decorator_of: Any) -> List[Tuple[ast.AST, Any]]:
    """A module class body: its functions with their decorators (``decorator_of(stmt)``,
    None when it has none) and its ``I.module_attrs(...)`` statements (decorator None)."""
    members: List[Tuple[ast.AST, Any]] = []
    for stmt in _without_docstring(node.body):
        if isinstance(stmt, ast.FunctionDef):
            decorator = decorator_of(stmt)
            if not isinstance(decorator, (ScriptDecorator, PythonFunctionDecorator)):
                raise errors.at(stmt, f"Module member `{stmt.name}` needs a function decorator "
                                      "such as `@T.function`")
            if decorator.kind is DefinitionKind.MACRO:
                raise errors.at(stmt, f"Macro `{stmt.name}` cannot be a module member: define "
                                      "it outside the module class")
            members.append((stmt, decorator))
        elif _is_module_attrs(stmt):
            members.append((stmt, None))
        elif not isinstance(stmt, ast.Pass):
            raise errors.at(stmt, "An IR module class holds only decorated functions and "
                                  "`I.module_attrs({...})`")
    return members


def _is_module_attrs(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr == "module_attrs")


def _build_module(node: ast.ClassDef, source: SourceScan, source_name: str,
                  bindings: Mapping[str, Any], members: Sequence[Tuple[ast.AST, Any]],
                  trusted: bool, python_members: Optional[Mapping[str, Any]] = None, *,
                  decorator: ModuleDecorator) -> Any:
    """Every signature is declared before any body, so members call each other in any order;
    the module is not validated (check it with ``analysis.check_well_formed``). The module
    frame and the class name's meaning in member bodies come from the ``module_`` and
    ``module_proxy_`` hooks of the module decorator's registered namespace.

    ``I.pyfunc`` members stay Python functions outside the IR (``python_members`` holds those
    of a decorated class; source text defines them): the result keeps them in
    ``__pyfuncs__``."""
    ir_namespace = _namespace(decorator)
    python_names = [member.name for member, member_decorator in members
                    if getattr(member_decorator, "kind", None) is DefinitionKind.PYTHON]
    scope = collections.ChainMap(
        {node.name: ir_namespace.module_proxy_(node.name, python_names)}, bindings)
    definitions = []
    pyfuncs: Dict[str, Any] = {}
    for member, member_decorator in members:
        if member_decorator is None:
            continue
        if member_decorator.kind is DefinitionKind.PYTHON:
            if python_members is not None:
                pyfuncs[member.name] = python_members[member.name]
            else:
                from .macro import python_member

                errors = SyntaxErrorFactory(source_name, source.line_index)
                pyfuncs[member.name] = python_member(member, bindings, source_name, errors,
                                                     trusted)
            continue
        if member_decorator.kind is not DefinitionKind.FUNCTION:
            raise NotImplementedError(f"`{member_decorator.name}` module members are not "
                                      "supported yet")
        definition = _Definition(member, source, source_name, scope, member_decorator, trusted,
                                 const_args=member_decorator.const_args)
        definition.prepare(_namespace(member_decorator))
        definitions.append(definition)
    lines = source.line_index
    with IRBuilder(source_name) as builder:
        with ir_namespace.module_(loc=loc_of(node)):
            for member, member_decorator in members:
                if member_decorator is None:
                    try:
                        _evaluate_restricted(member.value, scope, source_name)
                    except Exception as exc:
                        _attach_location(exc, source_name, loc_of(member), lines)
                        raise
            for definition in definitions:
                definition.declare()
            for definition in definitions:
                definition.define()
        result = builder.get()
    if pyfuncs:
        result.__pyfuncs__ = pyfuncs
    return result


def _build(node: ast.FunctionDef, source: SourceScan, source_name: str,
           bindings: Mapping[str, Any], decorator: ScriptDecorator, trusted: bool,
           const_args: Optional[Mapping[str, Any]] = None) -> Any:
    if decorator.kind is not DefinitionKind.FUNCTION:
        raise NotImplementedError(f"`{decorator.name}` definitions are not supported yet")
    if const_args is not None and decorator.const_args is not None:
        raise TypeError(f"`{node.name}` has `const_args` in its decorator and in the call")
    definition = _Definition(node, source, source_name, bindings, decorator, trusted,
                             const_args=const_args if const_args is not None
                             else decorator.const_args)
    return _finish(definition.build(), decorator, definition)


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
        from .macro import from_python

        return from_python(_Definition(
            acquired.node, source, acquired.source_name, acquired.captures,
            decorator, trusted=True, qualname=getattr(definition, "__qualname__", None),
            const_args={} if isinstance(decorator, JITDecorator) else None), decorator)
    return _build(acquired.node, source, acquired.source_name, acquired.captures, decorator,
                  trusted=True)


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
    from ..ir import pyfunc

    python_members = {name: value for name, value in vars(cls).items()
                      if PythonFunctionDecorator.marks(value)}

    def decorator_of(stmt: ast.FunctionDef) -> Any:
        if stmt.name in python_members:
            return pyfunc
        return getattr(deferred.get(stmt.name), "decorator", None)

    members = _module_members(node, errors, decorator_of)
    return _build_module(node, source, acquired.source_name, acquired.captures, members,
                         trusted=True, python_members=python_members, decorator=decorator)


__all__ = ["error_location", "from_source", "parse", "parse_decorated", "loc_of"]
