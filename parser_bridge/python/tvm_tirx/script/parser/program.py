"""One definition's builder program, and building functions and modules with it.

``BuilderProgram`` holds one TVMScript definition (its AST, header symbols, environment and
decorator): it transpiles it (parser/transpile.py), checks its names when the source is
untrusted (parser/untrusted.py), compiles the program once, runs the wrapper to make the
helpers, and declares or defines the function in the open IR builder. ``build_function`` and
``build_module`` build standalone functions and IR modules (every signature declared before
any body). Errors keep their Python type and gain the source range of the failing
instruction (``error_location``).
"""

from __future__ import annotations

import ast
import builtins
import collections
import contextlib
import inspect
import types
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from ... import Stmt
from ...analysis import check_well_formed, well_formed_diagnostics
from ..builder import INTEGER_DTYPES, IRBuilder, NamedByBinding
from ..decorators import DefinitionKind, JITDecorator, ModuleDecorator, PythonFunctionDecorator
from ..decorators import ScriptDecorator
from . import namespaces, protocol_registry
from .locations import attach_location, error_location
from .runtime import BuilderRuntime, record_failure
from .source_text import SourceScan, TypeParamList
from .ast_build import RUNTIME_KEY, Loc, loc_of
from .generated import MAKE, GeneratedBuilder
from .transpile import HeaderSymbol, SyntaxErrorFactory
from .transpile import BINDINGS_KEY, TranspiledDefinition, TranspileOptions
from .transpile import transpile_function, transpile_macro, without_docstring
from .typevar_symbols import PRIM_FUNC_PATHS, typevar_symbols
from .untrusted import NameCheck, UntrustedNotEvaluated, bound_names
from .evaluated import EvaluatedHelper, MacroBody, check_function, check_macro
from .evaluated import function_helpers, member_rule, snapshot_environment
from .evaluator import evaluated_location

@dataclass(frozen=True)
class ProgramOptions:
    """How a definition is built: ``trusted`` source runs with Python's builtins and no
    checks; ``tolerant`` records failing statements instead of raising (the collecting
    analysis); ``names`` is the untrusted name rule (None when trusted)."""

    trusted: bool = True
    tolerant: bool = False
    names: Optional[NameCheck] = None


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




def header_list(lists: Sequence[TypeParamList],
                node: ast.FunctionDef) -> Optional[TypeParamList]:
    """The ``def f[n, ...]`` list the scan found for ``node`` (None when it has none)."""
    for header in lists:
        if header.def_name == node.name and header.start_line == node.lineno:
            return header
    return None


def _header_symbols(lists: Sequence[TypeParamList], node: ast.FunctionDef,
                    errors: SyntaxErrorFactory) -> List[HeaderSymbol]:
    header = header_list(lists, node)
    return [] if header is None else [_header_symbol(item, errors) for item in header.items]


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


def _scalar_parameter_dtypes(node: ast.FunctionDef) -> Dict[str, str]:
    """The integer dtypes of parameters annotated ``X.int64`` (or ``X.int64()``), read from the
    source before any annotation runs, as apache-tvm 0.27 reads its signature."""
    found: Dict[str, str] = {}
    for arg in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
        annotation = arg.annotation
        if isinstance(annotation, ast.Call) and not annotation.args and not annotation.keywords:
            annotation = annotation.func
        if isinstance(annotation, ast.Attribute) and isinstance(annotation.value, ast.Name) \
                and annotation.attr in INTEGER_DTYPES:
            found[arg.arg] = annotation.attr
    return found


def _quoted_names(annotation: Optional[ast.expr]) -> List[str]:
    """The names in the quoted extents of a ``T.Buffer`` annotation's shape (``(32, "n + 1")``), which
    apache-tvm 0.27 declares before it reads the annotation; a string that is no expression
    is left to the annotation's own reading (and its error)."""
    shapes = [shape for call in (ast.walk(annotation) if annotation is not None else ())
              if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
              and call.func.attr == "Buffer"
              for shape in [*call.args[:1], *(k.value for k in call.keywords if k.arg == "shape")]]
    found: List[str] = []
    for node in (n for shape in shapes for n in ast.walk(shape)):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        try:
            tree = ast.parse(node.value.strip(), mode="eval")
        except (SyntaxError, ValueError):
            continue
        receivers = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        found.extend(n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                     and id(n) not in receivers and n.id not in found)  # not `T` of T.int64
    return found


def _apache_header_symbol(symbol: HeaderSymbol) -> HeaderSymbol:
    """Apache TVM 0.27 reads ``def f[n]`` and ``def f[n: int]`` of a ``@T.prim_func`` as int64
    symbols (its printer writes int64 ones so); the canonical dialect's ``[n]`` is int32."""
    bare = symbol.annotation is None or (
        isinstance(symbol.annotation, ast.Name) and symbol.annotation.id == "int")
    if not bare:
        return symbol
    return HeaderSymbol(symbol.name, None, symbol.loc, default_type="int64")


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


def _weak_locator(program: "BuilderProgram") -> Callable[[BaseException, Loc], Loc]:
    """``program.locate_at`` for its runtime, without a reference back to the program: the
    program holds the runtime, and a cycle between them would leave each finished program
    (its trees and IR, some hundred thousand objects per 1,000 lines) to the cyclic garbage
    collector, whose passes over them were a fifth of a cold analysis."""
    method = weakref.WeakMethod(program.locate_at)

    def locate(exc: BaseException, fallback: Loc) -> Loc:
        bound = method()
        return fallback if bound is None else bound(exc, fallback)
    return locate


class BuilderProgram:
    """One definition to build: its AST, where it came from and what it can see."""

    def __init__(self, node: ast.FunctionDef, source: SourceScan, source_name: str,
                 bindings: Mapping[str, Any], decorator: ScriptDecorator,
                 options: ProgramOptions, *,
                 const_args: Optional[Mapping[str, Any]] = None,
                 qualname: Optional[str] = None) -> None:
        self.node = node
        self.source_name = source_name
        self.lines = source.line_index
        self.errors = SyntaxErrorFactory(source_name, self.lines)
        self.header = _header_symbols(source.type_params, node, self.errors)
        if decorator.namespace_path in PRIM_FUNC_PATHS:
            self.header = typevar_symbols(node, bindings, self.header, self.errors) + \
                [_apache_header_symbol(symbol) for symbol in self.header]
        # Read before transpiling rewrites the annotations in place (apache-tvm 0.27 reads the
        # signature's scalar dtypes and quoted extents before any annotation).
        self.scalar_dtypes = _scalar_parameter_dtypes(node)
        self.quoted = {a.arg: _quoted_names(a.annotation)
                       for a in (*node.args.posonlyargs, *node.args.args)}
        self.bindings = bindings
        self.decorator = decorator
        self.options = options
        self.trusted = options.trusted
        self.const_args = const_args  # None: ordinary parsing; a map (even empty): JIT
        self.qualname = qualname or node.name

    def transpile(self) -> TranspiledDefinition:
        """The builder program. The transpiler rewrites the definition's expressions in place,
        so the analyses that read its source (lossy verdict) run before; occurrences come from
        what the program records."""
        options = self._transpile_options()
        node = self.node  # rewritten in place: read the source-level facts before
        if self.decorator.kind is DefinitionKind.MACRO:
            if self.header:
                raise self.errors.at_loc(self.header[0].loc, f"Macro `{self.node.name}` declares "
                                         "no symbols: a `[...]` header belongs to a function")
            if not self.trusted:  # the evaluator's checks (evaluated.py): nothing is rewritten
                return check_macro(node, self.errors, options, self.decorator.preserve_return,
                                   self._members())  # type: ignore[return-value]
            return transpile_macro(node, self.errors, lambda name: name in self.bindings,
                                   preserve_return=self.decorator.preserve_return,
                                   options=options)
        keyword_only = isinstance(self.decorator, JITDecorator)  # `*, N: T.constexpr`
        if not self.trusted:
            return check_function(node, self.header, self.errors, options, self._members(),
                                  keyword_only)  # type: ignore[return-value]
        return transpile_function(node, self.header, self.errors,
                                  lambda name: name in self.bindings,
                                  jit=self.const_args is not None, keyword_only=keyword_only,
                                  options=options)

    def _members(self) -> Any:
        """The evaluator's static rule for namespace attributes (evaluated.member_rule)."""
        local = bound_names([self.node.args]) | bound_names(self.node.body)
        local.update(symbol.name for symbol in self.header)
        return member_rule(self.bindings, local)

    def _transpile_options(self) -> TranspileOptions:
        """Untrusted source: the signature's names are checked here, each statement's by the
        transpiler (a refused statement is rejected, or raises when not tolerant)."""
        names = self.options.names
        if names is None and not self.trusted:  # the rule still holds without file facts
            names = NameCheck(lambda name: name in self.bindings, frozenset())
        elif names is not None:
            # What the frontend bound for this program is visible whatever else the file binds
            # with Python under that name: a module member's own class name (`Module.add`)
            # names its module even when another `Module` of the file is Python's.
            outer = names.visible
            names = NameCheck(lambda name: name in self.bindings or outer(name),
                              names.unevaluated)
        # The collecting analysis records positions (the position index).
        self.positions: Optional[List[Tuple[Loc, str]]] = [] if self.options.tolerant else None
        if names is None:
            return TranspileOptions(tolerant=self.options.tolerant, positions=self.positions,
                                    mutable_forms=self._mutable_forms)
        local = bound_names([self.node.args]) | bound_names(self.node.body)
        local.update(symbol.name for symbol in self.header)
        local.add(self.node.name)

        def precheck(parts: Sequence[ast.AST]) -> None:
            refused = names.first_refused(parts, local)
            if refused is not None:
                node, error = refused
                attach_location(error, self.source_name, loc_of(node), self.lines)
                raise error

        args = self.node.args
        signature: List[ast.AST] = [a for a in (*args.posonlyargs, *args.args,
                                                *args.kwonlyargs, args.vararg, args.kwarg)
                                    if a is not None]
        signature += [a.annotation for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)
                      if a.annotation is not None]
        signature += [d for d in (*args.defaults, *args.kw_defaults) if d is not None]
        signature += [s.annotation for s in self.header if s.annotation is not None]
        if self.node.returns is not None:
            signature.append(self.node.returns)
        precheck(signature)
        return TranspileOptions(tolerant=self.options.tolerant,
                                precheck=precheck, rejects=(type(names).refusal_type,),
                                positions=self.positions, mutable_forms=self._mutable_forms)

    def _mutable_forms(self, node: ast.expr) -> Tuple[str, ...]:
        """The mutable-declaration forms registered for ``X.member`` when ``X`` is a name the
        definition binds to a registered namespace (nothing is evaluated: the binding is
        looked up, as the namespace's root)."""
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            return ()
        try:
            value = self.bindings[node.value.id]
        except KeyError:
            return ()
        root = namespaces.root_of(value)
        # A builder without mutable storage says so, as the reference's do; read statically, so
        # no namespace code runs.
        if root is None or not inspect.getattr_static(value, "supports_mutable_declarations",
                                                      True):
            return ()
        return protocol_registry.mutable_decl_forms(f"{root}.{node.attr}")

    def _nesting_error(self, error: SyntaxError) -> SyntaxError:
        """CPython's "too many statically nested blocks", said in TVMScript's terms at the
        statement that nests too deep (each loop, ``if`` and ``with`` is at least one block of
        the builder program, whose function Python compiles with at most 20)."""
        if error.msg != "too many statically nested blocks":
            return error
        found = [n for n in ast.walk(self.node)
                 if isinstance(n, ast.stmt) and n.lineno == error.lineno]
        if not found:
            return error
        node = found[0]
        keywords = {ast.For: "This `for`", ast.While: "This `while`", ast.If: "This `if`",
                    ast.With: "This `with`"}
        last = node.iter if isinstance(node, ast.For) else node.items[-1].context_expr \
            if isinstance(node, ast.With) else node.test if isinstance(node, (ast.While, ast.If)) \
            else node
        header = (node.lineno, node.col_offset, last.end_lineno, last.end_col_offset)
        return self.errors.at_loc(header, (
            f"{keywords.get(type(node), 'This statement')} nests too deep: a TVMScript "
            "function holds about 18 levels of loops, `if`s and `with`s (Python compiles at "
            "most 20 nested blocks in one function); move the inner levels into a `@T.macro` "
            "and call it here"))

    def compile_program(self, namespace: Optional[types.ModuleType] = None) -> None:
        """Transpiles and compiles the builder program once; records it (``generated``)."""
        self.transpiled = transpiled = self.transpile()
        self.signature = transpiled.signature
        if not self.trusted:
            # Untrusted: the evaluator runs the definition; nothing is compiled.
            self.codes = set()
            self.namespace = namespace or _namespace(self.decorator)
            return
        try:
            self.code = compile(transpiled.module, self.source_name, "exec")
        except SyntaxError as error:
            raise self._nesting_error(error) from None
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
        if not self.trusted:
            with self.located():
                if self.decorator.kind is DefinitionKind.MACRO:
                    return [MacroBody(self, self.transpiled,
                                      snapshot_environment(bindings, self.transpiled))]
                return function_helpers(self, self.transpiled, bindings)
        if not self.trusted:  # structural: untrusted text never reaches exec (evaluator.py)
            raise RuntimeError("an untrusted builder program reached exec")
        # A fresh dict per run: nothing one program does to its builtins reaches another's.
        self.runtime = BuilderRuntime(_weak_locator(self))
        self.runtime.positions = getattr(self, "positions", None)
        exec_globals = {"__builtins__": builtins.__dict__,
                        BINDINGS_KEY: bindings, RUNTIME_KEY: self.runtime}
        scope = _DefinitionScope(bindings)
        extra = () if self.const_args is None else (self.const_args,)
        with self.located():
            exec(code or self.code, exec_globals, scope)
            return list(dict.__getitem__(scope, MAKE)(self.namespace, *extra))

    def prepare(self, namespace: types.ModuleType) -> None:
        """Transpiles, compiles and runs the wrapper: the helpers exist, nothing is built."""
        self.compile_program(namespace)
        self.helpers = self.instantiate()

    def recorded_positions(self) -> List[Tuple[Loc, str, Any]]:
        """(range, what, last value) of every expression the program computed (``what``: a
        name, ``.attr``, or empty; see TranspileOptions.positions); tolerant programs only."""
        evaluator = getattr(self, "evaluator", None)
        if evaluator is not None:
            return evaluator.recorded()
        positions = getattr(self, "positions", None)
        runtime = getattr(self, "runtime", None)
        if not positions or runtime is None:
            return []
        return [(*positions[i], value) for i, value in runtime.values.items()]

    def locate_at(self, exc: BaseException, fallback: Loc) -> Loc:
        """Gives ``exc`` its location (the failing instruction, else ``fallback``); returns it."""
        loc = _failing_position(exc, self.codes) or evaluated_location(exc) or fallback
        attach_location(exc, self.source_name, loc, self.lines)
        known = error_location(exc)
        return tuple(known[1:]) if known is not None else loc  # type: ignore[return-value]

    def locate(self, exc: BaseException) -> bool:
        """Gives ``exc`` the location of the innermost instruction of this definition's
        generated code it went through; False when it went through none."""
        loc = _failing_position(exc, self.codes) or evaluated_location(exc)
        if loc is None:
            return False
        attach_location(exc, self.source_name, loc, self.lines)
        return True

    @contextlib.contextmanager
    def located(self, fallback: Optional[Loc] = None) -> Iterator[None]:
        """Gives an escaping error (other than SyntaxError) its source location."""
        try:
            yield
        except SyntaxError:
            raise
        except Exception as exc:  # noqa: BLE001 - every error keeps its type, gains a location
            loc = _failing_position(exc, self.codes) or evaluated_location(exc) or fallback or \
                self.signature.loc
            attach_location(exc, self.source_name, loc, self.lines)
            raise

    def _signature(self) -> Any:
        """Declares header symbols, parameters and the return type in the open function frame;
        returns how to call a helper with the values it takes (by name)."""
        ns, sig = self.namespace, self.signature
        helpers = iter(self.helpers)
        ns.func_name_(sig.name)
        values: Dict[str, Any] = {}  # name -> latest value, as the helpers take them
        if self.scalar_dtypes and hasattr(ns, "signature_dtypes_"):
            ns.signature_dtypes_(self.scalar_dtypes)

        def call(helper: Any, names: Optional[Dict[str, Any]] = None) -> Any:
            names = values if names is None else names
            if isinstance(helper, EvaluatedHelper):
                return helper.run(names)
            code = helper.__code__
            wanted = code.co_varnames[:code.co_argcount]
            missing = [name for name in wanted if name not in names]
            if missing:  # a later parameter no earlier string extent declared
                raise NameError(f"name '{missing[0]}' is not defined")
            return helper(*(names[name] for name in wanted))

        for symbol in sig.header:
            annotation = next(helpers)
            with self.located(symbol.loc):
                ty = call(annotation) if annotation is not None else symbol.default_type
                values[symbol.name] = ns.header_symbol_(symbol.name, ty, loc=symbol.loc)
        quote = getattr(ns, "quoted_symbols_", None)
        for name, loc in sig.params:
            with self.located(loc):
                if self.const_args is not None:  # the helper calls the jit_arg_ hook itself
                    values[name] = call(next(helpers))
                    continue
                names = self._with_symbols(values)
                quoted = self.quoted.get(name)
                if quoted and quote is not None:
                    names = {**quote(quoted), **names}
                values[name] = ns.arg_(name, call(next(helpers), names), loc=loc)
        if sig.has_return:
            with self.located():
                ns.func_ret_(call(next(helpers)))
        return call

    def _with_symbols(self, values: Dict[str, Any]) -> Dict[str, Any]:
        """``values`` and, under names nothing binds yet, the symbols the signature declared
        so far (string extents such as ``("n",)``: apache-tvm 0.27 prints a later parameter's
        annotation with the bare name). The namespace's ``signature_symbols_`` gives them."""
        symbols = getattr(self.namespace, "signature_symbols_", None)
        if symbols is None:
            return values
        return {**{k: v for k, v in symbols().items() if k not in values}, **values}

    def declare(self) -> None:
        """The signature alone, as a module declares it before any body."""
        with self.located():
            with self.namespace.function_(loc=self.signature.loc, decl=True,
                                          **self.decorator.builder_options):
                self._mark_apache()
                self._signature()

    def _mark_apache(self) -> None:
        """Apache TVM's ``@T.prim_func``: its calls read as apache-tvm 0.27 reads them (the
        namespace's ``apache_function_`` hook marks the open function)."""
        mark = getattr(self.namespace, "apache_function_", None)
        if mark is not None and self.decorator.namespace_path in PRIM_FUNC_PATHS:
            mark()

    def define(self) -> None:
        """The whole function, in the open builder."""
        if self.const_args is not None:
            params = [name for name, _ in self.signature.params]
            unknown = [name for name in self.const_args if name not in params]
            if unknown:
                error = TypeError(f"`{self.signature.name}` has no parameter(s) "
                                  f"{', '.join(f'`{n}`' for n in unknown)} named in `const_args`")
                attach_location(error, self.source_name, self.signature.loc, self.lines)
                raise error
        with self.located():
            with self.namespace.function_(loc=self.signature.loc,
                                          **self.decorator.builder_options):
                self._mark_apache()
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


def check_standalone(result: Any, decorator: ScriptDecorator, definition: "BuilderProgram") -> Any:
    """Checks a standalone function unless the decorator turned it off; an ill-formed one
    raises ValueError located at the statement holding the first problem."""
    if not decorator.check_well_formed:
        return result
    try:
        check_well_formed(result)
    except ValueError as exc:
        for diagnostic in well_formed_diagnostics(result):
            loc = statement_loc(result, diagnostic.path)
            if loc is not None:
                attach_location(exc, definition.source_name, loc, definition.lines)
                break
        raise
    return result


def statement_loc(root: Any, path: Any) -> Optional[Loc]:
    """The source range of the innermost statement on ``path`` (an AccessPath from ``root``):
    expressions carry no spans, and a variable's span is its definition, not this use."""
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




def module_members(node: ast.ClassDef, errors: SyntaxErrorFactory,
                    decorator_of: Any) -> List[Tuple[ast.AST, Any]]:
    """A module class body: its functions with their decorators (``decorator_of(stmt)``,
    None when it has none) and its ``I.module_attrs(...)`` and ``I.module_global_infos(...)``
    statements (decorator None)."""
    members: List[Tuple[ast.AST, Any]] = []
    for stmt in without_docstring(node.body):
        if isinstance(stmt, ast.FunctionDef):
            decorator = decorator_of(stmt)
            if not isinstance(decorator, (ScriptDecorator, PythonFunctionDecorator)):
                raise errors.at(stmt, f"Module member `{stmt.name}` needs a function decorator "
                                      "such as `@T.function`")
            if decorator.kind is DefinitionKind.MACRO:
                raise errors.at(stmt, f"Macro `{stmt.name}` cannot be a module member: define "
                                      "it outside the module class")
            members.append((stmt, decorator))
        elif is_module_statement(stmt):
            members.append((stmt, None))
        elif not isinstance(stmt, ast.Pass):
            raise errors.at(stmt, "An IR module class holds only decorated functions, "
                                  "`I.module_attrs({...})` and `I.module_global_infos({...})`")
    return members


# The module-level calls of a class body, by name: the keywords each takes besides its one
# positional dict.
MODULE_STATEMENTS = {"module_attrs": ("allow_overwrite",), "module_global_infos": ()}


def is_module_statement(stmt: ast.stmt) -> bool:
    return (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)
            and stmt.value.func.attr in MODULE_STATEMENTS)


@dataclass
class ModuleSource:
    """What building a module needs besides its members: where it came from, what it sees,
    how its ``I.module_attrs(...)`` lines are evaluated, and (a decorated class) the Python
    functions of its ``I.pyfunc`` members."""

    node: ast.ClassDef
    source: SourceScan
    source_name: str
    bindings: Mapping[str, Any]
    options: ProgramOptions
    evaluate_attrs: Callable[[ast.Call, Mapping[str, Any]], Any]
    python_members: Optional[Mapping[str, Any]] = None


@dataclass
class BuiltModule:
    """An IR module (partial when tolerant building skipped failing members) and the program
    of each member function that built."""

    ir: Any
    programs: Dict[str, BuilderProgram]


def _tolerated(options: ProgramOptions, loc: Loc, step: Callable[[], None]) -> bool:
    """Runs ``step``; a tolerant build records its failure and goes on. False when it failed."""
    if not options.tolerant:
        step()
        return True
    try:
        step()
        return True
    except Exception as exc:  # noqa: BLE001 - recorded as a diagnostic
        record_failure(exc, loc)
        return False


def build_module(spec: ModuleSource, members: Sequence[Tuple[ast.AST, Any]], *,
                 decorator: ModuleDecorator) -> BuiltModule:
    """Every signature is declared before any body, so members call each other in any order;
    the module is not validated (check it with ``analysis.check_well_formed``). The module
    frame and the class name's meaning in member bodies come from the ``module_`` and
    ``module_proxy_`` hooks of the module decorator's registered namespace.

    ``I.pyfunc`` members stay Python functions outside the IR (``spec.python_members`` holds
    those of a decorated class; source text defines them, trusted only): the result keeps them
    in ``__pyfuncs__``."""
    ir_namespace = _namespace(decorator)
    python_names = [member.name for member, member_decorator in members
                    if getattr(member_decorator, "kind", None) is DefinitionKind.PYTHON]
    scope = collections.ChainMap(
        {spec.node.name: ir_namespace.module_proxy_(spec.node.name, python_names)},
        spec.bindings)
    programs: List[BuilderProgram] = []
    pyfuncs: Dict[str, Any] = {}
    for member, member_decorator in members:
        if member_decorator is None:
            continue
        if member_decorator.kind is DefinitionKind.PYTHON:
            _tolerated(spec.options, loc_of(member),
                       lambda: pyfuncs.__setitem__(member.name, _python_member(spec, member)))
            continue
        program = BuilderProgram(member, spec.source, spec.source_name, scope, member_decorator,
                                 spec.options, const_args=member_decorator.const_args)

        def prepare(program: BuilderProgram = program, member: Any = member) -> None:
            if member_decorator.kind is not DefinitionKind.FUNCTION:
                raise NotImplementedError(f"`{member_decorator.name}` module members are not "
                                          "supported yet")
            program.prepare(_namespace(member_decorator))

        if _tolerated(spec.options, loc_of(member), prepare):
            programs.append(program)
    lines = spec.source.line_index
    with IRBuilder(spec.source_name) as builder:
        with ir_namespace.module_(loc=loc_of(spec.node)):
            for member, member_decorator in members:
                if member_decorator is None:
                    _tolerated(spec.options, loc_of(member),
                               lambda member=member: _module_attrs(spec, member, scope, lines))
            declared = [program for program in programs
                        if _tolerated(spec.options, program.signature.loc, program.declare)]
            defined = [program for program in declared
                       if _tolerated(spec.options, program.signature.loc, program.define)]
        result = builder.get()
    if pyfuncs:
        result.__pyfuncs__ = pyfuncs
    return BuiltModule(result, {p.node.name: p for p in defined})


def _python_member(spec: ModuleSource, member: ast.FunctionDef) -> Any:
    """An ``@I.pyfunc`` member: the decorated class's function, or (trusted text only: its body
    is arbitrary Python) the function the text defines."""
    if spec.python_members is not None:
        return spec.python_members[member.name]
    if not spec.options.trusted:
        error = UntrustedNotEvaluated(f"`I.pyfunc` member `{member.name}` is not evaluated in "
                                      "untrusted TVMScript: its body is arbitrary Python "
                                      "(trust the workspace to run it)")
        attach_location(error, spec.source_name, loc_of(member), spec.source.line_index)
        raise error
    plain = ast.FunctionDef(name=member.name, args=member.args, body=member.body,
                            decorator_list=[], returns=member.returns, type_comment=None)
    ast.copy_location(plain, member)
    module = ast.Module(body=[plain], type_ignores=[])
    ast.fix_missing_locations(module)
    namespace: Dict[str, Any] = dict(spec.bindings)
    namespace.setdefault("__builtins__", builtins)
    exec(compile(module, spec.source_name, "exec"), namespace)  # noqa: S102 - trusted text
    return namespace[member.name]


def _module_attrs(spec: ModuleSource, member: ast.Expr, scope: Mapping[str, Any],
                  lines: Any) -> None:
    try:
        spec.evaluate_attrs(member.value, scope)
    except Exception as exc:
        attach_location(exc, spec.source_name, loc_of(member), lines)
        raise


def build_function(node: ast.FunctionDef, source: SourceScan, source_name: str,
                   bindings: Mapping[str, Any], decorator: ScriptDecorator,
                   options: ProgramOptions,
                   const_args: Optional[Mapping[str, Any]] = None) -> Tuple[Any, BuilderProgram]:
    """A standalone function's IR (checked unless its decorator says not to) and its
    program."""
    if decorator.kind is not DefinitionKind.FUNCTION:
        raise NotImplementedError(f"`{decorator.name}` definitions are not supported yet")
    if const_args is not None and decorator.const_args is not None:
        raise TypeError(f"`{node.name}` has `const_args` in its decorator and in the call")
    program = BuilderProgram(node, source, source_name, bindings, decorator, options,
                             const_args=const_args if const_args is not None
                             else decorator.const_args)
    return program.build(), program
