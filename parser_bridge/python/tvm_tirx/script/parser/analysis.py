"""The analysis engine: a file's TVMScript definitions, one analysis unit each.

``analyze(text, options)`` is the frontend's one pipeline driver. It scans the file, parses it
chunk by chunk (one syntax error hides nothing else), binds what the file declares without
running it (namespace imports, module symbols; trusted files also run their module code),
finds every TVMScript definition at any depth (discovery.py), defines the macros, and builds
each definition as a ``DefinitionUnit``: partial IR (a failing statement is recorded and
skipped, its bindings poisoned), every error, then well-formedness, occurrences, comments and
the lossy verdict. ``from_source`` and the decorators raise the first error of a unit
(entry.py); ``parse_diagnostics`` reports everything (diagnostics.py).

Each definition has a ``key`` (a hash of its text and of the context it depends on); the
``progress`` callback hears of each definition before it runs, and definitions whose key is
in ``skip`` (they ran past their time limit before) are reported, not run.
"""

from __future__ import annotations

import ast
import bisect
import builtins
import collections
import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Dict, List, Mapping, Optional, Set, Tuple

from tvm_ffi import get_global_func

from ... import ir as _ir
from ..decorators import JITDecorator, ModuleDecorator
from ..recorded import NotAnalysedYet
from . import namespaces
from .discovery import Evaluator, Found, Refusal, discover, namespace_imports
from .discovery import SCRIPT_PACKAGES, definition_decorator, package_aliases, symbol_declaration
from .locations import attach_location, error_location
from .macro import define_text_macros
from .spelling import apache_members
from .occurrences import collect_function, definition_name_loc, type_text
from .program import BuilderProgram, ModuleSource, ProgramOptions, build_function
from .program import MODULE_STATEMENTS, build_module, header_list, module_members
from .program import statement_loc
from .occurrences import OccurrenceTable
from .report import ERROR, INFORMATION, WARNING, DefinitionReport, DiagnosticMaker, ParseReport
from .report import PlainUnit
from .report import UnitPart
from ..findings import Failure, collecting_failures, let_stops_through
from .source_facts import attach_comments, lossy_reasons
from .chunk_parse import parse_chunk
from .collector import fewer_collections
from .source_rescan import rescan
from .source_text import LineIndex, SourceScan, TopLevelChunk, blank_lines, scan
from .ast_build import Loc, forget_source_nodes, loc_of, source_nodes
from .transpile import SyntaxErrorFactory
from .untrusted import NameCheck, UntrustedNotEvaluated

_well_formed = get_global_func("tirx.analysis.WellFormedDiagnostics")

Progress = Callable[[str, str, List[int]], None]
Reuse = Callable[[str, str, Loc], Optional[PlainUnit]]
"""``reuse(key, unit id, range)``: an earlier result for the definition, or None to build it
(a document session's cache, session.py)."""

ChunkKey = Tuple[str, int]
"""A chunk's blanked text and first line: equal keys parse to equal trees."""


@dataclass
class ChunkCache:
    """Parsed chunks kept between analyses of one document (session.py): a chunk whose text
    and first line are unchanged is not parsed again. Building rewrites a definition's
    expressions in place (its statements, names, positions and decorators stay as parsed), so
    a chunk in which something was built is kept as dirty: good for finding definitions and
    their keys, parsed again before anything in it is built again."""

    parsed: Dict[ChunkKey, Tuple[Any, bool]] = field(default_factory=dict)
    """key -> (ast.Module or the SyntaxError it raised, dirty)."""
    scan: Optional[SourceScan] = None
    """The last text's scan when it had no bad header list: the next text is scanned again
    only around the change (source_rescan.py)."""


@dataclass(frozen=True)
class AnalysisOptions:
    """How to analyse a file. ``trusted``: its module code runs and its builder programs are
    unchecked; otherwise nothing of it runs but the checked builder programs (untrusted.py).
    ``progress(key, name, range)`` is called before each definition is built; a definition
    whose key is in ``skip`` is reported as ``time-limit`` and not built."""

    source_name: str = "<string>"
    trusted: bool = False
    extra_vars: Mapping[str, Any] = field(default_factory=dict)
    progress: Optional[Progress] = None
    skip: Collection[str] = frozenset()
    only_lines: Optional[Tuple[int, int]] = None
    """Build only the definitions overlapping these lines (1-based, inclusive): what the user
    sees first, analysed before the rest of a large file. The others are left out of the
    report; an analysis without it adds them (and reuses these)."""
    const_args: Optional[Mapping[str, Any]] = None
    """JIT construction of the file's function definitions with these values (from_source)."""
    build_only: bool = False
    """Only IR and errors, for the raising APIs: no well-formedness diagnostics, occurrences
    or lossy verdicts (they check well-formedness themselves), and ``@T.jit`` functions
    without ``const_args`` are built as ordinary functions, as ``from_source`` always has
    (the collecting analysis only checks their program)."""


@dataclass
class DefinitionUnit:
    """One TVMScript definition being analysed: its AST and decorator, the environment it
    sees, and what building it gave (IR, the program of each function, every failure)."""

    found: Found
    env: Mapping[str, Any]
    report: DefinitionReport
    part: UnitPart
    programs: Dict[str, BuilderProgram] = field(default_factory=dict)
    recorded: Dict[str, List[Tuple[Loc, str, Any]]] = field(default_factory=dict)
    """Per function: what its builder program recorded (range, what, value)."""

    @property
    def node(self) -> Any:
        return self.found.node

    @property
    def decorator(self) -> Any:
        return self.found.decorator


class _FileAnalysis:
    """The state of one ``analyze`` call."""

    def __init__(self, text: str, options: AnalysisOptions,
                 reuse: Optional[Reuse] = None, chunks: Optional[ChunkCache] = None) -> None:
        self.text = text
        self.options = options
        self.reuse = reuse
        self.chunks = chunks
        self.parsed: Dict[ChunkKey, Tuple[Any, bool, TopLevelChunk]] = {}
        self.chunk_starts: List[int] = []  # first lines of the parsed chunks, in order
        self.chunk_keys: List[ChunkKey] = []
        self.built: Set[ChunkKey] = set()
        """Keys of the chunks in which something was built (their trees were rewritten)."""
        self.report = ParseReport(options.source_name)
        self.lines = LineIndex(text)
        self.diagnostics = DiagnosticMaker(options.source_name, self.report.file_diagnostics,
                                           self.lines)
        self.unit_ids: Dict[str, int] = {}
        self.env: Dict[str, Any] = {}
        self.module_globals: Dict[str, Any] = {}
        self.symbol_locs: Dict[str, Loc] = {}
        self.context_text = ""
        self._context_digest: Optional[bytes] = None

    # -- the file ------------------------------------------------------------------------------

    def run(self) -> ParseReport:
        with fewer_collections():
            return self._run()

    def _run(self) -> ParseReport:
        namespaces.ensure_initialized()
        self.scan = self._scan()
        self.diagnostics.lines = self.lines = self.scan.line_index
        statements = self._statements()
        self._module_environment(statements)
        evaluator = Evaluator(self.options.trusted, self.module_globals,
                              frozenset(self.options.extra_vars))
        discovery = discover(statements, self.env, evaluator)
        # What the file binds with Python decides how a definition's use of such a name is
        # reported (untrusted.py): part of every definition's context.
        self.context_text += "\0python:" + ",".join(sorted(discovery.python_names))
        self.names = None if self.options.trusted else NameCheck(
            self._visible, frozenset(discovery.python_names))
        for refusal in discovery.refusals:
            self._file_error(refusal.error, refusal.loc)
        for note in discovery.notes:  # Relax definitions: information, never an error
            self.diagnostics.error(note.error, note.loc, INFORMATION)
        found_ids = [(found, self._unit_id(found)) for found in discovery.found]
        macros = [self._unit(found, uid) for found, uid in found_ids if found.kind == "macro"]
        self.context_text += "".join(_node_text(self.scan, u.node) for u in macros)
        for unit in macros:
            unit.report.key = self._key(unit.found)
        self._define_macros(macros)
        only = self.options.only_lines
        for found, uid in found_ids:
            if found.kind == "macro":
                continue
            if only is not None and not _overlaps(found.node, only):
                continue
            key = self._key(found)
            # A definition reused from an earlier analysis is never made a unit (most of an
            # edit's analysis is this loop over unchanged definitions).
            if self.reuse is not None and key not in self.options.skip:
                earlier = self.reuse(key, uid, _definition_range(found.node))
                if earlier is not None:
                    self.report.units.append(earlier)
                    continue
            unit = self._unit(found, uid)
            unit.report.key = key
            self._analyze_unit(unit)
            if not self.options.trusted:  # the tree is as parsed: its walks can go
                forget_source_nodes(unit.node)
        for part in self.report.units:
            if isinstance(part, UnitPart):
                part.table.occurrences.sort(key=lambda o: o.range)
        return self.report

    def _visible(self, name: str) -> bool:
        return name in self.env

    def _file_error(self, exc: BaseException, loc: Loc, severity: int = ERROR) -> None:
        loc = getattr(exc, "loc", None) or loc  # a refusal knows its expression
        self.report.errors.append(exc)
        self.diagnostics.error(exc, loc, severity)

    def _scan(self) -> SourceScan:
        """Scans the text; a bad header list is reported and its lines blanked, so the rest of
        the file is still split and parsed."""
        text = self.text
        earlier = self.chunks.scan if self.chunks is not None else None
        if self.chunks is not None:
            self.chunks.scan = None
        for _ in range(100):
            try:
                if earlier is not None:
                    found = rescan(earlier, text, self.options.source_name)
                else:
                    found = scan(text, self.options.source_name)
                if self.chunks is not None and text is self.text:
                    self.chunks.scan = found
                return found
            except SyntaxError as error:
                self._file_error(error, (1, 0, 1, 0))
                first = error.lineno or 1
                last = error.end_lineno or first
                earlier = None  # the blanked text is scanned whole
                blanked = blank_lines(text, first, last)
                # An empty line inside a list blanks to itself: take the lines above too, up
                # to the list's own line, or the same error would come back.
                while blanked == text and first > 1:
                    first -= 1
                    blanked = blank_lines(text, first, last)
                text = blanked
        return scan(blank_lines(text, 1, LineIndex(text).line_count), self.options.source_name)

    def _parse_chunk(self, chunk: TopLevelChunk) -> Optional[ast.Module]:
        """The chunk's AST at file lines (linear in the chunk), or the earlier one of the same
        text at the same line; None after reporting its syntax error (NUL bytes, lone
        surrogates and deep nesting are syntax errors too)."""
        key = (self.scan.line_index.lines(chunk.start_line, chunk.end_line), chunk.start_line)
        cached = self.chunks.parsed.get(key) if self.chunks is not None else None
        if cached is not None:
            parsed, dirty = cached
        else:
            parsed, dirty = self._parse_fresh(chunk), False
        self.parsed[key] = (parsed, dirty, chunk)
        self.chunk_starts.append(chunk.start_line)
        self.chunk_keys.append(key)
        if isinstance(parsed, SyntaxError):
            self._file_error(parsed, (chunk.start_line, 0, chunk.start_line, 0))
            return None
        return parsed

    def _parse_fresh(self, chunk: TopLevelChunk) -> Any:
        try:
            return parse_chunk(self.scan, chunk, self.options.source_name)
        except SyntaxError as error:
            return error

    def _chunk_key(self, line: int) -> Optional[ChunkKey]:
        """The key of the parsed chunk holding ``line`` (chunks are in source order)."""
        index = bisect.bisect_right(self.chunk_starts, line) - 1
        return self.chunk_keys[index] if index >= 0 else None

    def _pristine(self, unit: DefinitionUnit) -> None:
        """Before building, which rewrites the tree: a definition from a dirty cached chunk
        gets the same node parsed afresh (an earlier build rewrote the cached one's
        expressions), and its chunk is marked built."""
        line = unit.node.lineno
        key = self._chunk_key(line)
        if key is None:
            return
        self.built.add(key)
        parsed, dirty, chunk = self.parsed[key]
        if not dirty:
            return
        fresh = self._parse_fresh(chunk)
        self.parsed[key] = (fresh, False, chunk)
        for node in ast.walk(fresh):
            if isinstance(node, type(unit.node)) and node.lineno == line and \
                    node.col_offset == unit.node.col_offset:
                unit.found.node = node

    def keep_chunks(self) -> None:
        """Hands this analysis's parsed chunks to the cache, those in which something was
        built marked dirty."""
        if self.chunks is None:
            return
        self.chunks.parsed = {key: (parsed, dirty or key in self.built)
                              for key, (parsed, dirty, _) in self.parsed.items()}

    def _statements(self) -> List[ast.stmt]:
        """The top-level statements of every chunk that parses, in source order."""
        statements: List[ast.stmt] = []
        for chunk in self.scan.top_level:
            module = self._parse_chunk(chunk)
            if module is not None:
                statements.extend(module.body)
        return statements

    def _module_environment(self, statements: List[ast.stmt]) -> None:
        """Namespace imports and module symbols (literal arguments) bind without running
        anything; a trusted file's other module code runs as an import would."""
        self.env = namespace_imports(statements)
        self.package_names = package_aliases(statements)
        self.env.update(self.options.extra_vars)
        context = []
        for stmt in statements:
            if isinstance(stmt, ast.ImportFrom) and stmt.module in SCRIPT_PACKAGES:
                context.append(ast.unparse(stmt))
                continue
            if self.options.trusted and not self._is_script_definition(stmt):
                self._run_module_statement(stmt)
                context.append(_statement_source(self.scan, stmt))
                continue
            try:
                declared = symbol_declaration(stmt, self.env)
            except Exception as exc:  # noqa: BLE001 - a refused or bad symbol declaration
                let_stops_through(exc)
                self._file_error(exc, loc_of(stmt))
                continue
            if declared is not None:
                self.env[declared[0]] = declared[1]
                target = stmt.targets[0]  # type: ignore[attr-defined]
                self.symbol_locs[declared[0]] = loc_of(target)
                context.append(ast.unparse(stmt))
        if self.options.trusted:
            self.env.update((k, v) for k, v in self.module_globals.items()
                            if not k.startswith("__"))
        else:
            self._drop_rebound(statements)
        # Module symbols are the file's, whether or not a definition uses them (so a reused
        # definition's occurrences still find theirs).
        for name, value in self.env.items():
            if isinstance(value, _ir.Var):
                self.report.module_table.symbol_for(value, name, "symbol", type_text(value),
                                                    self.symbol_locs.get(name), value)
        context.append(f"trusted={self.options.trusted}")
        context.extend(sorted(self.options.extra_vars))
        self.context_text = "\n".join(context)

    def _drop_rebound(self, statements: List[ast.stmt]) -> None:
        """A namespace alias or symbol that module code the analysis does not run binds again
        afterwards (``T = something_else``) no longer means what the import said: its uses
        are refused, as Python would see another value."""
        bound_at: Dict[str, int] = {}
        for stmt in statements:
            if isinstance(stmt, ast.ImportFrom) and stmt.module in SCRIPT_PACKAGES:
                for alias in stmt.names:
                    bound_at[alias.asname or alias.name] = stmt.lineno
            elif (name := _simple_target(stmt)) is not None and name in self.symbol_locs:
                bound_at[name] = stmt.lineno
        for stmt in statements:
            if isinstance(stmt, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)):
                continue
            for node in ast.walk(stmt):
                if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and \
                        node.id in bound_at and stmt.lineno > bound_at[node.id] and \
                        self.symbol_locs.get(node.id) != loc_of(node):
                    self.env.pop(node.id, None)
                    self.symbol_locs.pop(node.id, None)

    def _is_script_definition(self, stmt: ast.stmt) -> bool:
        if not isinstance(stmt, (ast.FunctionDef, ast.ClassDef)):
            return False
        # `@tvm.script.ir_module` names the package its import binds (`import tvm`): such a
        # definition is the analysis's too, never run as Python.
        evaluator = Evaluator(trusted=False)
        evaluator.packages.update(self.package_names)
        try:
            return definition_decorator(stmt, self.env, evaluator) is not None
        except Exception:  # noqa: BLE001 - a bad decorator: still ours
            return True

    def _run_module_statement(self, stmt: ast.stmt) -> None:
        """Trusted files only: one module statement, run as Python; a failure is a warning
        and the next statement still runs."""
        globals_ = self.module_globals
        if not globals_:
            globals_.update({"__name__": "__tvm_lsp_analysis__", "__builtins__": builtins,
                             "__file__": self.options.source_name})
            globals_.update(self.env)
        try:
            code = compile(ast.Module(body=[stmt], type_ignores=[]), self.options.source_name,
                           "exec")
            exec(code, globals_)  # noqa: S102 - the file is trusted
        except Exception as exc:  # noqa: BLE001 - module code failing is a diagnostic
            let_stops_through(exc)
            attach_location(exc, self.options.source_name, loc_of(stmt), self.lines)
            self._file_error(exc, loc_of(stmt), severity=WARNING)

    # -- units ---------------------------------------------------------------------------------

    def _unit(self, found: Found, unit_id: str) -> DefinitionUnit:
        node = found.node
        report = DefinitionReport(node.name, found.kind, _definition_range(node),
                                  depth=found.depth, decorator=found.decorator)
        # A live view: the file's macros are bound after the units are made.
        scopes = [m for m in (found.scope_symbols, found.constants) if m]
        env = collections.ChainMap(*scopes, self.env) if scopes else self.env
        table = OccurrenceTable(prefix=unit_id, shared=self.report.module_table)
        return DefinitionUnit(found, env, report, UnitPart(report, table=table))

    def _unit_id(self, found: Found) -> str:
        """``Suite.method``, with ``#2``... for a later definition of the same path."""
        path = ".".join(found.path) or found.node.name
        count = self.unit_ids[path] = self.unit_ids.get(path, 0) + 1
        return path if count == 1 else f"{path}#{count}"

    def _key(self, found: Found) -> str:
        if self._context_digest is None:  # the context is the same for every definition
            self._context_digest = hashlib.sha256(
                self.context_text.encode("utf-8", "surrogatepass")).digest()
        digest = hashlib.sha256()
        digest.update(_node_text(self.scan, found.node).encode("utf-8", "surrogatepass"))
        digest.update(b"\0")
        digest.update(self._context_digest)
        for name in sorted(found.scope_symbols):
            digest.update(f"\0{name}".encode("utf-8", "surrogatepass"))
        for name, value in sorted(found.constants.items()):  # plain data: its repr is its value
            digest.update(f"\0{name}={value!r}".encode("utf-8", "surrogatepass"))
        return digest.hexdigest()[:32]

    def _program_options(self, env: Optional[Mapping[str, Any]] = None) -> ProgramOptions:
        names = self.names
        if names is not None and env is not None and env is not self.env:
            # What the definition's enclosing functions bind (a test function's own
            # `from tvm.script import tirx as T`, its symbols) is visible to it.
            names = NameCheck(lambda name: name in env, names.unevaluated)
        return ProgramOptions(trusted=self.options.trusted, tolerant=True, names=names)

    def _define_macros(self, macros: List[DefinitionUnit]) -> None:
        for unit in macros:
            self._add_definition(unit)
        if not macros:
            return
        # Macro bodies raise into their caller's statement guard, which records the error
        # (located in the macro, with a note naming the call) and poisons what it binds.
        for unit in macros:
            self._pristine(unit)
        # Each macro reads what its enclosing functions bind too (symbols, literal constants).
        programs = [BuilderProgram(u.node, self.scan, self.options.source_name, u.env,
                                   u.decorator, self._strict_options(u.env)) for u in macros]
        failures = dict(define_text_macros(programs, self.env))
        for index, (unit, program) in enumerate(zip(macros, programs)):
            if index in failures:  # its calls say so, where they are
                self._unit_error(unit, failures[index])
                continue
            for rejected in program.transpiled.rejected:
                self._unit_error(unit, rejected)

    def _strict_options(self, env: Mapping[str, Any]) -> ProgramOptions:
        """A macro's options: not tolerant (its errors raise into its callers), with the name
        rule over its own environment."""
        names = self.names
        if names is not None and env is not self.env:
            names = NameCheck(lambda name: name in env, names.unevaluated)
        return ProgramOptions(trusted=self.options.trusted, names=names)

    def _add_definition(self, unit: DefinitionUnit) -> None:
        self.report.units.append(unit.part)
        unit.part.comments.extend(attach_comments(unit.node, self.scan.comments))

    def _unit_error(self, unit: DefinitionUnit, exc: BaseException,
                    fallback: Optional[Loc] = None) -> None:
        unit.report.errors.append(exc)
        self.diagnostics.into(unit.part.diagnostics).error(
            exc, fallback or self._name_loc(unit.node))

    def _name_loc(self, node: Any) -> Loc:
        return definition_name_loc(node, self.lines.line_text(node.lineno))

    def _analyze_unit(self, unit: DefinitionUnit) -> None:
        found, report = unit.found, unit.report
        self._add_definition(unit)
        if found.error is not None:
            self._unit_error(unit, found.error, loc_of(found.node))
            return
        for refusal in found.match.refusals:
            self._unit_error(unit, _located(refusal, self))
        if report.key in self.options.skip:
            message = (f"The analysis of `{report.name}` ran past its time limit before; it "
                       "is not analysed again until it changes")
            self.diagnostics.into(unit.part.diagnostics).add(
                "time-limit", message, self._name_loc(unit.node))
            return
        if self.options.progress is not None:
            self.options.progress(report.key, report.name, list(report.range))
        self._pristine(unit)
        if not self.options.build_only:  # reads the source before building rewrites it
            report.lossy_reasons = self._lossy(unit)
            report.apache_spelling = apache_members(unit.node, unit.env)
        report.node, report.env = unit.node, unit.env
        report.line_ending = _line_ending(self.scan.line_index.lines(report.range[0],
                                                                   report.range[0]))
        try:
            self._build(unit)
        except (RecursionError, MemoryError) as exc:
            self._unit_error(unit, exc)
        first = report.range[0]
        recorded = {name: program.recorded_positions() for name, program in unit.programs.items()}
        report.positions = [((loc[0] - first, loc[1], loc[2] - first, loc[3]), value)
                            for found in recorded.values() for loc, _, value in found]
        unit.recorded = recorded
        if report.ir is None or self.options.build_only:
            return
        try:
            self._well_formed(unit)
            self._occurrences(unit)
        except (RecursionError, MemoryError) as exc:
            self._unit_error(unit, exc)

    def _build(self, unit: DefinitionUnit) -> None:
        """Builds the unit's IR, collecting every failure; IR stays None when nothing built."""
        with collecting_failures() as sink:
            try:
                unit.report.ir, unit.programs = self._construct(unit)
            except Exception as exc:  # noqa: BLE001 - every failure is a diagnostic
                let_stops_through(exc)
                sink.failures.append(Failure(exc, self._name_loc(unit.node)))
        rejected = [(e, None) for p in unit.programs.values()
                    for e in getattr(getattr(p, "transpiled", None), "rejected", ())]
        failures = [(f.error, f.loc) for f in sink.failures]
        for exc, loc in sorted(rejected + failures, key=_failure_order):
            self._unit_error(unit, exc, loc)
        diagnostics = self.diagnostics.into(unit.part.diagnostics)
        for finding in sink.findings:
            diagnostics.add(finding.code, finding.message, finding.loc, severity=WARNING)

    def _construct(self, unit: DefinitionUnit) -> Tuple[Any, Dict[str, BuilderProgram]]:
        node, decorator, options = unit.node, unit.decorator, self._program_options(unit.env)
        source_name = self.options.source_name
        if isinstance(decorator, ModuleDecorator):
            errors = SyntaxErrorFactory(source_name, self.lines)
            evaluator = Evaluator(self.options.trusted, self.module_globals,
                                  frozenset(self.options.extra_vars))
            members = module_members(node, errors, lambda stmt: _member_decorator(
                stmt, unit.env, evaluator, self, unit))
            spec = ModuleSource(node, self.scan, source_name, unit.env, options,
                                lambda call, scope: _module_attrs(call, scope, evaluator))
            built = build_module(spec, members, decorator=decorator)
            return built.ir, built.programs
        const_args = self.options.const_args
        if isinstance(decorator, JITDecorator) and decorator.const_args is None and \
                const_args is None and not self.options.build_only:
            # `@T.jit` without const_args builds only when specialized: check its program.
            program = BuilderProgram(node, self.scan, source_name, unit.env, decorator, options)
            program.transpiled = program.transpile()
            return None, {node.name: program}
        ir, program = build_function(node, self.scan, source_name, unit.env, decorator, options,
                                     const_args)
        if self.options.build_only:
            # The raising APIs check the program; a collecting analysis is done with it once
            # the unit is analysed (a program is the largest thing a unit holds: its generated
            # tree, code and runtime, about two thirds of a session's Python memory).
            unit.report.program = program
        return ir, {node.name: program}

    def _well_formed(self, unit: DefinitionUnit) -> None:
        if any(_left_out_by_design(error) for error in unit.report.errors):
            # A statement was left out for a reason that is no error of the file's (a member
            # not analysed yet, a Python value not evaluated): the IR lacks what it defined,
            # so an undefined variable there would be a false error (issue 23, item 3).
            return
        ir = unit.report.ir
        diagnostics = self.diagnostics.into(unit.part.diagnostics)
        functions = [(name, _function_of(ir, name)) for name in unit.programs]
        for name, ir_func in functions:
            if ir_func is None:
                continue
            seen = set()
            for diagnostic in _well_formed(ir_func):
                loc = statement_loc(ir_func, diagnostic.path) or \
                    loc_of(unit.programs[name].node)
                mark = (diagnostic.code, diagnostic.message, loc)
                if mark not in seen:  # two findings at one statement: one mark, not two
                    seen.add(mark)
                    # Its own severity: block rules that apache-tvm 0.27 accepts are warnings.
                    diagnostics.add(diagnostic.code, diagnostic.message, loc,
                                    int(diagnostic.severity), path=diagnostic.path,
                                    related=tuple(diagnostic.related),
                                    tags=tuple(diagnostic.tags))

    def _occurrences(self, unit: DefinitionUnit) -> None:
        """Definitions from the IR (each variable's span is its name where it is bound), uses
        from what the builder program recorded at each name it read."""
        table, node = unit.part.table, unit.node
        name_loc = self._name_loc(node)
        function_symbols: Dict[str, str] = {}
        if isinstance(unit.decorator, ModuleDecorator):
            symbol = table.symbol_for(("module", node.name, name_loc), node.name, "module", "",
                                      name_loc)
            table.add(name_loc, symbol, True)
            for name, program in unit.programs.items():
                loc = self._name_loc(program.node)
                function_symbols[name] = table.symbol_for(("function", node.name, name), name,
                                                          "function", "", loc)
                table.add(loc, function_symbols[name], True)
        else:
            symbol = table.symbol_for(("function", node.name, name_loc), node.name, "function",
                                      "", name_loc)
            table.add(name_loc, symbol, True)
        for name, program in unit.programs.items():
            collect_function(table, program.node, program.header,
                             _function_of(unit.report.ir, name), unit.recorded.get(name, ()),
                             function_symbols)

    def _lossy(self, unit: DefinitionUnit) -> List[str]:
        node = unit.node
        module_name = node.name if unit.report.kind == "module" else None
        local = [n.id for n in source_nodes(node) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, ast.Store)]
        functions = [m for m in node.body if isinstance(m, ast.FunctionDef)] \
            if isinstance(node, ast.ClassDef) else [node]
        for function in functions:
            local.extend(a.arg for a in function.args.args)
            local.extend(self._header_names(function))
        return lossy_reasons(node, unit.env, module_name, local)

    def _header_names(self, function: ast.FunctionDef) -> List[str]:
        header = header_list(self.scan.type_params, function)
        return [] if header is None else [item.name for item in header.items]

def _simple_target(stmt: ast.stmt) -> Optional[str]:
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and \
            isinstance(stmt.targets[0], ast.Name):
        return stmt.targets[0].id
    return None


def _located(refusal: Refusal, analysis: _FileAnalysis) -> BaseException:
    loc = getattr(refusal.error, "loc", None) or refusal.loc
    attach_location(refusal.error, analysis.options.source_name, loc, analysis.lines)
    return refusal.error


def _failure_order(item: Tuple[BaseException, Optional[Loc]]) -> Tuple[int, int]:
    exc, loc = item
    known = error_location(exc)
    if known is not None:
        return known[1], known[2]
    if isinstance(exc, SyntaxError):
        return exc.lineno or 0, exc.offset or 0
    return (loc[0], loc[1]) if loc else (0, 0)


def _member_decorator(stmt: Any, env: Mapping[str, Any], evaluator: Evaluator,
                      analysis: _FileAnalysis, unit: DefinitionUnit) -> Any:
    match = definition_decorator(stmt, env, evaluator)
    if match is None:
        return None
    for refusal in match.refusals:
        analysis._unit_error(unit, _located(refusal, analysis))
    return match.decorator


def _module_attrs(call: ast.Call, scope: Mapping[str, Any], evaluator: Evaluator) -> Any:
    """``I.module_attrs({...})`` or ``I.module_global_infos({...})``: the namespace's own hook
    with literal (untrusted) or evaluated (trusted) arguments."""
    func = call.func
    name = func.attr
    namespace = scope.get(func.value.id) if isinstance(func, ast.Attribute) and \
        isinstance(func.value, ast.Name) else None
    if namespace is None or namespaces.root_of(namespace) is None:
        raise UntrustedNotEvaluated(f"Only `I.{name}({{...}})` of a script namespace is "
                                    "evaluated in a module class")
    keywords = MODULE_STATEMENTS[name]
    if any(k.arg not in keywords for k in call.keywords) or \
            not 1 <= len(call.args) <= len(call.args) + len(call.keywords) <= 1 + len(keywords):
        extra = "".join(f" and `{k}=`" for k in keywords)
        raise TypeError(f"`{name}` takes one dict{extra}")
    args = [evaluator.value(a, scope) for a in call.args]
    kwargs = {k.arg: evaluator.value(k.value, scope) for k in call.keywords}
    return getattr(namespace, name)(*args, **kwargs)


def _left_out_by_design(error: BaseException) -> bool:
    """A failure reported as an information: valid code this analysis does not build."""
    return isinstance(error, (NotAnalysedYet, UntrustedNotEvaluated))


def _function_of(ir: Any, name: str) -> Any:
    if ir is None:
        return None
    if hasattr(ir, "functions"):
        try:
            return ir.functions[ir.get_global_var(name)]
        except Exception:  # noqa: BLE001 - a member that did not build
            return None
    return ir


def _definition_range(node: ast.AST) -> Loc:
    decorators = getattr(node, "decorator_list", [])
    start = decorators[0] if decorators else node
    line = start.lineno
    col = start.col_offset - (1 if decorators else 0)  # the `@` before the decorator
    return (line, max(col, 0), node.end_lineno or line, node.end_col_offset or 0)


def _line_ending(line: str) -> str:
    """How ``line`` (with its ending) ends: ``\\r\\n``, ``\\r`` or ``\\n`` (also for the last line,
    which may have none)."""
    if line.endswith("\r\n"):
        return "\r\n"
    return "\r" if line.endswith("\r") else "\n"


def _overlaps(node: ast.AST, lines: Tuple[int, int]) -> bool:
    first, _, last, _ = _definition_range(node)
    return first <= lines[1] and last >= lines[0]


def _node_text(scan_result: SourceScan, node: ast.AST) -> str:
    first, _, last, _ = _definition_range(node)
    return scan_result.line_index.lines(first, last)


def _statement_source(scan_result: SourceScan, stmt: ast.stmt) -> str:
    return scan_result.line_index.lines(stmt.lineno, stmt.end_lineno or stmt.lineno)


def analyze(text: str, options: AnalysisOptions = AnalysisOptions()) -> ParseReport:
    """Every definition, error, occurrence and comment of a TVMScript file (see the module
    comment). Raises only for cancellation (``runtime.Cancelled``) and the watchdog's
    time-out; everything else is in the report."""
    return _FileAnalysis(text, options).run()


def analyze_with(text: str, options: AnalysisOptions, reuse: Reuse,
                 chunks: Optional[ChunkCache] = None) -> ParseReport:
    """``analyze``, taking earlier results of unchanged definitions from ``reuse`` and earlier
    trees of unchanged chunks from ``chunks`` (which then holds this analysis's)."""
    analysis = _FileAnalysis(text, options, reuse, chunks)
    try:
        return analysis.run()
    finally:
        # Also when cancelled: a tree that building began to rewrite must be kept dirty.
        analysis.keep_chunks()


__all__ = ["AnalysisOptions", "ChunkCache", "DefinitionUnit", "Reuse", "analyze", "analyze_with"]
