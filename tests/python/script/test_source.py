"""Source acquisition (tvm_tirx.script.parser.source): definitions found in their whole file,
file positions (UTF-8 byte columns), captures and the definition-site rule.

Fixture modules are written byte for byte into tmp_path and imported from there, with stand-in
decorators injected into their namespace before they run.
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import importlib.util
import linecache
import sys
import types
from pathlib import Path
from typing import Any, Callable, Iterator, List, Union

import pytest

from tvm_tirx.script.parser.source import (
    AcquiredSource,
    Captures,
    acquire,
    require_decorated_at_definition,
)


def grab(obj: Any) -> AcquiredSource:
    """A decorator that acquires what it decorates, as the frontend's decorators will."""
    return acquire(obj, caller_frame=sys._getframe(1))


def function(obj: Any = None, **options: Any) -> Any:
    """A stand-in for ``T.function``, usable bare or with options."""
    if obj is None:
        return function
    return acquire(obj, caller_frame=sys._getframe(1))


T = types.SimpleNamespace(function=function, ir_module=grab)

Loader = Callable[[str, Union[str, bytes]], types.ModuleType]


@pytest.fixture
def load(tmp_path: Path) -> Iterator[Loader]:
    """Writes a module into tmp_path with exact bytes and imports it from there."""
    names: List[str] = []

    def load_module(name: str, source: Union[str, bytes]) -> types.ModuleType:
        path = tmp_path / f"{name}.py"
        path.write_bytes(source if isinstance(source, bytes) else source.encode("utf-8"))
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        kept: List[Any] = []
        lines: List[int] = []

        def keep(obj: Any) -> Any:
            kept.append(obj)
            return obj

        def probe(obj: Any) -> Any:
            lines.append(sys._getframe(1).f_lineno)
            return obj

        module.__dict__.update(
            grab=grab, T=T, keep=keep, kept=kept, probe=probe, lines=lines,
            probe_with=lambda *args: probe,
        )
        sys.modules[name] = module
        names.append(name)
        spec.loader.exec_module(module)
        return module

    yield load_module
    for name in names:
        sys.modules.pop(name, None)
    linecache.clearcache()


def first_line(node: ast.AST) -> int:
    decorators = getattr(node, "decorator_list", [])
    return decorators[0].lineno if decorators else node.lineno


# ---- finding definitions ------------------------------------------------------------------

DEFS = """\
import contextlib
import functools
import sys


@grab
def top(a):
    return a


@T.function(
    private=True
)
@functools.lru_cache(maxsize=None)
def multi(n):
    return n


def outer(k):
    @grab
    def inner(x):
        return x + k

    return inner


class Holder:
    @grab
    def method(self):
        return self

    @grab
    @staticmethod
    def static(x):
        return x

    @grab
    @classmethod
    def klass(cls):
        return cls

    class Inner:
        @grab
        async def deep(self):
            return self


if sys.version_info >= (3,):
    @grab
    def in_if():
        return 1
else:
    @grab
    def in_if():
        return 2

try:
    @grab
    def in_try():
        return 1
finally:
    pass

with contextlib.nullcontext():
    @grab
    def in_with():
        return 1


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)

    return wrapper


@grab
@logged
def wrapped(x):
    return x


def declare():
    global made_global

    @grab
    def made_global():
        return 1

    return made_global


class Plain:
    def method(self):
        return self
"""


@pytest.mark.parametrize(
    "get, name, first, line, col",
    [
        (lambda m: m.top, "top", 6, 7, 0),
        (lambda m: m.multi, "multi", 11, 15, 0),
        (lambda m: m.outer(1), "inner", 20, 21, 4),
        (lambda m: m.Holder.method, "method", 28, 29, 4),
        (lambda m: m.Holder.static, "static", 32, 34, 4),
        (lambda m: m.Holder.klass, "klass", 37, 39, 4),
        (lambda m: m.Holder.Inner.deep, "deep", 43, 44, 8),
        (lambda m: m.in_if, "in_if", 49, 50, 4),
        (lambda m: m.in_try, "in_try", 58, 59, 4),
        (lambda m: m.in_with, "in_with", 65, 66, 4),
        (lambda m: m.wrapped, "wrapped", 78, 80, 0),
        (lambda m: m.declare(), "made_global", 87, 88, 4),
    ],
)
def test_function_is_found_in_whole_file(
    load: Loader, tmp_path: Path, get: Callable, name: str, first: int, line: int, col: int
) -> None:
    acquired = get(load("defs", DEFS))
    assert isinstance(acquired, AcquiredSource)
    assert acquired.source_name == str(tmp_path / "defs.py")
    assert acquired.text == DEFS
    assert isinstance(acquired.module, ast.Module)
    assert any(node is acquired.node for node in ast.walk(acquired.module))
    node = acquired.node
    assert (node.name, first_line(node), node.lineno, node.col_offset) == (name, first, line, col)
    assert acquired.text.split("\n")[line - 1][col:].startswith(("def ", "async def "))


def test_multi_line_decorator_keeps_its_span(load: Loader) -> None:
    node = load("defs", DEFS).multi.node
    assert [(d.lineno, d.end_lineno) for d in node.decorator_list] == [(11, 13), (14, 14)]
    assert isinstance(node.body[0], ast.Return) and node.body[0].lineno == 16


def test_async_definition(load: Loader) -> None:
    assert isinstance(load("defs", DEFS).Holder.Inner.deep.node, ast.AsyncFunctionDef)


def test_method_objects_are_unwrapped(load: Loader) -> None:
    module = load("defs", DEFS)
    bound = acquire(module.Plain().method)
    assert (bound.node.name, bound.node.lineno) == ("method", 95)
    wrapped_static = acquire(staticmethod(classmethod(module.Plain.method)))
    assert wrapped_static.node is not bound.node  # parsed afresh
    assert wrapped_static.node.lineno == 95


def test_wraps_chain_reaches_the_original(load: Loader) -> None:
    module = load("defs", DEFS)
    acquired = module.wrapped
    assert acquired.node.name == "wrapped"
    # The captures are the original function's, not the wrapper's closure (`fn`).
    assert "fn" not in acquired.captures.cells
    assert acquired.captures["logged"] is module.logged


def test_caller_is_the_decorator_line(load: Loader, tmp_path: Path) -> None:
    module = load("defs", DEFS)
    assert module.top.caller == (str(tmp_path / "defs.py"), 6)
    assert module.multi.caller == (str(tmp_path / "defs.py"), 11)
    assert acquire(module.Plain.method).caller is None


def test_parse_is_called_with_the_whole_text(load: Loader, tmp_path: Path) -> None:
    module = load("defs", DEFS)
    calls = []

    def parse(text: str, filename: str) -> ast.Module:
        calls.append((text, filename))
        return ast.parse(text, filename)

    acquire(module.Plain.method, parse=parse)
    assert calls == [(DEFS, str(tmp_path / "defs.py"))]


def test_syntax_error_of_parse_propagates(load: Loader) -> None:
    module = load("defs", DEFS)
    error = SyntaxError("expected '('")

    def parse(text: str, filename: str) -> ast.Module:
        raise error

    with pytest.raises(SyntaxError) as info:
        acquire(module.Plain.method, parse=parse)
    assert info.value is error


def test_not_a_definition() -> None:
    with pytest.raises(TypeError, match="^expected a function or a class, got int$"):
        acquire(42)
    with pytest.raises(TypeError, match="^a lambda has no definition to parse"):
        acquire(lambda: 0)


# ---- positions in CRLF, tab-indented, non-ASCII files ---------------------------------------

NON_ASCII = (
    "# é — commentaire, 名前\r\n"
    "import sys\r\n"
    "\r\n"
    "if True:\r\n"
    "\t@grab\r\n"
    "\tdef 名前(a):\r\n"
    '\t\tb = "é"; c = a  # é\r\n'
    "\t\treturn c\r\n"
    "\r\n"
    "\r\n"
    "class Clé:\r\n"
    "\t@grab\r\n"
    '\tdef méthode(self, x="名前"):  # é\r\n'
    "\t\treturn x\r\n"
).encode("utf-8")


def test_positions_are_file_byte_columns(load: Loader, tmp_path: Path) -> None:
    module = load("non_ascii", NON_ASCII)
    raw_lines = (tmp_path / "non_ascii.py").read_bytes().split(b"\r\n")
    acquired = getattr(module, "名前")
    assert acquired.text == NON_ASCII.decode("utf-8").replace("\r\n", "\n")
    node = acquired.node
    assert (node.name, node.lineno, node.col_offset, node.decorator_list[0].lineno) == (
        "名前", 6, 1, 5,
    )
    first, second = node.body[0], node.body[1]
    assert (first.lineno, first.col_offset) == (7, 2)
    # `c` is the 12th character but at byte 12: `é` takes two bytes.
    assert (second.lineno, second.col_offset, second.end_col_offset) == (7, 12, 17)
    assert raw_lines[6].index(b"c = a") == 12
    assert raw_lines[6][second.col_offset:second.end_col_offset] == b"c = a"

    method = getattr(module, "Clé").méthode.node
    assert (method.lineno, method.col_offset) == (13, 1)
    default = method.args.defaults[0]
    assert (default.lineno, default.col_offset, default.end_col_offset) == (13, 22, 30)
    assert raw_lines[12][default.col_offset:default.end_col_offset] == '"名前"'.encode("utf-8")


def test_definition_error_uses_character_offsets(load: Loader, tmp_path: Path) -> None:
    acquired = getattr(load("non_ascii", NON_ASCII), "名前")
    with pytest.raises(SyntaxError) as info:
        require_decorated_at_definition(acquired, {"function"}, "T.function")
    error = info.value
    assert error.msg == (
        "`T.function` must be applied with `@` where `名前` is defined; "
        "applying it to an existing function is not supported"
    )
    assert (error.filename, error.lineno, error.offset, error.end_lineno, error.end_offset) == (
        str(tmp_path / "non_ascii.py"), 6, 2, 6, 8,
    )
    assert error.text == "\tdef 名前(a):\n"


# ---- classes -------------------------------------------------------------------------------

CLASSES = """\
import sys


@grab
class Twin:
    a = 1


first_twin = Twin


@T.ir_module
class Twin:
    b = 2


@keep
class Methods:
    def m(self):
        return 1


@keep
class Methods:
    def m(self):
        return 2


@keep
class Bare:
    pass


@keep
class Bare:
    pass


def make(scale):
    hidden = "frame only"

    @grab
    class Local:
        def m(self):
            return scale

        @staticmethod
        def s():
            return later

    later = "bound later"
    return Local


class Outer:
    @grab
    class Inner:
        pass
"""


def test_same_class_name_twice_uses_the_decorating_line(load: Loader, tmp_path: Path) -> None:
    module = load("classes", CLASSES)
    first, second = module.first_twin, module.Twin
    assert (first_line(first.node), first.node.lineno, first.caller) == (
        4, 5, (str(tmp_path / "classes.py"), 4),
    )
    assert (first_line(second.node), second.node.lineno, second.caller) == (
        12, 13, (str(tmp_path / "classes.py"), 12),
    )
    assert [stmt.targets[0].id for stmt in (first.node.body[0], second.node.body[0])] == ["a", "b"]


def test_same_class_name_twice_uses_member_lines(load: Loader) -> None:
    first, second = load("classes", CLASSES).kept[:2]
    assert (acquire(first).node.lineno, acquire(second).node.lineno) == (18, 24)


def test_same_class_name_twice_without_any_hint_is_the_last(load: Loader) -> None:
    first, second = load("classes", CLASSES).kept[2:]
    assert (acquire(first).node.lineno, acquire(second).node.lineno) == (35, 35)


def test_class_first_line_attribute_is_used(load: Loader) -> None:
    # Python 3.13 sets __firstlineno__ (the first decorator's line); it decides when present.
    first = load("classes", CLASSES).kept[2]
    first.__firstlineno__ = 29
    assert acquire(first).node.lineno == 30


def test_class_inside_function(load: Loader) -> None:
    module = load("classes", CLASSES)
    acquired = module.make(3)
    assert (acquired.node.name, acquired.node.lineno, acquired.node.col_offset) == ("Local", 43, 4)
    captures = acquired.captures
    assert captures["scale"] == 3  # closure of m
    assert captures["later"] == "bound later"  # closure of s, bound after the class
    assert captures["hidden"] == "frame only"  # the decorating frame's locals
    assert captures["sys"] is sys  # module globals
    assert captures["len"] is builtins.len
    assert captures.globals is module.__dict__


def test_nested_class(load: Loader) -> None:
    acquired = load("classes", CLASSES).Outer.Inner
    assert (acquired.node.name, acquired.node.lineno, acquired.node.col_offset) == ("Inner", 57, 4)


PROBE = """\
@probe
@probe_with(
    1,
)
class P:
    pass


@probe
def f():
    pass
"""


def test_frame_line_while_a_decorator_is_applied(load: Loader) -> None:
    # In 3.11 the applying frame is at the decorator expression's first line, for classes
    # (which have no first line of their own) as for functions: not at the `class` line.
    assert load("probe", PROBE).lines == [2, 1, 9]


# ---- captures ------------------------------------------------------------------------------

CAPTURES = """\
from __future__ import annotations

shadow = "global"
N = "global N"
max = "module max"


def make():
    shadow = "closure"
    N = 4
    counter = 1

    @grab
    def f(x: N) -> None:
        return shadow, counter, late, max, min

    missing = False
    try:
        f.captures["late"]
    except KeyError:
        missing = True
    before = (missing, "late" in f.captures, f.captures.get("late"), "late" in set(f.captures))
    counter = 2
    late = "bound later"
    return f, before
"""


def test_closure_cells_are_read_lazily(load: Loader) -> None:
    acquired, before = load("captures", CAPTURES).make()
    assert before == (True, False, None, False)
    captures = acquired.captures
    assert isinstance(captures, Captures)
    assert set(captures.cells) == {"shadow", "counter", "late"}
    assert captures["late"] == "bound later"
    assert captures["counter"] == 2  # the cell now, not the frame's value at acquisition
    assert "late" in captures and "late" in set(captures)


def test_capture_precedence(load: Loader) -> None:
    module = load("captures", CAPTURES)
    captures = module.make()[0].captures
    assert captures["shadow"] == "closure"  # closure over global
    # Only an annotation under PEP 563: not a cell, found in the defining frame's locals.
    assert "N" not in captures.cells and captures.frame_locals["N"] == 4
    assert captures["N"] == 4  # frame locals over globals
    assert captures["max"] == "module max"  # globals over builtins
    assert captures["min"] is builtins.min
    assert captures["__name__"] == "captures"
    assert captures.globals is module.__dict__
    assert "shadow" not in captures.frame_locals  # a cell, so not snapshotted


def test_captures_mapping_protocol(load: Loader) -> None:
    captures = load("captures", CAPTURES).make()[0].captures
    with pytest.raises(KeyError):
        captures["no_such_name"]
    assert captures.get("no_such_name") is None
    assert not captures.is_bound("no_such_name") and "no_such_name" not in captures
    assert captures.is_bound("max")
    names = list(captures)
    assert len(names) == len(set(names)) == len(captures)
    assert {"shadow", "counter", "late", "N", "max", "make", "min"} <= set(names)
    assert dict(captures.items())["max"] == "module max"


def test_module_level_function_has_no_frame_locals(load: Loader) -> None:
    captures = load("defs", DEFS).top.captures
    assert dict(captures.frame_locals) == {}
    assert captures["functools"] is functools


# ---- sources that cannot be had ------------------------------------------------------------


def test_exec_code_has_no_source() -> None:
    namespace: dict = {}
    exec("def made_by_exec():\n    pass\n", namespace)
    with pytest.raises(OSError) as info:
        acquire(namespace["made_by_exec"])
    assert str(info.value) == (
        "cannot get the source of `made_by_exec`: '<string>' is neither a readable file nor "
        "registered in linecache (code run by exec() or typed into a REPL keeps no source); "
        "parse its text with tvm.script.from_source(text) instead"
    )


def test_repl_code_has_no_source() -> None:
    namespace: dict = {}
    exec(compile("class Typed:\n    def m(self):\n        pass\n", "<stdin>", "single"), namespace)
    with pytest.raises(OSError, match="^cannot get the source of `Typed`: '<stdin>' is neither"):
        acquire(namespace["Typed"])


def test_file_edited_after_import(load: Loader, tmp_path: Path) -> None:
    module = load("edited", "def f():\n    return 1\n\n\ndef g():\n    return 2\n")
    assert acquire(module.g).node.lineno == 5
    path = tmp_path / "edited.py"
    path.write_text("# a new first line\n" + path.read_text())
    linecache.clearcache()
    with pytest.raises(OSError) as info:
        acquire(module.g)
    assert str(info.value) == (
        f"the source of `g` changed since it was loaded: {path} has no such definition at "
        "line 5 any more; reload the module so that its code and file agree"
    )


def test_edit_is_noticed_without_clearing_linecache(load: Loader, tmp_path: Path) -> None:
    module = load("edited", "def f():\n    return 1\n")
    acquire(module.f)
    path = tmp_path / "edited.py"
    path.write_text("\n\n" + path.read_text())
    with pytest.raises(OSError, match="changed since it was loaded"):
        acquire(module.f)


def test_linecache_registered_cell() -> None:
    name = "<ipython-input-7-0123456789ab>"
    text = "@grab\nclass Cell:\n    pass\n\n\n@grab\ndef cell(x):\n    return x\n"
    linecache.cache[name] = (len(text), None, text.splitlines(keepends=True), name)
    try:
        namespace = {"grab": grab, "__name__": "not_a_registered_module"}
        exec(compile(text, name, "exec"), namespace)
        cls, fn = namespace["Cell"], namespace["cell"]
        # The class's module has no file: the decorating frame's file is used.
        assert (cls.source_name, cls.text, cls.node.name, cls.node.lineno) == (
            name, text, "Cell", 2,
        )
        assert (fn.source_name, fn.node.name, fn.node.lineno) == (name, "cell", 7)
        assert fn.captures["grab"] is grab
    finally:
        del linecache.cache[name]


# ---- the definition-site rule --------------------------------------------------------------

SITE = """\
import types

Alias = T
a = types.SimpleNamespace(b=T)
fn = T.function


@T.function
def ok(x):
    return x


@Alias.function
def aliased(x):
    return x


@a.b.function(
    private=True,
)
def dotted(x):
    return x


@fn
def bare(x):
    return x


def plain(x):
    return x


later = T.function(plain)


class Holder:
    @T.function
    @keep
    def method(self):
        return self


again = T.function(kept[-1])


@T.ir_module
class Mod:
    pass


class NotDecorated:
    pass


applied = T.ir_module(NotDecorated)
"""


def test_decorated_at_definition(load: Loader) -> None:
    module = load("site", SITE)
    names = {"function", "jit"}
    decorator = require_decorated_at_definition(module.ok, names, "T.function")
    assert decorator is module.ok.node.decorator_list[0]
    assert ast.unparse(decorator) == "T.function"
    decorator = require_decorated_at_definition(module.aliased, names, "T.function")
    assert ast.unparse(decorator) == "Alias.function"
    decorator = require_decorated_at_definition(module.dotted, names, "T.function")
    assert isinstance(decorator, ast.Call)
    assert (decorator.lineno, decorator.end_lineno) == (18, 20)
    assert ast.unparse(decorator) == "a.b.function(private=True)"
    decorator = require_decorated_at_definition(module.Mod, {"ir_module"}, "I.ir_module")
    assert ast.unparse(decorator) == "T.ir_module"


def definition_error(acquired: AcquiredSource, names: set, what: str) -> SyntaxError:
    with pytest.raises(SyntaxError) as info:
        require_decorated_at_definition(acquired, names, what)
    return info.value


def fields(error: SyntaxError) -> tuple:
    return (error.filename, error.lineno, error.offset, error.text, error.end_lineno,
            error.end_offset)


def test_later_application_is_rejected(load: Loader, tmp_path: Path) -> None:
    path = str(tmp_path / "site.py")
    error = definition_error(load("site", SITE).later, {"function"}, "T.function")
    assert error.msg == (
        "`T.function` must be applied with `@` where `plain` is defined; "
        "applying it to an existing function is not supported"
    )
    assert fields(error) == (path, 30, 1, "def plain(x):\n", 30, 10)


def test_later_application_to_a_decorated_function_is_rejected(
    load: Loader, tmp_path: Path
) -> None:
    module = load("site", SITE)
    # The decorator list names T.function, but the caller is at line 44, not line 38.
    assert module.again.caller == (str(tmp_path / "site.py"), 44)
    error = definition_error(module.again, {"function"}, "T.function")
    assert fields(error) == (str(tmp_path / "site.py"), 40, 5, "    def method(self):\n", 40, 15)
    # Without a caller there is nothing to compare with: the decorator list decides.
    decorator = require_decorated_at_definition(acquire(module.kept[-1]), {"function"}, "T")
    assert decorator.lineno == 38


def test_application_from_another_file_is_rejected(load: Loader) -> None:
    ok = load("site", SITE).ok
    elsewhere = dataclasses.replace(ok, caller=("/elsewhere/other.py", 8))
    assert definition_error(elsewhere, {"function"}, "T.function").lineno == 9


def test_bare_alias_is_rejected(load: Loader, tmp_path: Path) -> None:
    error = definition_error(load("site", SITE).bare, {"function"}, "T.function")
    assert error.msg.startswith("`T.function` must be applied with `@` where `bare` is defined")
    assert fields(error) == (str(tmp_path / "site.py"), 26, 1, "def bare(x):\n", 26, 9)


def test_other_decorator_name_is_rejected(load: Loader) -> None:
    assert definition_error(load("site", SITE).ok, {"jit"}, "T.jit").msg.startswith(
        "`T.jit` must be applied with `@` where `ok` is defined"
    )


def test_class_application_is_rejected(load: Loader, tmp_path: Path) -> None:
    error = definition_error(load("site", SITE).applied, {"ir_module"}, "I.ir_module")
    assert error.msg == (
        "`I.ir_module` must be applied with `@` where `NotDecorated` is defined; "
        "applying it to an existing class is not supported"
    )
    assert fields(error) == (str(tmp_path / "site.py"), 52, 1, "class NotDecorated:\n", 52, 19)
