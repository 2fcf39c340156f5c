"""Source acquisition for decorated Python definitions.

A TVMScript decorator never runs the definition it decorates: it reads the source, parses it and
builds IR. This module finds that source and the bindings the definition can see.

The whole file is parsed, never a dedented slice of it, so every ``ast`` position of the
definition is already a file position: lines 1-based, columns 0-based UTF-8 byte offsets.
"""

from __future__ import annotations

import ast
import builtins as _builtins
import inspect
import linecache
import os
import re
import sys
import types
from dataclasses import dataclass
from typing import Any, Callable, Collection, Dict, Iterator, List, Mapping, Optional, Set
from typing import Tuple, Union

from .line_index import split_lines

Definition = Union[ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef]
ParseFunction = Callable[[str, str], ast.Module]

_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)
_DEFINITION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
# The definition keyword and, when it is on the same line, the name after it.
_HEADER = re.compile(r"(?:(?:async[ \t\f]+)?def|class|async)\b(?:[ \t\f]+[^\W\d]\w*)?")
_FROM_SOURCE_HINT = "parse its text with tvm.script.from_source(text) instead"


class Captures(Mapping[str, Any]):
    """The Python bindings a definition can see, as a read-only mapping.

    A name is looked up in this order, and the first layer that has it wins:

    1. closure cells (``co_freevars``), read at lookup time; a cell that is still unbound (its
       name is assigned after the definition) makes the name absent, without consulting the
       later layers, as Python would;
    2. the definition frame's locals, snapshotted at acquisition: enclosing locals that are not
       cells, such as names used only in annotations under ``from __future__ import
       annotations`` or only in decorators (empty for module-level definitions, whose frame
       locals are the globals);
    3. the module globals, live;
    4. the builtins of those globals.

    For a class, layer 1 merges the closure cells of its function members (methods defined in
    one class body share the enclosing scope, so a name has one cell) and layer 2 is the frame
    applying the class decorator.
    """

    def __init__(
        self,
        cells: Mapping[str, types.CellType],
        frame_locals: Mapping[str, Any],
        globals_: Dict[str, Any],
        builtins: Mapping[str, Any],
    ) -> None:
        self._cells = dict(cells)
        self._frame_locals = {k: v for k, v in frame_locals.items() if k not in self._cells}
        self._globals = globals_
        self._builtins = builtins

    @property
    def cells(self) -> Mapping[str, types.CellType]:
        """The closure cells by name, for recomposing a function with the same closure."""
        return types.MappingProxyType(self._cells)

    @property
    def frame_locals(self) -> Mapping[str, Any]:
        """The snapshot of the definition frame's locals that are not closure names."""
        return types.MappingProxyType(self._frame_locals)

    @property
    def globals(self) -> Dict[str, Any]:
        """The live module globals (a real dict, so a generated function can use it)."""
        return self._globals

    @property
    def builtins(self) -> Mapping[str, Any]:
        """The builtins the definition sees."""
        return self._builtins

    def _layers(self) -> Tuple[Mapping[str, Any], ...]:
        return (self._frame_locals, self._globals, self._builtins)

    def __getitem__(self, name: str) -> Any:
        cell = self._cells.get(name)
        if cell is not None:
            try:
                return cell.cell_contents
            except ValueError:  # unbound: assigned after the definition, or never
                raise KeyError(name) from None
        for layer in self._layers():
            if name in layer:
                return layer[name]
        raise KeyError(name)

    def is_bound(self, name: object) -> bool:
        """Whether looking ``name`` up would succeed, without handing out its value."""
        cell = self._cells.get(name)  # type: ignore[call-overload]
        if cell is not None:
            try:
                cell.cell_contents
            except ValueError:
                return False
            return True
        return any(name in layer for layer in self._layers())

    __contains__ = is_bound

    def __iter__(self) -> Iterator[str]:
        for name in self._cells:
            if self.is_bound(name):
                yield name
        seen: Set[str] = set(self._cells)
        for layer in self._layers():
            for name in list(layer):  # the globals may change while the caller iterates
                if name not in seen:
                    seen.add(name)
                    yield name

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<Captures of {len(self._cells)} cells, {len(self._frame_locals)} frame locals>"


@dataclass(frozen=True)
class AcquiredSource:
    """A definition's source, parsed as part of its whole file.

    ``caller`` is ``(file name, line)`` of the caller frame at acquisition: while ``@`` applies
    a decorator, that is the decorator expression's first line in the definition's file.
    """

    source_name: str
    text: str
    node: Definition
    module: ast.Module
    captures: Captures
    caller: Optional[Tuple[str, int]] = None


def acquire(
    obj: Any,
    *,
    caller_frame: Optional[types.FrameType] = None,
    parse: ParseFunction = ast.parse,
) -> AcquiredSource:
    """The source, AST node and captures of a function or class.

    ``caller_frame`` is the frame applying the decorator: its locals become captures and its
    line picks the definition when a file defines the same class name twice. ``parse(text,
    filename)`` parses the whole file; its ``SyntaxError`` propagates. Raises ``OSError`` when
    the source cannot be had or no longer matches the loaded definition.
    """
    definition = _unwrap(obj)
    if isinstance(definition, type):
        return _acquire_class(definition, caller_frame, parse)
    if not isinstance(definition, types.FunctionType):
        raise TypeError(f"expected a function or a class, got {type(obj).__name__}")
    if definition.__code__.co_name == "<lambda>":
        raise TypeError("a lambda has no definition to parse: define the function with `def`")
    return _acquire_function(definition, caller_frame, parse)


def require_decorated_at_definition(
    acquired: AcquiredSource, decorator_names: Collection[str], what: str
) -> ast.expr:
    """The decorator expression in the definition's decorator list that applies ``what``.

    It must read ``X.name`` or ``X.name(...)`` with ``X`` a dotted name (any namespace alias)
    and ``name`` in ``decorator_names``; when the caller is known, it must also be the
    decorator being applied right now. Anything else -- ``T.function(f)`` on an existing
    function, a bare alias ``@fn`` -- raises ``SyntaxError`` located at the definition.
    """
    node = acquired.node
    for decorator in node.decorator_list:
        if _names_decorator(decorator, decorator_names) and _is_applying(acquired, decorator):
            return decorator
    kind = "class" if isinstance(node, ast.ClassDef) else "function"
    message = (
        f"`{what}` must be applied with `@` where `{node.name}` is defined; "
        f"applying it to an existing {kind} is not supported"
    )
    raise _syntax_error_at_header(acquired, message)


def _unwrap(obj: Any) -> Any:
    """The definition behind method wrappers and ``functools.wraps`` chains."""
    while True:
        if isinstance(obj, (staticmethod, classmethod, types.MethodType)):
            obj = obj.__func__
            continue
        inner = obj if isinstance(obj, type) else inspect.unwrap(obj)
        if inner is obj:
            return obj
        obj = inner


def _acquire_function(
    fn: types.FunctionType, caller_frame: Optional[types.FrameType], parse: ParseFunction
) -> AcquiredSource:
    code = fn.__code__
    # The code object's names cannot be reassigned, unlike __name__ and __qualname__.
    qualname = code.co_qualname
    filename = inspect.getsourcefile(fn) or code.co_filename
    text = _read_source(filename, fn.__globals__, qualname)
    module = parse(text, filename)
    for node_qualname, node in _definitions(module):
        if (
            node_qualname == qualname
            and isinstance(node, _FUNCTION_NODES)
            and node.name == code.co_name
            and _first_line(node) == code.co_firstlineno
        ):
            break
    else:
        raise _changed_error(qualname, filename, code.co_firstlineno)
    cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
    captures = Captures(cells, _frame_locals(caller_frame), fn.__globals__, fn.__builtins__)
    return AcquiredSource(filename, text, node, module, captures, _caller(caller_frame))


def _acquire_class(
    cls: type, caller_frame: Optional[types.FrameType], parse: ParseFunction
) -> AcquiredSource:
    qualname = cls.__qualname__
    members = _member_functions(cls)
    # Functions defined in the class body name its file even where the module has no __file__.
    own = [fn for fn in members if fn.__code__.co_qualname.rpartition(".")[0] == qualname]
    filename = _class_file(cls, own, caller_frame)
    globals_ = _class_globals(cls, own, caller_frame)
    text = _read_source(filename, globals_, qualname)
    module = parse(text, filename)
    candidates = [
        node
        for node_qualname, node in _definitions(module)
        if node_qualname == qualname and isinstance(node, ast.ClassDef)
    ]
    first_line = getattr(cls, "__firstlineno__", None)  # Python 3.13+
    member_lines = [fn.__code__.co_firstlineno for fn in own]
    candidates = [
        node
        for node in candidates
        if first_line in (None, _first_line(node))
        and all(_first_line(node) <= line <= _end_line(node) for line in member_lines)
    ]
    if not candidates:
        raise _changed_error(qualname, filename, first_line)
    caller = _caller(caller_frame)
    if caller is not None and _same_file(caller[0], filename):
        # The class whose header (decorators to `class` line) holds the line applying `@`.
        applying = [n for n in candidates if _first_line(n) <= caller[1] <= n.lineno]
        candidates = applying or candidates
    cells: Dict[str, types.CellType] = {}
    for fn in members:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
            cells.setdefault(name, cell)
    captures = Captures(cells, _frame_locals(caller_frame), globals_, _globals_builtins(globals_))
    return AcquiredSource(filename, text, candidates[-1], module, captures, caller)


def _member_functions(cls: type) -> List[types.FunctionType]:
    """The functions in the class's own namespace, behind method and ``functools.wraps``
    wrappers; other attributes (IR objects, say) are left alone, not probed for wrappers."""
    members = []
    for value in vars(cls).values():
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, types.FunctionType):
            members.append(_unwrap(value))
    return [fn for fn in members if isinstance(fn, types.FunctionType)]


def _class_file(
    cls: type, own: List[types.FunctionType], caller_frame: Optional[types.FrameType]
) -> str:
    """The class's file: its own methods', else its module's, else the decorating frame's."""
    if own:
        return inspect.getsourcefile(own[0]) or own[0].__code__.co_filename
    try:
        filename = inspect.getsourcefile(cls)
    except (TypeError, OSError):  # an unregistered module, or one without __file__ (Jupyter)
        filename = None
    if filename is None and caller_frame is not None:
        filename = caller_frame.f_code.co_filename
    if filename is None:
        raise OSError(
            f"cannot find the source file of class `{cls.__qualname__}`: its module "
            f"{cls.__module__!r} has no file; {_FROM_SOURCE_HINT}"
        )
    return filename


def _class_globals(
    cls: type, own: List[types.FunctionType], caller_frame: Optional[types.FrameType]
) -> Dict[str, Any]:
    """The globals of the class body: its own methods', else the decorating frame's, else its
    module's (last, since a module may run without being registered in ``sys.modules``)."""
    if own:
        return own[0].__globals__
    if caller_frame is not None:
        return caller_frame.f_globals
    module = sys.modules.get(cls.__module__)
    return vars(module) if module is not None else {}


def _globals_builtins(globals_: Mapping[str, Any]) -> Mapping[str, Any]:
    found = globals_.get("__builtins__", _builtins)
    return vars(found) if isinstance(found, types.ModuleType) else found


def _frame_locals(frame: Optional[types.FrameType]) -> Mapping[str, Any]:
    """A snapshot of the frame's locals; none at module level, where they are the globals."""
    if frame is None or frame.f_locals is frame.f_globals:
        return {}
    return dict(frame.f_locals)


def _caller(frame: Optional[types.FrameType]) -> Optional[Tuple[str, int]]:
    return None if frame is None else (frame.f_code.co_filename, frame.f_lineno)


def _read_source(filename: str, module_globals: Mapping[str, Any], qualname: str) -> str:
    """The whole file as linecache has it (registered cells too), refreshed if it changed."""
    linecache.checkcache(filename)
    lines = linecache.getlines(filename, module_globals)
    if not lines:
        raise OSError(
            f"cannot get the source of `{qualname}`: {filename!r} is neither a readable file "
            f"nor registered in linecache (code run by exec() or typed into a REPL keeps no "
            f"source); {_FROM_SOURCE_HINT}"
        )
    return "".join(lines)


def _changed_error(qualname: str, filename: str, line: Optional[int]) -> OSError:
    where = f"at line {line} " if line is not None else ""
    return OSError(
        f"the source of `{qualname}` changed since it was loaded: {filename} has no such "
        f"definition {where}any more; reload the module so that its code and file agree"
    )


def _definitions(module: ast.Module) -> Iterator[Tuple[str, Definition]]:
    """Every def and class with the ``__qualname__`` CPython gives it (PEP 3155), including
    the rule that a name declared ``global`` in the enclosing scope gets no prefix."""

    def walk(scope: ast.AST, prefix: str, global_names: Set[str]) -> Iterator[Tuple[str, Any]]:
        for stmt in _child_statements(scope):
            if not isinstance(stmt, _DEFINITION_NODES):
                yield from walk(stmt, prefix, global_names)
                continue
            qualname = stmt.name if stmt.name in global_names else prefix + stmt.name
            yield qualname, stmt
            separator = ".<locals>." if isinstance(stmt, _FUNCTION_NODES) else "."
            yield from walk(stmt, qualname + separator, _declared_global(stmt))

    return walk(module, "", set())


def _child_statements(node: ast.AST) -> Iterator[ast.stmt]:
    """The statements directly nested in ``node`` (definitions only occur as statements)."""
    for _, value in ast.iter_fields(node):
        if isinstance(value, list):
            for item in value:
                if isinstance(item, ast.stmt):
                    yield item
                elif isinstance(item, (ast.excepthandler, ast.match_case)):
                    yield from item.body


def _declared_global(scope: ast.AST) -> Set[str]:
    """Names of ``global`` statements in the scope itself, not in nested definitions."""
    names: Set[str] = set()
    pending = list(_child_statements(scope))
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, ast.Global):
            names.update(stmt.names)
        elif not isinstance(stmt, _DEFINITION_NODES):
            pending.extend(_child_statements(stmt))
    return names


def _first_line(node: Definition) -> int:
    """The line ``co_firstlineno`` reports: the first decorator's, else the keyword's."""
    return node.decorator_list[0].lineno if node.decorator_list else node.lineno


def _end_line(node: Definition) -> int:
    return node.end_lineno if node.end_lineno is not None else node.lineno


def _same_file(a: str, b: str) -> bool:
    if a == b:
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # `<...>` names and vanished files
        return False


def _names_decorator(decorator: ast.expr, names: Collection[str]) -> bool:
    """Whether the decorator reads ``a.b.name`` or ``a.b.name(...)`` with ``name`` in names."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if not (isinstance(target, ast.Attribute) and target.attr in names):
        return False
    namespace = target.value
    while isinstance(namespace, ast.Attribute):
        namespace = namespace.value
    return isinstance(namespace, ast.Name)


def _is_applying(acquired: AcquiredSource, decorator: ast.expr) -> bool:
    """Whether the caller (if known) is applying this decorator: while ``@`` applies it, the
    caller frame's line is within the decorator expression in the same file."""
    if acquired.caller is None:
        return True
    filename, line = acquired.caller
    end = decorator.end_lineno if decorator.end_lineno is not None else decorator.lineno
    return _same_file(filename, acquired.source_name) and decorator.lineno <= line <= end


def _syntax_error_at_header(acquired: AcquiredSource, message: str) -> SyntaxError:
    """A SyntaxError spanning ``def name``/``class name``, with CPython's 1-based character
    offsets (the node's column is in UTF-8 bytes)."""
    node = acquired.node
    line = split_lines(acquired.text)[node.lineno - 1]
    start = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", "replace"))
    header = _HEADER.match(line, start)
    end = header.end() if header is not None else start + 1
    location = (acquired.source_name, node.lineno, start + 1, line + "\n", node.lineno, end + 1)
    return SyntaxError(message, location)


__all__ = ["AcquiredSource", "Captures", "acquire", "require_decorated_at_definition"]
