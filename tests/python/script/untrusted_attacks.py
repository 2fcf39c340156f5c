"""Canary attacks on untrusted TVMScript: files that try to create a file when opened.

Issue 9, item 5 ("Safety by allowlist and by the operating system"). Each attack is the whole
text of a file an attacker could hand to the editor. Its goal is to create a file at the path
the test substitutes for ``{CANARY}`` (``{CANARY_DIR}`` is the fresh, empty directory holding
that path; the test checks the directory stays empty, so ``tempfile`` routes count too).
Opening the file (``parse_diagnostics(text)``, ``python -m tvm_tirx.script.check FILE``, the
sandboxed worker) must run none of it.

Every record names:

- ``hole``: the class of hole it goes through (the issue's numbering):
  ``decorator-eval`` (1: decorators, decorator options, class-body lines and member decorators
  evaluated with no attribute check), ``header-annotation`` (2: ``def f[n: <expr>]``),
  ``namespace-module`` (3: Python modules, or objects leading to them, reachable as attributes
  of the namespaces and their members), ``frame-attribute`` (4: generator and frame attributes,
  no underscore needed), ``other`` (everything else: non-hygienic macros called by frontend
  code, module-level code, nested definitions, f-strings, pyfunc members ...);
- ``entry``: where in the file the code sits: body, decorator, decorator-option, class-body,
  header-annotation, default, macro, module-level, annotation, nested;
- ``marker``: a substring of ``source`` (the ``occurrence``-th, 0-based) that the
  ``untrusted-not-evaluated`` diagnostic's range must overlap: the expression that must not be
  evaluated. ``alt_markers`` are other spans a refusal may sit on instead (say, where a
  module-level name that was never evaluated is read);
- ``plain_python``: the code sits only in ordinary Python that no TVMScript definition
  reads (a foreign decorator of a plain function, an unused module-level statement, an
  enclosing function's default). The old frontend evaluated some of it; a refusal there means
  the engine reports what it skips outside TVMScript too;
- ``live``: the marker, run as ordinary Python with ``T``, ``I``, ``Ts`` and real builtins,
  creates the canary (the harness proves that, so no attack is a dud). False for the few whose
  marker needs the frontend's own frames or names around it.

``render(text, canary_dir)`` substitutes the placeholders; ``marker_range(text, marker, k)``
gives the (line, UTF-8 byte column) range of the k-th occurrence of ``marker`` in ``text``
(lines 1-based, columns 0-based bytes, line breaks ``\\r\\n``, ``\\r`` and ``\\n``), the
convention of ``ir.Diagnostic`` spans.

The data is importable (``untrusted_attacks.ATTACKS``) so other tests (the sandboxed worker's)
can replay every attack.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import List, Tuple

HOLES = ("decorator-eval", "header-annotation", "namespace-module", "frame-attribute", "other")
ENTRIES = ("body", "decorator", "decorator-option", "class-body", "header-annotation", "default",
           "macro", "module-level", "annotation", "nested")

CANARY_NAME = "canary"


@dataclass(frozen=True)
class Attack:
    id: str
    hole: str
    entry: str
    source: str
    marker: str
    occurrence: int = 0
    alt_markers: Tuple[str, ...] = ()
    live: bool = True
    plain_python: bool = False
    note: str = ""
    refusal_codes: Tuple[str, ...] = ("untrusted-not-evaluated",)
    """Diagnostic codes that count as the refusal (a module class's plain statement is a
    syntax error: it is not evaluated either)."""
    markers: Tuple[Tuple[str, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "markers",
                           ((self.marker, self.occurrence),) + tuple((m, 0)
                                                                     for m in self.alt_markers))


def render(text: str, canary_dir: str) -> str:
    """``text`` with ``{CANARY}`` / ``{CANARY_DIR}`` replaced (plain replacement: attacks hold
    other braces)."""
    return (text.replace("{CANARY}", os.path.join(canary_dir, CANARY_NAME))
            .replace("{CANARY_DIR}", canary_dir))


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _position(text: str, index: int) -> Tuple[int, int]:
    """(line, UTF-8 byte column) of character offset ``index``."""
    line, start = 1, 0
    for match in _LINE_BREAK.finditer(text, 0, index):
        if match.end() > index:
            break
        line, start = line + 1, match.end()
    return line, len(text[start:index].encode("utf-8"))


def marker_range(text: str, marker: str, occurrence: int = 0) -> Tuple[int, int, int, int]:
    """(start line, start byte column, end line, end byte column) of the ``occurrence``-th
    occurrence of ``marker`` in ``text``; ValueError when there is none."""
    index = -1
    for _ in range(occurrence + 1):
        index = text.find(marker, index + 1)
        if index < 0:
            raise ValueError(f"marker {marker!r} (occurrence {occurrence}) not in the text")
    return (*_position(text, index), *_position(text, index + len(marker)))


def overlaps(diagnostic: Tuple[int, int, int, int], marker: Tuple[int, int, int, int]) -> bool:
    """Whether a diagnostic range overlaps a marker range; an empty diagnostic range counts when
    it lies within the marker (its ends included)."""
    d_start, d_end = tuple(diagnostic[:2]), tuple(diagnostic[2:])
    m_start, m_end = tuple(marker[:2]), tuple(marker[2:])
    if d_start == d_end:
        return m_start <= d_start <= m_end
    return d_start < m_end and m_start < d_end


# --- payload pieces -------------------------------------------------------------------------
# Written out once here, inlined into the texts below (each text is complete on its own).

T_IMPORT = "from tvm_tirx.script import tirx as T\n"
I_IMPORT = "from tvm_tirx.script import ir as I\n"

# Class 1 (no builtins needed, dunders): the os module's globals through os._wrap_close.
WRAP_CLOSE = ('[c for c in ().__class__.__base__.__subclasses__() '
              'if c.__name__ == "_wrap_close"][0]')
WRAP_CLOSE_SYSTEM = WRAP_CLOSE + '.__init__.__globals__["system"]("touch {CANARY}")'

# Class 4: a generator that holds itself (``l[0]``) and, while running, walks its frame's
# callers to the first one with real builtins (the frontend's own frame). A comprehension
# drives it, so it needs no builtin at all (decorators are evaluated with none).
_G = "l[0].gi_frame"
_CHAIN = ", ".join(_G + ".f_back" * k for k in range(6))
REAL_FRAME = f'[fr for fr in [{_CHAIN}] if "exec" in fr.f_builtins][0]'
REAL_FRAME_GLOBALS = f'[fr for fr in [{_CHAIN}] if "builtins" in fr.f_globals][0]'


def self_running(inner: str) -> str:
    """An expression running ``inner`` inside a generator that can see itself as ``l[0]``."""
    return (f"[y for l in [[]] for g in [({inner} for _ in [0])] for _ in [l.append(g)] "
            f"for y in g]")


FRAME_EXEC_OPEN = self_running(
    f'[fr.f_builtins["exec"]("open(\'{{CANARY}}\', \'w\')", fr.f_globals) '
    f'for fr in [{REAL_FRAME}]]')


def _t(text: str) -> str:
    return text.lstrip("\n")


A = Attack
ATTACKS: List[Attack] = [
    # ==== 1. decorator-eval: decorators, options, class-body lines, member decorators ========
    A("c1-decorator-wrap-close-system-no-import", "decorator-eval", "decorator", _t('''
@''' + WRAP_CLOSE_SYSTEM + '''
def helper():
    pass
'''), WRAP_CLOSE_SYSTEM,
      note="no TVMScript import at all: today every decorator of every top-level definition "
           "is evaluated", plain_python=True),
    A("c1-decorator-catch-warnings-open", "decorator-eval", "decorator", _t('''
import os


@[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "catch_warnings"][0]()._module.__builtins__["open"]("{CANARY}", "w")
def helper():
    return os.getcwd()
'''), '[c for c in ().__class__.__base__.__subclasses__() if c.__name__ == "catch_warnings"]'
      '[0]()._module.__builtins__["open"]("{CANARY}", "w")', plain_python=True),
    A("c1-decorator-before-ours-fileio", "decorator-eval", "decorator", _t(T_IMPORT + '''

@[d for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_IOBase" for b in c.__subclasses__() for d in b.__subclasses__() if d.__name__ == "FileIO"][0]("{CANARY}", "w")
@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), '[d for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_IOBase" for b in '
      'c.__subclasses__() for d in b.__subclasses__() if d.__name__ == "FileIO"][0]'
      '("{CANARY}", "w")',
      note="a foreign decorator above ours is evaluated first"),
    A("c1-decorator-ours-class-globals", "decorator-eval", "decorator", _t(T_IMPORT + '''

@T.function.__class__.__init__.__globals__["__builtins__"]["open"]("{CANARY}", "w")
def helper():
    pass
'''), 'T.function.__class__.__init__.__globals__["__builtins__"]["open"]("{CANARY}", "w")',
      plain_python=True),
    A("c1-decorator-lambda-builtin-importer", "decorator-eval", "decorator", _t('''
@(lambda imp: imp.load_module("posix").system("touch {CANARY}"))([c for c in "".__class__.__mro__[-1].__subclasses__() if c.__name__ == "BuiltinImporter"][0])
def helper():
    pass
'''), '(lambda imp: imp.load_module("posix").system("touch {CANARY}"))([c for c in '
      '"".__class__.__mro__[-1].__subclasses__() if c.__name__ == "BuiltinImporter"][0])',
      note="a decorator that is not ours: a lambda applied at once", plain_python=True),
    A("c1-decorator-walrus-os-open", "decorator-eval", "decorator", _t('''
@[(g := c.__init__.__globals__)["open"]("{CANARY}", g["O_CREAT"] | g["O_WRONLY"]) for c in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"]
class Helper:
    pass
'''), '[(g := c.__init__.__globals__)["open"]("{CANARY}", g["O_CREAT"] | g["O_WRONLY"]) for c '
      'in ().__class__.__base__.__subclasses__() if c.__name__ == "_wrap_close"]',
      note="a class decorator, with a walrus", plain_python=True),
    A("c1-decorator-option-private", "decorator-eval", "decorator-option", _t(T_IMPORT + '''

@T.function(private=''' + WRAP_CLOSE + '''.__init__.__globals__["sys"].modules["builtins"].exec("import subprocess; subprocess.run(['touch', '{CANARY}'])", {"__builtins__": ''' + WRAP_CLOSE + '''.__init__.__globals__["sys"].modules["builtins"]}) is None)
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), WRAP_CLOSE + '.__init__.__globals__["sys"].modules["builtins"].exec("import subprocess; '
      'subprocess.run([\'touch\', \'{CANARY}\'])", {"__builtins__": ' + WRAP_CLOSE
      + '.__init__.__globals__["sys"].modules["builtins"]})'),
    A("c1-decorator-option-check-well-formed", "decorator-eval", "decorator-option", _t(T_IMPORT + '''

@T.prim_func(check_well_formed=[c for c in ().__class__.__mro__[1].__subclasses__() if c.__name__ == "BuiltinImporter"][0].load_module("posix").system("touch {CANARY}") == 0)
def f(A: T.Buffer((4,), "int32")):
    A[0] = 1
'''), '[c for c in ().__class__.__mro__[1].__subclasses__() if c.__name__ == "BuiltinImporter"]'
      '[0].load_module("posix").system("touch {CANARY}")'),
    A("c1-decorator-option-jit-const-args", "decorator-eval", "decorator-option", _t(T_IMPORT + '''

@T.jit(const_args={"n": ''' + WRAP_CLOSE + '''.__init__.__globals__["system"]("touch {CANARY}") + 4})
def f(n: T.constexpr, A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), WRAP_CLOSE_SYSTEM, note="`T.jit(const_args=...)` values"),
    A("c1-decorator-ir-module-second", "decorator-eval", "decorator", _t(T_IMPORT + I_IMPORT + '''

@''' + WRAP_CLOSE + '''.__init__.__globals__["sys"].modules["io"].open("{CANARY}", "w")
@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE + '.__init__.__globals__["sys"].modules["io"].open("{CANARY}", "w")'),
    A("c1-class-body-module-attrs-value", "decorator-eval", "class-body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    I.module_attrs({"opened": ''' + WRAP_CLOSE + '''.__init__.__globals__["sys"].modules["codecs"].open("{CANARY}", "w").name})

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE + '.__init__.__globals__["sys"].modules["codecs"].open("{CANARY}", "w")',
      note="`I.module_attrs({...})` values"),
    A("c1-class-body-module-attrs-receiver", "decorator-eval", "class-body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    (I, ''' + WRAP_CLOSE_SYSTEM + ''')[0].module_attrs({"k": 1})

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM,
      note="any call of an attribute named `module_attrs` is evaluated whole today"),
    A("c1-class-body-member-decorator", "decorator-eval", "decorator", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @''' + WRAP_CLOSE_SYSTEM + '''
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM, note="member decorators are evaluated like the module's"),
    A("c1-class-body-member-decorator-option", "decorator-eval", "decorator-option", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @T.function(private=T.function.__call__.__globals__["__builtins__"]["exec"]("open('{CANARY}', 'w')", T.function.__call__.__globals__) is None)
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), 'T.function.__call__.__globals__["__builtins__"]["exec"]("open(\'{CANARY}\', \'w\')", '
      'T.function.__call__.__globals__)'),
    A("c1-class-body-pyfunc-decorator", "decorator-eval", "decorator", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @''' + WRAP_CLOSE_SYSTEM + '''
    @I.pyfunc
    def helper(x):
        return x

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM),
    A("c1-class-body-statement", "decorator-eval", "class-body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    opened = ''' + WRAP_CLOSE_SYSTEM + '''

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM, note="a plain class-body statement",
      refusal_codes=("untrusted-not-evaluated", "syntax-error")),
    A("c1-class-header-base", "decorator-eval", "class-body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module(''' + WRAP_CLOSE + '''.__init__.__globals__["sys"].modules["builtins"].type("Base", (), {"x": ''' + WRAP_CLOSE_SYSTEM + '''})):
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM, occurrence=0,
      note="module class bases: Python evaluates them when the class statement runs"),
    A("c1-decorator-outer-test-function", "decorator-eval", "decorator", _t(T_IMPORT + '''
import pytest


@pytest.mark.parametrize("n", [''' + WRAP_CLOSE_SYSTEM + '''])
def test_kernel(n):
    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM,
      note="TVMScript inside a test function: the outer decorator is not ours",
      plain_python=True),

    # ==== 2. header-annotation: `def f[n: <expr>]` ==============================================
    A("c2-header-builtins-open", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[n: T.builtins.open("{CANARY}", "w")](A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c2-header-dunder-import", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[n: __import__("os").system("touch {CANARY}")](A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), '__import__("os").system("touch {CANARY}")'),
    A("c2-header-subclasses", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[n: ''' + WRAP_CLOSE_SYSTEM + '''](A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), WRAP_CLOSE_SYSTEM),
    A("c2-header-third-symbol", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[n, m: T.int64, k: T.sys.modules["os"].system("touch {CANARY}")](A: T.Tensor((n, m), T.int32)):
    A[0, 0] = 1
'''), 'T.sys.modules["os"].system("touch {CANARY}")'),
    A("c2-header-frames", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[n: ''' + FRAME_EXEC_OPEN + '''](A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), FRAME_EXEC_OPEN),
    A("c2-header-module-member", "header-annotation", "header-annotation", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @T.function
    def main[n: I.sys.modules["os"].system("touch {CANARY}")](A: T.Tensor((n,), T.int32)):
        A[0] = 1
'''), 'I.sys.modules["os"].system("touch {CANARY}")'),
    A("c2-header-multiline", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.function
def f[
    n,
    m: T.tvm_ffi.structural.inspect.os.system(
        "touch {CANARY}"),
](A: T.Tensor((n, m), T.int32)):
    A[0, 0] = 1
'''), 'T.tvm_ffi.structural.inspect.os.system(\n        "touch {CANARY}")',
      note="the marker spans two lines"),
    A("c2-header-jit", "header-annotation", "header-annotation", _t(T_IMPORT + '''

@T.jit(const_args={"k": 2})
def f[n: T.builtins.exec("open('{CANARY}', 'w')", {"__builtins__": T.builtins})](k: T.constexpr, A: T.Tensor((n,), T.int32)):
    A[0] = k
'''), 'T.builtins.exec("open(\'{CANARY}\', \'w\')", {"__builtins__": T.builtins})'),

    # ==== 3. namespace-module: modules reachable as attributes (no underscore) =================
    A("c3-body-builtins-open", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.builtins.open("{CANARY}", "w")
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c3-body-sys-os-system", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    status = T.sys.modules["os"].system("touch {CANARY}")
    A[0] = status
'''), 'T.sys.modules["os"].system("touch {CANARY}")'),
    A("c3-body-I-sys-os-open", "namespace-module", "body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        os = I.sys.modules["os"]
        fd = os.open("{CANARY}", os.O_CREAT | os.O_WRONLY)
        A[0] = fd
'''), 'I.sys.modules["os"]', alt_markers=('os.open("{CANARY}", os.O_CREAT | os.O_WRONLY)',),
      live=False, note="the marker alone reaches the module; the next statement opens"),
    A("c3-body-Ts-builtins-exec", "namespace-module", "body", _t('''
from tvm_tirx.script import s_tir as Ts


@Ts.prim_func
def f(A: Ts.Buffer((4,), "int32")):
    Ts._tirx.builtins.exec("open('{CANARY}', 'w')", {"__builtins__": Ts._tirx.builtins})
'''), 'Ts._tirx.builtins.exec("open(\'{CANARY}\', \'w\')", {"__builtins__": Ts._tirx.builtins})',
      note="Ts no longer forwards `builtins` (its members are an explicit list): the attack goes "
           "through the module Ts shares members with"),
    A("c3-body-eval-compile", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    b = T.builtins
    handle = b.eval(b.compile("open('{CANARY}', 'w')", "payload", "eval"), {"__builtins__": b})
'''), 'T.builtins', alt_markers=('b.eval(b.compile("open(\'{CANARY}\', \'w\')", "payload", '
                                 '"eval"), {"__builtins__": b})',), live=False),
    A("c3-body-importlib-pathlib", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["importlib"].import_module("pathlib").Path("{CANARY}").touch()
'''), 'T.sys.modules["importlib"].import_module("pathlib").Path("{CANARY}").touch()'),
    A("c3-body-ffi-inspect-os", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.tvm_ffi.structural.inspect.os.system("touch {CANARY}")
'''), 'T.tvm_ffi.structural.inspect.os.system("touch {CANARY}")',
      note="a module of a module of a member: no underscore, four attributes deep"),
    A("c3-body-ffi-error-builtins", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.builtins.len(T.tvm_ffi.error.builtins.open("{CANARY}", "w").name)
'''), 'T.tvm_ffi.error.builtins.open("{CANARY}", "w")',
      # The callee is evaluated first: the refusal of `T.builtins` stops the statement.
      alt_markers=("T.builtins",)),
    A("c3-body-ffi-inspect-importlib-shutil", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.tvm_ffi.structural.inspect.importlib.import_module("shutil").copyfile("/dev/null", "{CANARY}")
'''), 'T.tvm_ffi.structural.inspect.importlib.import_module("shutil").copyfile("/dev/null", '
      '"{CANARY}")'),
    A("c3-body-io-fileio", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.sys.modules["io"].FileIO("{CANARY}", "w").fileno()
'''), 'T.sys.modules["io"].FileIO("{CANARY}", "w")'),
    A("c3-body-codecs-open", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["codecs"].open("{CANARY}", "w", "utf-8").write("x")
'''), 'T.sys.modules["codecs"].open("{CANARY}", "w", "utf-8")'),
    A("c3-body-logging-filehandler", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["importlib"].import_module("logging").FileHandler("{CANARY}")
'''), 'T.sys.modules["importlib"].import_module("logging").FileHandler("{CANARY}")'),
    A("c3-body-tempfile-mkstemp", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["importlib"].import_module("tempfile").mkstemp(dir="{CANARY_DIR}")
'''), 'T.sys.modules["importlib"].import_module("tempfile").mkstemp(dir="{CANARY_DIR}")',
      note="a random name in the canary directory: the test checks the directory stays empty"),
    A("c3-body-ctypes-libc-system", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.sys.modules["importlib"].import_module("ctypes").CDLL(None).system(b"touch {CANARY}")
'''), 'T.sys.modules["importlib"].import_module("ctypes").CDLL(None).system(b"touch {CANARY}")'),
    A("c3-body-pickle-reduce", "namespace-module", "body", _t(T_IMPORT + r'''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["importlib"].import_module("threading").Thread(target=T.sys.modules["importlib"].import_module("pickle").loads, args=(b"cos\nsystem\n(S'touch {CANARY}'\ntR.",)).run()
'''), r'''T.sys.modules["importlib"].import_module("threading").Thread(target=T.sys.modules["importlib"].import_module("pickle").loads, args=(b"cos\nsystem\n(S'touch {CANARY}'\ntR.",)).run()''',
      note="a pickle whose REDUCE calls os.system; `Thread.run` (not started: run here) calls "
           "`loads` from a Python frame with real builtins, which its import needs"),
    A("c3-body-marshal-code", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.builtins.exec(T.sys.modules["marshal"].loads(T.sys.modules["marshal"].dumps(T.builtins.compile("open('{CANARY}', 'w')", "m", "exec"))), {"__builtins__": T.builtins})
'''), 'T.builtins.exec(T.sys.modules["marshal"].loads(T.sys.modules["marshal"].dumps('
      'T.builtins.compile("open(\'{CANARY}\', \'w\')", "m", "exec"))), {"__builtins__": '
      'T.builtins})'),
    A("c3-body-subprocess-run", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.sys.modules["importlib"].import_module("subprocess").run(["touch", "{CANARY}"])
'''), 'T.sys.modules["importlib"].import_module("subprocess").run(["touch", "{CANARY}"])'),
    A("c3-body-decorator-builder-route", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.macro.builder.builtins.open("{CANARY}", "w")
'''), 'T.macro.builder.builtins.open("{CANARY}", "w")',
      note="a decorator member's attribute leads back to the namespace module"),
    A("c3-body-constexpr-host-loop", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    for handle in T.constexpr([T.builtins.open("{CANARY}", "w")]):
        A[0] = 1
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c3-body-constexpr-if", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    if T.constexpr(T.builtins.exec("open('{CANARY}', 'w')", {"__builtins__": T.builtins}) is None):
        A[0] = 1
'''), 'T.builtins.exec("open(\'{CANARY}\', \'w\')", {"__builtins__": T.builtins})'),
    A("c3-body-assert-message", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    assert A[0] == 0, T.builtins.open("{CANARY}", "w").name
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c3-body-fstring", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    message = f"opened {T.builtins.open('{CANARY}', 'w')}"
'''), "T.builtins.open('{CANARY}', 'w')"),
    A("c3-body-fstring-format-spec", "namespace-module", "body", _t(T_IMPORT + """

@T.function
def f(A: T.Tensor((4,), T.int32)):
    message = f'{4:{T.builtins.open("{CANARY}", "w").name}}'
"""), 'T.builtins.open("{CANARY}", "w")', note="the call sits in a nested format spec"),
    A("c3-body-str-format-map", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    message = "{handle}".format_map({"handle": T.builtins.open("{CANARY}", "w")})
'''), 'T.builtins.open("{CANARY}", "w")',
      # `str.format_map` itself is refused first (it looks attributes up in C).
      alt_markers=('"{handle}".format_map',)),
    A("c3-body-getattr-computed", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.builtins.getattr(T.builtins.vars(T)["sy" + "s"].modules["o" + "s"], "sys" + "tem")("touch {CANARY}")
'''), 'T.builtins.getattr(T.builtins.vars(T)["sy" + "s"].modules["o" + "s"], "sys" + "tem")'
      '("touch {CANARY}")'),
    A("c3-body-lambda", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    make = lambda path: T.builtins.open(path, "w")
    handle = make("{CANARY}")
'''), 'T.builtins.open(path, "w")', live=False),
    A("c3-default-lambda", "namespace-module", "default", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    never_called = lambda handle=T.builtins.open("{CANARY}", "w"): handle
'''), 'T.builtins.open("{CANARY}", "w")', note="a lambda default runs when the lambda is made"),
    A("c3-body-comprehension", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handles = [T.builtins.open(path, "w") for path in ["{CANARY}"]]
'''), '[T.builtins.open(path, "w") for path in ["{CANARY}"]]'),
    A("c3-body-attr-value", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    with T.attr(A, "pragma", T.builtins.len(T.builtins.open("{CANARY}", "w").name)):
        A[0] = 1
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)', note="`T.attr` values"),
    A("c3-body-let-where", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.Let(1, where={x: T.builtins.len(T.builtins.open("{CANARY}", "w").name)})
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)'),
    A("c3-body-utf8-column", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    größe = "äöü" + T.builtins.open("{CANARY}", "w").name
'''), 'T.builtins.open("{CANARY}", "w")',
      note="non-ASCII before the marker on its line: columns are UTF-8 bytes"),
    A("c3-body-crlf", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
    T.builtins.open("{CANARY}", "w")
''').replace("\n", "\r\n"), 'T.builtins.open("{CANARY}", "w")',
      note="CRLF line ends"),
    A("c3-annotation-tensor-shape", "namespace-module", "annotation", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((T.builtins.len(T.builtins.open("{CANARY}", "w").name),), T.int32)):
    A[0] = 1
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)', note="a `T.Tensor` shape"),
    A("c3-annotation-return", "namespace-module", "annotation", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)) -> T.builtins.open("{CANARY}", "w"):
    A[0] = 1
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c3-annotation-binding", "namespace-module", "annotation", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    x: T.builtins.exec("open('{CANARY}', 'w')", {"__builtins__": T.builtins}) = 1
    A[0] = x
'''), 'T.builtins.exec("open(\'{CANARY}\', \'w\')", {"__builtins__": T.builtins})'),
    A("c3-annotation-jit-parameter", "namespace-module", "annotation", _t(T_IMPORT + '''

@T.jit(const_args={"n": 4})
def f(n: T.constexpr, A: T.Tensor((n,), T.sys.modules["os"].system("touch {CANARY}"))):
    A[0] = 1
'''), 'T.sys.modules["os"].system("touch {CANARY}")'),
    A("c3-macro-body", "namespace-module", "macro", _t(T_IMPORT + '''

@T.macro
def store(A, v):
    T.builtins.open("{CANARY}", "w")
    A[0] = v


@T.function
def f(A: T.Tensor((4,), T.int32)):
    store(A, 1)
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("c3-macro-default", "namespace-module", "default", _t(T_IMPORT + '''

@T.macro
def store(A, v=T.builtins.len(T.builtins.open("{CANARY}", "w").name)):
    A[0] = v


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)',
      note="a macro default, evaluated when the macro is defined although nothing calls it"),
    A("c3-macro-inline-body", "namespace-module", "macro", _t(T_IMPORT + '''

@T.inline
def touch():
    T.sys.modules["os"].system("touch {CANARY}")


@T.function
def f(A: T.Tensor((4,), T.int32)):
    touch()
    A[0] = 1
'''), 'T.sys.modules["os"].system("touch {CANARY}")'),
    A("c3-macro-nonhygienic-body", "namespace-module", "macro", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def store(A):
    A[0] = T.builtins.len(T.builtins.open("{CANARY}", "w").name)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    store(A)
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)'),
    A("c3-macro-object-attributes", "namespace-module", "body", _t(T_IMPORT + '''

@T.macro
def store(A, v):
    A[0] = v


@T.function
def f(A: T.Tensor((4,), T.int32)):
    store.decorator.builder.builtins.open("{CANARY}", "w")
'''), 'store.decorator.builder.builtins.open("{CANARY}", "w")', live=False,
      note="a symbol the file binds (its macro) leads back to the namespace module"),

    # ==== 4. frame-attribute: generators and frames, no underscore ============================
    A("c4-body-frame-builtins", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    opened = ''' + FRAME_EXEC_OPEN + '''
'''), FRAME_EXEC_OPEN),
    A("c4-body-frame-statements", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    l = []
    g = (''' + REAL_FRAME + '''.f_builtins["open"]("{CANARY}", "w") for _ in [0])
    l.append(g)
    opened = list(g)
    A[0] = 1
'''), '(' + REAL_FRAME + '.f_builtins["open"]("{CANARY}", "w") for _ in [0])', live=False,
      note="the same, as an attacker writes it: statements"),
    A("c4-body-frame-globals", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    opened = ''' + self_running(REAL_FRAME_GLOBALS + '.f_globals["builtins"].open("{CANARY}", "w")')
        + '''
'''), self_running(REAL_FRAME_GLOBALS + '.f_globals["builtins"].open("{CANARY}", "w")'),
      note="a frontend frame's globals hold the builtins module"),
    A("c4-body-frame-locals", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    opened = ''' + self_running(
        f'[fr.f_locals["self"] for fr in [{_CHAIN}] if "self" in fr.f_locals][0]'
        '.namespace.sys.modules["os"].system("touch {CANARY}")') + '''
'''), self_running(f'[fr.f_locals["self"] for fr in [{_CHAIN}] if "self" in fr.f_locals][0]'
                   '.namespace.sys.modules["os"].system("touch {CANARY}")'), live=False,
      note="the first `self` up the stack is the frontend's definition object"),
    A("c4-body-gi-code", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    opened = ''' + self_running(
        f'[b["exec"](b["compile"]("open(\'{{CANARY}}\', \'w\')", l[0].gi_code.co_filename, '
        f'"exec"), fr.f_globals) for fr in [{REAL_FRAME}] for b in [fr.f_builtins]]') + '''
'''), self_running(f'[b["exec"](b["compile"]("open(\'{{CANARY}}\', \'w\')", '
                   f'l[0].gi_code.co_filename, "exec"), fr.f_globals) for fr in [{REAL_FRAME}] '
                   f'for b in [fr.f_builtins]]')),
    A("c4-body-safe-builtins-poisoned", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def poison(A: T.Tensor((4,), T.int32)):
    (x for x in [0]).gi_frame.f_builtins.update({"open": T.builtins.open})
    A[0] = 1


@T.function
def g(A: T.Tensor((4,), T.int32)):
    handle = open("{CANARY}", "w")
    A[0] = 1
'''), '(x for x in [0]).gi_frame.f_builtins', alt_markers=('open("{CANARY}", "w")',),
      live=False,
      note="adds `open` to the builder programs' builtins (shared by every later parse), "
           "then a second definition calls it by its plain name"),
    A("c4-decorator-frames", "frame-attribute", "decorator", _t(T_IMPORT + '''

@''' + FRAME_EXEC_OPEN + '''
@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), FRAME_EXEC_OPEN, note="decorators run with no builtins; the frames have them"),
    A("c4-decorator-option-frames", "frame-attribute", "decorator-option", _t(T_IMPORT + '''

@T.function(check_well_formed=''' + FRAME_EXEC_OPEN + ''' == [])
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), FRAME_EXEC_OPEN),
    A("c4-annotation-return-frames", "frame-attribute", "annotation", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)) -> ''' + FRAME_EXEC_OPEN + ''':
    A[0] = 1
'''), FRAME_EXEC_OPEN),
    A("c4-default-macro-frames", "frame-attribute", "default", _t(T_IMPORT + '''

@T.macro
def store(A, v=''' + FRAME_EXEC_OPEN + '''):
    A[0] = 1


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), FRAME_EXEC_OPEN),
    A("c4-class-body-module-attrs-frames", "frame-attribute", "class-body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    I.module_attrs({"k": ''' + FRAME_EXEC_OPEN + '''})

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), FRAME_EXEC_OPEN),

    # ==== other routes ========================================================================
    A("o-macro-nonhygienic-named-range", "other", "macro", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def range(n):
    handle = open("{CANARY}", "w")
    return serial(n)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    for i in range(4):
        A[i] = 1
'''), 'open("{CANARY}", "w")',
      note="the loop hook calls the macro from frontend code, so its free names resolve in "
           "the frontend's module globals and real builtins"),
    A("o-macro-nonhygienic-range-hook", "other", "macro", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def loop(n):
    handle = open("{CANARY}", "w")
    return serial(n)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    for i in T.range_(loop, 4):
        A[i] = 1
'''), 'open("{CANARY}", "w")', alt_markers=("T.range_(loop, 4)",),
      note="a construction hook called by name hands any callable to frontend code"),
    A("o-macro-nonhygienic-let-hook", "other", "macro", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def body(x):
    builtins.open("{CANARY}", "w")
    return x


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = T.let_(T.Let, "x", 1, body)
'''), 'builtins.open("{CANARY}", "w")', alt_markers=('T.let_(T.Let, "x", 1, body)',),
      live=False, note="called from tirx.py: `builtins` is that module's global"),
    A("o-macro-nonhygienic-jit-arg-hook", "other", "macro", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def annotation():
    handle = open("{CANARY}", "w")
    return T.int32


@T.function
def f(A: T.Tensor((4,), T.int32)):
    n = T.jit_arg_({}, "n", annotation)
    A[0] = 1
'''), 'open("{CANARY}", "w")', alt_markers=('T.jit_arg_({}, "n", annotation)',)),
    A("o-macro-nonhygienic-default", "other", "default", _t(T_IMPORT + '''

@T.macro(hygienic=False)
def range(n, handle=open("{CANARY}", "w")):
    return serial(n)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    for i in range(4):
        A[i] = 1
'''), 'open("{CANARY}", "w")', note="non-hygienic defaults are evaluated at the call site"),
    A("o-module-level-statement", "other", "module-level", _t(T_IMPORT + '''
LOG = open("{CANARY}", "w")


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), 'open("{CANARY}", "w")', note="plain module code, read by nothing", plain_python=True),
    A("o-module-level-used-constant", "other", "module-level", _t(T_IMPORT + '''
N = T.builtins.len(T.builtins.open("{CANARY}", "w").name)


@T.function
def f(A: T.Tensor((N,), T.int32)):
    A[0] = 1
'''), 'T.builtins.len(T.builtins.open("{CANARY}", "w").name)', alt_markers=("(N,)",),
      note="a module-level `N = ...` read by an annotation"),
    A("o-module-level-dynamic-argument", "other", "module-level", _t(T_IMPORT + '''
n = T.dynamic("n", T.builtins.exec("open('{CANARY}', 'w')", {"__builtins__": T.builtins}) or "int64")


@T.function
def f(A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), 'T.builtins.exec("open(\'{CANARY}\', \'w\')", {"__builtins__": T.builtins})', alt_markers=("(n,)",),
      note="only literal arguments of `T.dynamic` may be evaluated"),
    A("o-module-level-symbol-receiver", "other", "module-level", _t(T_IMPORT + '''
n = (T.sys.modules["os"].system("touch {CANARY}"), T)[1].int32()


@T.function
def f(A: T.Tensor((n,), T.int32)):
    A[0] = 1
'''), 'T.sys.modules["os"].system("touch {CANARY}")', alt_markers=("(n,)",)),
    A("o-module-level-walrus", "other", "module-level", _t(T_IMPORT + '''
if (handle := open("{CANARY}", "w")):
    pass


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = 1
'''), 'open("{CANARY}", "w")', plain_python=True),
    A("o-module-level-import-used", "other", "module-level", _t(T_IMPORT + '''
import os


@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = os.system("touch {CANARY}")
'''), 'os.system("touch {CANARY}")', alt_markers=("import os",), live=False,
      note="an import of a module that is not a registered namespace binds nothing"),
    A("o-module-level-alias-rebound", "other", "module-level", _t(T_IMPORT + '''
T = __import__("os")


@T.function
def f(A: T.Tensor((4,), T.int32)):
    T.system("touch {CANARY}")
'''),
      'T.system("touch {CANARY}")', alt_markers=('__import__("os")',), live=False,
      plain_python=True,
      note="the alias rebound at module level: as for Python, `T` then no longer names the "
           "namespace, so `f` is plain Python and nothing of it runs"),
    A("o-module-level-shadow-builtin", "other", "module-level", _t(T_IMPORT + '''
len = T.builtins.open


@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = len("{CANARY}", "w")
    A[0] = 1
'''), 'T.builtins.open', alt_markers=('len("{CANARY}", "w")',), live=False,
      note="a module-level name shadowing a pure builtin"),
    A("o-nested-in-test-function", "other", "nested", _t(T_IMPORT + '''


def test_kernel():
    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        T.builtins.open("{CANARY}", "w")

    assert f is not None
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("o-nested-in-class", "other", "nested", _t(T_IMPORT + I_IMPORT + '''


class TestKernels:
    @I.ir_module
    class Module:
        @T.function
        def main(A: T.Tensor((4,), T.int32)):
            A[0] = I.sys.modules["os"].system("touch {CANARY}")
'''), 'I.sys.modules["os"].system("touch {CANARY}")'),
    A("c2-nested-under-if", "header-annotation", "nested", _t(T_IMPORT + '''
import sys

if sys.version_info >= (3, 8):
    @T.function
    def f[n: T.builtins.open("{CANARY}", "w")](A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("o-nested-enclosing-local", "other", "nested", _t(T_IMPORT + '''


def test_kernel():
    opener = T.builtins.open

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        handle = opener("{CANARY}", "w")
        A[0] = 1
'''), 'opener("{CANARY}", "w")', alt_markers=("T.builtins.open",), live=False,
      note="a capture from an enclosing Python function, whose code never runs"),
    A("o-nested-decorator", "other", "nested", _t(T_IMPORT + '''


def test_kernel():
    @''' + WRAP_CLOSE_SYSTEM + '''
    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), WRAP_CLOSE_SYSTEM),
    A("o-nested-outer-default", "other", "nested", _t(T_IMPORT + '''


def test_kernel(handle=open("{CANARY}", "w")):
    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), 'open("{CANARY}", "w")', note="the enclosing function's default", plain_python=True),
    A("o-nested-macro-in-function", "other", "nested", _t(T_IMPORT + '''


def test_kernel():
    @T.macro
    def store(A, v=T.builtins.open("{CANARY}", "w")):
        A[0] = 1

    @T.function
    def f(A: T.Tensor((4,), T.int32)):
        store(A)
'''), 'T.builtins.open("{CANARY}", "w")'),
    A("o-pyfunc-member-body", "other", "body", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @I.pyfunc
    def helper(x):
        return open("{CANARY}", "w")

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), 'open("{CANARY}", "w")',
      alt_markers=("I.pyfunc", "def helper"), note="`I.pyfunc` members are not evaluated"),
    A("o-pyfunc-member-default", "other", "default", _t(T_IMPORT + I_IMPORT + '''

@I.ir_module
class Module:
    @I.pyfunc
    def helper(x=open("{CANARY}", "w")):
        return x

    @T.function
    def main(A: T.Tensor((4,), T.int32)):
        A[0] = 1
'''), 'open("{CANARY}", "w")',
      alt_markers=("I.pyfunc", "def helper")),
    A("o-decorator-foreign-print", "other", "decorator", _t(T_IMPORT + '''

@T.builtins.print(T.builtins.open("{CANARY}", "w"))
def helper():
    pass
'''), 'T.builtins.print(T.builtins.open("{CANARY}", "w"))',
      note="a decorator that is not ours, on ordinary Python", plain_python=True),
    A("o-decorator-foreign-functools", "other", "decorator", _t(T_IMPORT + '''
import functools


@functools.lru_cache(maxsize=open("{CANARY}", "w").fileno())
def helper():
    pass
'''), 'open("{CANARY}", "w")', plain_python=True),
    A("o-decorator-called-in-body", "other", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    built = T.function(lambda: T.builtins.open("{CANARY}", "w"))
'''), 'T.function(lambda: T.builtins.open("{CANARY}", "w"))', live=False,
      note="a decorator member called from a body runs the trusted Python-function pipeline"),
    A("o-name-dunder-builtins", "other", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = __builtins__["__import__"]("os").system("touch {CANARY}")
'''), '__builtins__', live=False),
    A("o-name-generated-bindings", "other", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = __tvm_bindings__["T"].builtins.open("{CANARY}", "w")
'''), '__tvm_bindings__', alt_markers=('__tvm_bindings__["T"].builtins.open("{CANARY}", "w")',),
      live=False, note="a name the generated program's globals hold"),
    A("o-object-getattribute", "other", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = T.builtins.object.__getattribute__(T, "builtins").open("{CANARY}", "w")
'''), 'T.builtins.object.__getattribute__(T, "builtins").open("{CANARY}", "w")'),
]


# ==== the namespace laundered through values: only a check of the receiver's type when the
# attribute runs sees these (a check by the receiver's name sees a local, a parameter, an item)
ATTACKS.extend([
    A("c3-launder-comprehension-variable", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handles = [N.builtins.open("{CANARY}", "w") for N in [T]]
'''), 'N.builtins.open("{CANARY}", "w")', live=False),
    A("c3-launder-lambda-parameter", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = (lambda N: N.sys.modules["os"].system("touch {CANARY}"))(T)
'''), 'N.sys.modules["os"].system("touch {CANARY}")', live=False),
    A("c3-launder-macro-parameter", "namespace-module", "macro", _t(T_IMPORT + '''

@T.macro
def store(A, N):
    A[0] = N.builtins.len(N.builtins.open("{CANARY}", "w").name)


@T.function
def f(A: T.Tensor((4,), T.int32)):
    store(A, T)
'''), 'N.builtins.len(N.builtins.open("{CANARY}", "w").name)', live=False),
    A("c3-launder-subscript", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = {"ns": T}["ns"].builtins.open("{CANARY}", "w")
'''), '{"ns": T}["ns"].builtins.open("{CANARY}", "w")'),
    A("c3-launder-pure-builtin", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    handle = min([T]).tvm_ffi.structural.inspect.os.system("touch {CANARY}")
'''), 'min([T]).tvm_ffi.structural.inspect.os.system("touch {CANARY}")'),
    A("c3-launder-host-loop-variable", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    for N in T.constexpr([T]):
        handle = N.builtins.open("{CANARY}", "w")
        A[0] = 1
'''), 'N.builtins.open("{CANARY}", "w")', live=False),
    A("c3-launder-local-binding", "namespace-module", "body", _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    N = T
    handle = N.sys.modules["io"].open("{CANARY}", "w")
    A[0] = 1
'''), 'N.sys.modules["io"].open("{CANARY}", "w")', live=False),
])


# --- poisoning that outlives a document ------------------------------------------------------
# The worker analyses document after document in one process. A file that gets through may
# change shared state so that a later file, which any allowlist accepts (a pure builtin called
# on literals), runs code. Each pair: the poisoner attack's id (in ATTACKS), and the victim's
# text, analysed next in the same process.

VICTIM_LEN = _t(T_IMPORT + '''

@T.function
def f(A: T.Tensor((4,), T.int32)):
    A[0] = len("{CANARY}", "w")
''')

ATTACKS.append(A("c4-body-poison-builtins-len", "frame-attribute", "body", _t(T_IMPORT + '''

@T.function
def poison(A: T.Tensor((4,), T.int32)):
    done = ''' + self_running(
        f'(x for x in [0]).gi_frame.f_builtins.update({{"len": {REAL_FRAME}.f_builtins["open"]}})')
    + '''
    A[0] = 1


@T.function
def g(A: T.Tensor((4,), T.int32)):
    A[0] = len("{CANARY}", "w")
'''), "(x for x in [0]).gi_frame.f_builtins", alt_markers=('len("{CANARY}", "w")',),
    live=False,
    note="rebinds `len` in the builder programs' builtins for every later definition and "
         "document; the next definition calls it"))

CROSS_DOCUMENT: List[Tuple[str, str]] = [
    ("c4-body-poison-builtins-len", VICTIM_LEN),
]


# --- text builders of the red team's attacks (test_untrusted_attacks_*.py, issue 22) ---------
# Those attacks may also hold ``{MARKER}``: an attribute name whose appearance anywhere in the
# frontend's modules is the canary (untrusted_state.MARKER).

ALL_IMPORTS = T_IMPORT + "from tvm_tirx.script import s_tir as Ts\n" + I_IMPORT


def in_body(*lines: str, params: str = "A: T.Tensor((4,), T.int32)") -> str:
    """A file whose one TVMScript function runs ``lines`` (indented by the caller's own
    relative indentation) and then stores into ``A``."""
    body = "".join(f"    {line}\n" for line in lines)
    return ALL_IMPORTS + f"\n\n@T.function\ndef f({params}):\n{body}    A[0] = 1\n"


def with_macro(macro_lines: str, *body_lines: str) -> str:
    """A file with the macro ``store`` (its whole text given) and a function calling it."""
    return ALL_IMPORTS + "\n\n" + macro_lines.strip("\n") + "\n\n\n" + \
        in_body(*body_lines).split("\n\n\n", 1)[1]


def in_unused_macro_default(expression: str) -> str:
    """A file whose macro ``unused`` has ``expression`` as a default and is never called."""
    return ALL_IMPORTS + f"\n\n@T.macro\ndef unused(v={expression}):\n    pass\n\n\n" + \
        in_body().split("\n\n\n", 1)[1]


def in_header(expression: str) -> str:
    """A file whose function has the header symbol ``n: expression``."""
    return in_body().replace("def f(", f"def f[n: {expression}](")


__all__ = ["ALL_IMPORTS", "ATTACKS", "Attack", "CANARY_NAME", "CROSS_DOCUMENT", "ENTRIES",
           "HOLES", "in_body", "in_header", "in_unused_macro_default", "marker_range", "overlaps", "render", "with_macro"]
