"""The registration API (issue item 1): namespaces, decorator factories, lazy initializers,
dialects, the protocol registry's tables, member metadata, and the S-TIR namespace ``Ts``.

Every test runs inside ``registration_scope`` (the autouse fixture), so whatever it registers
is undone and the other tests see the built-in namespaces only.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap
from types import SimpleNamespace

import pytest

import tvm_tirx
import tvm_tirx.script
from tvm_tirx import ir
from tvm_ffi import structural_equal
from tvm_tirx.script import DEFINITION_KIND, DefinitionKind, from_source
from tvm_tirx.script import ir as I
from tvm_tirx.script import s_tir as Ts
from tvm_tirx.script import tirx as T
from tvm_tirx.script.parser import (
    make_decorator,
    make_macro_decorator,
    namespaces,
    protocol_registry,
    register_namespace,
    register_namespace_initializer,
    registration_scope,
)

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(autouse=True)
def undo_registrations():
    with registration_scope():
        yield


def _uninitialized(monkeypatch) -> None:
    """As before the parser's first initialization (the scope restores the real state)."""
    monkeypatch.setattr(namespaces._STATE, "initialized", False)


# --- register_namespace -----------------------------------------------------------------------

def test_the_built_in_namespaces_are_registered_at_import() -> None:
    assert namespaces.registered_aliases() == {"tirx": "tirx", "ir": "ir", "s_tir": "s_tir",
                                               "tir": "tirx"}
    assert namespaces.lookup("tirx") is T
    assert namespaces.lookup("ir") is I
    assert namespaces.lookup("s_tir") is Ts
    assert namespaces.lookup("relax") is None


def test_relax_is_reserved() -> None:
    with pytest.raises(ValueError, match=r"^register_namespace: the alias `relax` is reserved "
                                         r"\(for Relax, which this parser does not provide\)$"):
        register_namespace("relax", SimpleNamespace())
    assert namespaces.lookup("relax") is None


def test_register_namespace_validates_its_arguments() -> None:
    with pytest.raises(TypeError, match="an alias is a str, got `int`"):
        register_namespace(3, T)
    with pytest.raises(ValueError, match="an alias is a Python identifier, got 'my-ns'"):
        register_namespace("my-ns", T)
    with pytest.raises(ValueError, match="an alias is a Python identifier, got 'class'"):
        register_namespace("class", T)
    with pytest.raises(TypeError, match="the namespace registered as `custom` is None"):
        register_namespace("custom", None)


def test_the_first_alias_of_an_object_is_its_canonical_root() -> None:
    register_namespace("tx", T)
    assert namespaces.canonical_root("tx") == "tirx"
    assert namespaces.registered_aliases()["tx"] == "tirx"
    assert protocol_registry.canonical_path("tx.int32") == "tirx.int32"
    assert protocol_registry.canonical_path("nothere.int32") is None
    assert protocol_registry.scalar_annotation_dtype("tx.int64") == "int64"
    assert {m.path for m in protocol_registry.namespace_members("tx")} == \
        {m.path for m in protocol_registry.namespace_members("tirx")}

    other = SimpleNamespace()
    register_namespace("first", other)
    register_namespace("second", other)
    assert namespaces.canonical_root("second") == "first"


def test_registering_an_object_borrows_it_without_inspecting_it() -> None:
    class Untouchable:
        def __getattribute__(self, name):
            raise AssertionError(f"registration read `{name}`")

    namespace = Untouchable()
    register_namespace("untouchable", namespace)
    assert namespaces.lookup("untouchable") is namespace


def test_replacing_an_alias_affects_later_lookups_only() -> None:
    first, second = SimpleNamespace(), SimpleNamespace()
    register_namespace("custom", first)
    register_namespace("custom", second)
    assert namespaces.lookup("custom") is second
    assert namespaces.canonical_root("custom") == "custom"


INCREMENT = '''
@X.function
def increment(A: X.Tensor((4,), X.float32)):
    for i in range(4):
        A[i] = A[i] + X.float32(1.0)
'''


def test_source_text_imports_registered_names_only() -> None:
    expected = from_source(INCREMENT, extra_vars={"X": T})
    for header in ("from tvm_tirx.script import tirx as X\n", "from tvm.script import tirx as X\n"):
        ir.assert_structural_equal(from_source(header + INCREMENT), expected)
    register_namespace("tx", T)
    ir.assert_structural_equal(from_source("from tvm_tirx.script import tx as X\n" + INCREMENT),
                               expected)
    # An unregistered name binds nothing: X stays unknown, so no decorator is found.
    with pytest.raises(ValueError, match="found 0"):
        from_source("from tvm_tirx.script import nothere as X\n" + INCREMENT)


def test_a_second_alias_of_t_resolves_to_tirx_paths_in_decorated_functions() -> None:
    register_namespace("tx", T)
    X = namespaces.lookup("tx")

    @X.function
    def increment(A: X.Tensor((4,), X.float32)):
        for i in range(4):
            A[i] = A[i] + X.float32(1.0)

    ir.assert_structural_equal(increment, from_source(INCREMENT, extra_vars={"X": T}))
    assert X.function.namespace_path == "tirx.function"


def test_registrations_are_undone_by_the_scope() -> None:
    with registration_scope():
        register_namespace("scoped", SimpleNamespace())
        protocol_registry.register_scalar_annotation("scoped.i32", "int32")
        assert namespaces.lookup("scoped") is not None
    assert namespaces.lookup("scoped") is None
    assert "scoped.i32" not in protocol_registry.scalar_annotations()


# --- make_decorator, make_macro_decorator ----------------------------------------------------

def _custom_namespace():
    """The documentation's example: T's members with a recording ``emit_``."""
    seen = []
    M = SimpleNamespace(**vars(T))

    def emit(value, *, loc=None):
        seen.append(type(value).__name__)
        return T.emit_(value, loc=loc)

    M.emit_ = emit
    M.function = make_decorator(M, namespace_path="custom.function")
    register_namespace("custom", M)
    return M, seen


CUSTOM = '''
@M.function
def f(A: M.Tensor((4,), M.int32), n: M.int32):
    M.evaluate(n)
    A[0] = n
    M.evaluate(n + 1)
'''


def test_a_custom_namespace_builds_with_its_hooks_from_a_decorated_function() -> None:
    M, seen = _custom_namespace()

    @M.function
    def f(A: M.Tensor((4,), M.int32), n: M.int32):
        M.evaluate(n)
        A[0] = n
        M.evaluate(n + 1)

    assert seen == ["AlreadyEmitted", "AlreadyEmitted"]
    ir.assert_structural_equal(f, from_source(CUSTOM, extra_vars={"M": T}))
    assert DEFINITION_KIND["custom.function"] is DefinitionKind.FUNCTION
    assert M.function.builder is M


def test_a_custom_namespace_builds_with_its_hooks_from_source_text() -> None:
    M, seen = _custom_namespace()
    from_source(CUSTOM, extra_vars={"M": M})
    assert seen == ["AlreadyEmitted", "AlreadyEmitted"]
    seen.clear()
    from_source("from tvm_tirx.script import custom as M\n" + CUSTOM)
    assert seen == ["AlreadyEmitted", "AlreadyEmitted"]


def test_a_decorator_needs_its_root_registered_to_the_object_it_is_bound_to() -> None:
    M = SimpleNamespace(**vars(T))
    M.function = make_decorator(M, namespace_path="custom.function")
    with pytest.raises(ValueError, match=r"`custom.function`: no namespace is registered as "
                                         r"`custom` \(register it with "
                                         r"`tvm_tirx.script.parser.register_namespace`\)"):
        from_source(CUSTOM, extra_vars={"M": M})
    register_namespace("custom", SimpleNamespace(**vars(T)))
    with pytest.raises(ValueError, match="`custom.function` builds with another namespace "
                                         "object than the one now registered as `custom`"):
        from_source(CUSTOM, extra_vars={"M": M})


def test_make_decorator_validates_its_arguments() -> None:
    with pytest.raises(ValueError, match=r"make_decorator: `namespace_path` is a dotted path "
                                         r"such as 'tirx.function' \(a namespace alias and the "
                                         r"decorator's name\), got 'function'"):
        make_decorator(T, namespace_path="function")
    with pytest.raises(ValueError, match="got 'custom.my-function'"):
        make_decorator(T, namespace_path="custom.my-function")
    with pytest.raises(TypeError, match="`namespace_path` is a str, got `int`"):
        make_decorator(T, namespace_path=3)
    with pytest.raises(TypeError, match="`builder` is the namespace object whose hooks build "
                                        "the definition, got None"):
        make_decorator(None, namespace_path="custom.function")
    with pytest.raises(TypeError, match="`definition_kind` is a DefinitionKind, got `str`"):
        make_decorator(T, namespace_path="custom.function", definition_kind="function")
    with pytest.raises(ValueError, match="make_macro_decorator: `namespace_path`"):
        make_macro_decorator(T, namespace_path="macro")


def test_make_decorator_kinds() -> None:
    M = SimpleNamespace(**vars(T))
    macro = make_decorator(M, namespace_path="custom.m", definition_kind=DefinitionKind.MACRO)
    python = make_decorator(M, namespace_path="custom.py", definition_kind=DefinitionKind.PYTHON)
    assert (macro.kind, macro.hygienic, macro.preserve_return, macro.late_binding) == \
        (DefinitionKind.MACRO, True, True, False)
    assert python.kind is DefinitionKind.PYTHON

    def helper():
        return 1

    assert python(helper) is helper
    assert DEFINITION_KIND["custom.m"] is DefinitionKind.MACRO
    assert DEFINITION_KIND["custom.py"] is DefinitionKind.PYTHON


def test_a_macro_decorator_of_a_custom_namespace() -> None:
    M, seen = _custom_namespace()
    M.macro = make_macro_decorator(M, namespace_path="custom.macro")
    M.inline = make_macro_decorator(M, namespace_path="custom.inline", late_binding=True,
                                    preserve_return=True)
    assert DEFINITION_KIND["custom.macro"] is DefinitionKind.MACRO
    assert (M.inline.late_binding, M.macro.late_binding) == (True, False)

    @M.macro
    def touch(A, v):
        M.evaluate(v)

    @M.function
    def f(A: M.Tensor((4,), M.int32), n: M.int32):
        touch(A, n)

    built = f

    # The macro body's statement went through M's emit_ (`M.evaluate` added it and gave its
    # receipt, as the reference's), then the call statement (None).
    assert seen == ["AlreadyEmitted", "NoneType"]

    @T.function
    def f(A: T.Tensor((4,), T.int32), n: T.int32):  # noqa: F811 - the same function, with T
        T.evaluate(n)

    ir.assert_structural_equal(built, f)


def test_the_built_in_decorators_are_made_by_the_factories() -> None:
    assert (T.function.builder, T.function.namespace_path) == (T, "tirx.function")
    assert (T.prim_func.builder, T.prim_func.namespace_path) == (T, "tirx.prim_func")
    assert (T.macro.builder, T.macro.late_binding) == (T, False)
    assert (T.inline.builder, T.inline.late_binding) == (T, True)
    assert (T.jit.builder, T.jit.namespace_path) == (T, "tirx.jit")
    assert (I.ir_module.builder, I.ir_module.namespace_path) == (I, "ir.ir_module")
    assert (I.pyfunc.builder, I.pyfunc.kind) == (I, DefinitionKind.PYTHON)
    assert {path: kind for path, kind in DEFINITION_KIND.items()
            if path.startswith(("tirx.", "ir."))} == {
        "tirx.function": DefinitionKind.FUNCTION, "tirx.prim_func": DefinitionKind.FUNCTION,
        "tirx.jit": DefinitionKind.FUNCTION, "tirx.macro": DefinitionKind.MACRO,
        "tirx.inline": DefinitionKind.MACRO, "ir.pyfunc": DefinitionKind.PYTHON}


def test_definition_kind_is_one_table() -> None:
    from tvm_tirx.script import decorators

    assert tvm_tirx.script.DEFINITION_KIND is protocol_registry.DEFINITION_KIND
    assert decorators.DEFINITION_KIND is protocol_registry.DEFINITION_KIND
    assert tvm_tirx.script.parser.DEFINITION_KIND is protocol_registry.DEFINITION_KIND
    assert tvm_tirx.script.DefinitionKind is protocol_registry.DefinitionKind


# --- register_namespace_initializer -----------------------------------------------------------

def test_an_initializer_runs_at_the_first_parse_once(monkeypatch) -> None:
    _uninitialized(monkeypatch)
    calls = []
    lazy = SimpleNamespace(**vars(T))

    def initializer():
        calls.append("run")
        register_namespace("lazyns", lazy)

    register_namespace_initializer(initializer)
    assert calls == [] and namespaces.lookup("lazyns", initialize=False) is None
    from_source(INCREMENT, extra_vars={"X": T})
    assert calls == ["run"]
    from_source("from tvm_tirx.script import lazyns as X\n" + INCREMENT)
    register_namespace_initializer(initializer)
    assert calls == ["run"]


def test_text_importing_a_lazy_alias_initializes_the_parser(monkeypatch) -> None:
    _uninitialized(monkeypatch)
    register_namespace_initializer(lambda: register_namespace("lazyns", T))
    func = from_source("from tvm_tirx.script import lazyns as X\n" + INCREMENT)
    ir.assert_structural_equal(func, from_source(INCREMENT, extra_vars={"X": T}))


def test_an_initializer_runs_at_once_when_the_parser_is_initialized(monkeypatch) -> None:
    _uninitialized(monkeypatch)
    namespaces.ensure_initialized()
    calls = []

    def initializer():
        calls.append("run")

    register_namespace_initializer(initializer)
    assert calls == ["run"]
    register_namespace_initializer(initializer)
    namespaces.ensure_initialized()
    assert calls == ["run"]


def test_initializers_run_in_order_and_a_failure_is_not_retried(monkeypatch) -> None:
    _uninitialized(monkeypatch)
    calls = []

    def failing():
        calls.append("failing")
        raise RuntimeError("boom")

    register_namespace_initializer(failing)
    register_namespace_initializer(lambda: calls.append("next"))
    with pytest.raises(RuntimeError, match="boom"):
        namespaces.ensure_initialized()
    assert calls == ["failing"]
    namespaces.ensure_initialized()
    assert calls == ["failing", "next"]


def test_an_initializer_alias_looked_up_on_the_package_initializes(monkeypatch) -> None:
    _uninitialized(monkeypatch)
    lazy = SimpleNamespace(marker="lazy")
    calls = []

    def initializer():
        calls.append("run")
        register_namespace("lazyns", lazy)

    register_namespace_initializer(initializer, aliases=("lazyns", "never_registered"))
    assert calls == []
    assert tvm_tirx.script.lazyns is lazy
    assert calls == ["run"]
    from tvm_tirx.script import lazyns

    assert lazyns is lazy
    assert "lazyns" in dir(tvm_tirx.script)
    with pytest.raises(AttributeError, match="has no attribute 'never_registered'"):
        tvm_tirx.script.never_registered  # noqa: B018 - the lookup is the test
    with pytest.raises(AttributeError, match="has no attribute 'unknown_name'"):
        tvm_tirx.script.unknown_name  # noqa: B018


def test_re_registering_an_initializer_adds_its_aliases(monkeypatch) -> None:
    _uninitialized(monkeypatch)

    def initializer():
        register_namespace("later", T)

    register_namespace_initializer(initializer)
    register_namespace_initializer(initializer, aliases=("later",))
    assert namespaces.trigger_aliases()[-1] == "later"
    assert tvm_tirx.script.later is T


def test_register_namespace_initializer_validates_its_arguments() -> None:
    with pytest.raises(TypeError, match="the initializer must be callable, got `int`"):
        register_namespace_initializer(3)
    with pytest.raises(TypeError, match="`aliases` is a tuple of names, got the str 'abc'"):
        register_namespace_initializer(lambda: None, aliases="abc")
    with pytest.raises(ValueError, match="an alias is a Python identifier, got '1x'"):
        register_namespace_initializer(lambda: None, aliases=("1x",))


# --- register_dialect -------------------------------------------------------------------------

@pytest.fixture
def dialect_package(tmp_path, monkeypatch):
    """A dialect package ``regdialect_pkg`` on sys.path, recording its imports in
    ``sys._regdialect_imports``; removed from sys.modules afterwards."""
    package = tmp_path / "regdialect_pkg"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent('''
        import sys
        sys._regdialect_imports.append(__name__)
        MARK = "script"
    '''))
    (package / "builder.py").write_text(textwrap.dedent('''
        import sys
        sys._regdialect_imports.append(__name__)
        MARK = "builder"
    '''))
    (package / "other_builder.py").write_text("MARK = 'other'\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "_regdialect_imports", [], raising=False)
    yield "regdialect_pkg"
    for name in [n for n in sys.modules if n.split(".")[0] == "regdialect_pkg"]:
        del sys.modules[name]


def test_register_dialect_imports_on_first_attribute_access(dialect_package) -> None:
    tvm_tirx.script.register_dialect("regdialect", dialect_package)
    assert sys._regdialect_imports == []
    assert dialect_package not in sys.modules
    module = tvm_tirx.script.regdialect
    assert module.MARK == "script" and sys._regdialect_imports == ["regdialect_pkg"]
    assert tvm_tirx.script.parser.regdialect is module
    from tvm_tirx.script import regdialect

    assert regdialect is module
    assert sys._regdialect_imports == ["regdialect_pkg"]
    builder = tvm_tirx.script.ir_builder.regdialect
    assert builder.MARK == "builder" and builder.__name__ == "regdialect_pkg.builder"
    assert sys._regdialect_imports == ["regdialect_pkg", "regdialect_pkg.builder"]
    assert "regdialect" in dir(tvm_tirx.script)


def test_register_dialect_is_idempotent_and_rejects_conflicts(dialect_package) -> None:
    register = tvm_tirx.script.register_dialect
    register("regdialect", dialect_package)
    register("regdialect", dialect_package)
    register("regdialect", dialect_package, builder_path="regdialect_pkg.builder")
    with pytest.raises(ValueError, match=r"^register_dialect: dialect `regdialect` is registered "
                                         r"with module 'regdialect_pkg' and builder "
                                         r"'regdialect_pkg.builder'; it cannot be registered "
                                         r"again with module 'regdialect_pkg' and builder "
                                         r"'regdialect_pkg.other_builder'$"):
        register("regdialect", dialect_package, builder_path="regdialect_pkg.other_builder")
    register("regdialect2", dialect_package, builder_path="regdialect_pkg.other_builder")
    assert tvm_tirx.script.ir_builder.regdialect2.MARK == "other"


def test_register_dialect_validates_its_arguments() -> None:
    register = tvm_tirx.script.register_dialect
    with pytest.raises(ValueError, match=r"`tvm_tirx.script.tirx` already exists"):
        register("tirx", "somewhere.script")
    with pytest.raises(ValueError, match=r"`tvm_tirx.script.parser.entry` already exists"):
        register("entry", "somewhere.script")
    with pytest.raises(ValueError, match=r"`tvm_tirx.script.ir_builder.resolve_global_info_args` "):
        register("resolve_global_info_args", "somewhere.script")
    with pytest.raises(ValueError, match="`module_path` is a dotted module path such as "
                                         "'example.script', got 'a..b'"):
        register("somewhere", "a..b")
    with pytest.raises(TypeError, match="`builder_path` is a dotted module path"):
        register("somewhere", "a.b", builder_path=3)
    with pytest.raises(ValueError, match="the name is a Python identifier, got 'my-dialect'"):
        register("my-dialect", "a.b")
    with pytest.raises(AttributeError):
        tvm_tirx.script.parser.somewhere  # noqa: B018 - nothing was registered


def test_the_facade_exposes_the_same_registrations(dialect_package, tmp_path) -> None:
    """Run in a fresh interpreter with this checkout's facade (the build's copy may be older)."""
    import tvm_ffi

    paths = [str(pathlib.Path(tvm_tirx.__file__).parent.parent),
             str(pathlib.Path(tvm_ffi.__file__).parent.parent),
             str(ROOT / "parser_bridge" / "facade"), str(tmp_path)]
    script = textwrap.dedent('''
        import sys
        sys._regdialect_imports = []
        import tvm
        import tvm_tirx.script
        import tvm.script.parser.protocol_registry as registry
        from tvm.script.parser import register_namespace
        import tvm_tirx.script.parser.protocol_registry as canonical
        assert registry is canonical
        assert tvm.script.parser is tvm_tirx.script.parser
        assert tvm.script.register_dialect is tvm_tirx.script.register_dialect
        assert tvm.script.ir_module is tvm_tirx.script.ir.ir_module  # `@tvm.script.ir_module`
        tvm.script.register_dialect("regdialect", "regdialect_pkg")
        assert sys._regdialect_imports == []
        assert tvm.script.regdialect is tvm_tirx.script.regdialect
        assert tvm.script.regdialect.MARK == "script"
        from tvm.script import s_tir as Ts
        assert Ts is tvm_tirx.script.s_tir
        print("facade ok")
    ''')
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "facade ok"


# --- protocol_registry tables -----------------------------------------------------------------

SCALARS = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
           "float32", "float64", "bfloat16", "bool", "handle")


def test_the_tirx_scalar_annotations_are_registered() -> None:
    table = protocol_registry.scalar_annotations()
    for name in SCALARS:
        assert table[f"tirx.{name}"] == name
        assert table[f"s_tir.{name}"] == name
    assert table["tirx.bool_"] == "bool"
    assert protocol_registry.scalar_annotation_dtype("tirx.int64") == "int64"
    assert protocol_registry.scalar_annotation_dtype("tirx.Tensor") is None
    assert protocol_registry.scalar_annotation_dtype("ir.int32") is None


def test_register_scalar_annotation_normalizes_and_replaces() -> None:
    register_namespace("tx", T)
    protocol_registry.register_scalar_annotation("tx.index", "int64")
    assert protocol_registry.scalar_annotations()["tirx.index"] == "int64"
    protocol_registry.register_scalar_annotation("tirx.index", T.int32)  # a PrimType
    assert protocol_registry.scalar_annotation_dtype("tx.index") == "int32"
    protocol_registry.register_scalar_annotation("tirx.half", "float16")
    assert protocol_registry.scalar_annotation_dtype("tirx.half") == "float16"


def test_register_scalar_annotation_validates_its_arguments() -> None:
    register = protocol_registry.register_scalar_annotation
    with pytest.raises(ValueError, match=r"^register_scalar_annotation: `nothere` in "
                                         r"'nothere.int32' is not a registered namespace "
                                         r"\(registered: ir, s_tir, tir, tirx\)$"):
        register("nothere.int32", "int32")
    with pytest.raises(ValueError, match=r"^register_scalar_annotation: 'int32' is not a "
                                         r"namespace path such as 'tirx.int32'"):
        register("int32", "int32")
    with pytest.raises(TypeError, match="a namespace path is a str, got `NoneType`"):
        register(None, "int32")
    with pytest.raises(ValueError, match="a scalar annotation has a scalar dtype, got "
                                         "'float32x4'"):
        register("tirx.vec", "float32x4")
    with pytest.raises(ValueError, match="got 'void'"):
        register("tirx.nothing", "void")
    with pytest.raises(ValueError, match="Cannot parse data type"):
        register("tirx.bad", "notatype")
    with pytest.raises(TypeError, match="the dtype is a str such as 'int32', got `int`"):
        register("tirx.bad", 32)
    with pytest.raises(ValueError, match=r"`relax` in 'relax.Tensor' is not a registered"):
        register("relax.Tensor", "float32")


def test_tirx_registers_its_mutable_declarations() -> None:
    # The reference's set (docs/frontend.md, "Mutable scalars"): primitive annotations, vectors
    # included, not `T.handle`; the scalar constructors and the tensor allocation.
    decls = protocol_registry.mutable_decls()
    assert protocol_registry.mutable_decl_forms("tirx.int32") == ("annotation",)
    assert protocol_registry.mutable_decl_forms("tirx.float32x4") == ("annotation",)
    assert protocol_registry.mutable_decl_forms("tirx.bool_") == ("annotation",)
    assert protocol_registry.mutable_decl_forms("tirx.handle") == ()
    assert protocol_registry.mutable_decl_forms("tirx.let") == ()
    assert {path for path, forms in decls.items() if forms == ("call",)} == {
        "tirx.alloc_local", "tirx.alloc_scalar", "tirx.alloc_shared", "tirx.alloc_tensor",
        "tirx.decl_scalar", "tirx.local_scalar", "tirx.shared_scalar", "tirx.smem"}
    assert "s_tir.int32" not in decls


def test_register_mutable_decl_records_forms() -> None:
    def cell(value):
        return value

    register_namespace("custom", SimpleNamespace(cell=cell))
    mark = protocol_registry.register_mutable_decl("custom.cell")
    assert mark(cell) is cell
    protocol_registry.register_mutable_decl("custom.cell", syntax="parameter")
    protocol_registry.register_mutable_decl("custom.cell", syntax="annotation")
    protocol_registry.register_mutable_decl("custom.cell", syntax="call")
    assert protocol_registry.mutable_decl_forms("custom.cell") == \
        ("call", "annotation", "parameter")
    assert protocol_registry.mutable_decls()["custom.cell"] == ("call", "annotation",
                                                                "parameter")

    @protocol_registry.register_mutable_decl("custom.other", syntax="annotation")
    def other(value):
        return value

    assert other(3) == 3
    assert protocol_registry.mutable_decl_forms("custom.other") == ("annotation",)


def test_register_mutable_decl_validates_its_arguments() -> None:
    register = protocol_registry.register_mutable_decl
    with pytest.raises(ValueError, match=r"^register_mutable_decl: `syntax` is one of 'call', "
                                         r"'annotation', 'parameter', got 'assign'$"):
        register("tirx.cell", syntax="assign")
    with pytest.raises(ValueError, match=r"^register_mutable_decl: `nothere` in 'nothere.cell' "
                                         r"is not a registered namespace"):
        register("nothere.cell")
    with pytest.raises(ValueError, match="'cell' is not a namespace path"):
        register("cell")
    assert not any(path.endswith(".cell") for path in protocol_registry.mutable_decls())


# --- member metadata --------------------------------------------------------------------------

def _members(alias):
    return {m.name: m for m in protocol_registry.namespace_members(alias)}


def test_namespace_members_describe_tirx() -> None:
    members = _members("tirx")
    tensor = members["Tensor"]
    assert (tensor.path, tensor.kind, tensor.aliases, tensor.canonical, tensor.completion) == \
        ("tirx.Tensor", "type", ["Buffer", "buffer"], "", True)
    assert tensor.signature == ("(shape, dtype='float32', scope='global', align=0, layout=None, "
                                "*, data=None, loc=None, data_alignment=None, strides=(), "
                                "elem_offset=None)")
    assert tensor.doc.startswith("``T.Tensor((n, 4), T.float32, scope=\"shared\", "
                                 "data_alignment=16)``: a tensor type")
    buffer = members["Buffer"]
    assert (buffer.kind, buffer.aliases, buffer.canonical) == ("legacy", ["Tensor", "buffer"], "Tensor")
    assert buffer.signature.startswith("(shape, dtype='float32', data=None, strides=None, ")

    prim_func, function = members["prim_func"], members["function"]
    assert (prim_func.kind, prim_func.aliases, prim_func.canonical) == \
        ("legacy", ["function"], "function")
    assert (function.kind, function.aliases, function.canonical) == \
        ("decorator", ["prim_func"], "")
    assert function.signature == "(*, private=False, s_tir=False, check_well_formed=True)"
    assert members["jit"].signature == \
        "(*, private=False, s_tir=False, check_well_formed=True, const_args=None)"
    assert members["macro"].signature == "(*, hygienic=True)"

    assert (members["alloc_buffer"].canonical, members["alloc_tensor"].aliases) == \
        ("alloc_tensor", ["alloc_buffer"])
    assert (members["serial"].kind, members["serial"].aliases) == ("loop", ["range"])
    assert (members["cast"].canonical, members["Cast"].aliases) == ("Cast", ["cast"])
    assert members["int32"].kind == "type" and members["int32"].signature == "(value=...)"
    assert members["exp"].kind == "intrinsic"
    assert members["evaluate"].kind == "statement"
    assert members["dynamic"].kind == "symbol"
    assert members["constexpr"].kind == "marker"

    emit = members["emit_"]
    assert (emit.kind, emit.completion) == ("hook", False)
    assert emit.signature == "(value, *, loc=None)"
    # Apache TVM's block spelling; `Ts.sblock` is the canonical one.
    assert (members["sblock"].kind, members["sblock"].completion) == ("legacy", True)
    assert not any(name.startswith("_") for name in members)
    for internal in ("Any", "Optional", "annotations", "builtins", "tvm_ffi"):
        assert internal not in members


def test_every_public_member_of_t_is_described() -> None:
    """A new member of T must be given a kind (``__member_kinds__``) to reach the tools."""
    import types

    members = _members("tirx")
    internal = set(T.__member_kinds__["internal"])  # declared, and kept from the tools
    missing = []
    for name in dir(T):
        value = getattr(T, name)
        if name.startswith("_") or isinstance(value, types.ModuleType) or not callable(value) \
                or name in internal:
            continue
        if getattr(value, "__module__", None) == "typing":
            continue
        if name not in members:
            missing.append(name)
    assert missing == []


def test_namespace_members_are_plain_cached_data() -> None:
    first = protocol_registry.namespace_members("tirx")
    plain = [m.to_plain() for m in first]
    assert json.loads(json.dumps(plain)) == plain
    first[0].aliases.append("changed")
    second = protocol_registry.namespace_members("tirx")
    assert second == protocol_registry.namespace_members("tirx")
    assert "changed" not in second[0].aliases
    with pytest.raises(ValueError, match="namespace_members: no namespace is registered as "
                                         "`nothere`"):
        protocol_registry.namespace_members("nothere")


def test_namespace_members_of_other_namespaces() -> None:
    ir_members = _members("ir")
    assert ir_members["ir_module"].kind == "decorator"
    assert ir_members["pyfunc"].kind == "decorator"
    assert ir_members["dynamic"].kind == "symbol"
    assert ir_members["module_"].kind == "hook"
    assert "ModuleProxy" not in ir_members

    ts_members = _members("s_tir")
    assert (ts_members["function"].path, ts_members["function"].kind) == \
        ("s_tir.function", "decorator")
    assert ts_members["function"].signature == "(*, private=False, check_well_formed=True)"
    assert ts_members["Tensor"].path == "s_tir.Tensor"
    assert (ts_members["sblock"].kind, ts_members["sblock"].doc) == (
        "statement", "``with T.sblock(\"C\"):``: a block of an S-TIR function "
        "(``@T.prim_func(s_tir=True)``).")

    M, _ = _custom_namespace()
    custom = _members("custom")
    assert custom["emit_"].kind == "hook" and custom["emit_"].path == "custom.emit_"
    assert custom["function"].kind == "decorator"
    assert custom["Tensor"].kind == "type"


def test_members_of_an_undeclared_namespace_are_classified_by_value() -> None:
    def hook_(value):
        """A hook."""

    class Node:
        """A node class."""

    def helper(a, b=1):
        """Helps.

        More text."""

    namespace = SimpleNamespace(hook_=hook_, Node=Node, helper=helper, constant=3,
                                int32=T.int32, _private=helper)
    namespace.function = make_decorator(namespace, namespace_path="mini.function")
    register_namespace("mini", namespace)
    members = _members("mini")
    assert {name: m.kind for name, m in members.items()} == {
        "Node": "constructor", "function": "decorator", "helper": "function", "hook_": "hook",
        "int32": "type"}
    assert (members["helper"].signature, members["helper"].doc) == ("(a, b=1)", "Helps.")


# --- Ts ---------------------------------------------------------------------------------------

TS_TEXT = '''
from tvm_tirx.script import s_tir as Ts

@Ts.function
def f(A: Ts.Tensor((4,), Ts.float32), n: Ts.int32):
    for i in range(4):
        A[i] = A[i] + Ts.float32(1.0)
'''

T_TEXT = '''
from tvm_tirx.script import tirx as T

@T.prim_func(s_tir=True)
def f(A: T.Buffer((4,), "float32"), n: T.int32):
    for i in T.serial(4):
        A[i] = A[i] + T.float32(1.0)
'''


def test_ts_function_builds_the_ir_of_prim_func_s_tir() -> None:
    ts_func, t_func = from_source(TS_TEXT), from_source(T_TEXT)
    ir.assert_structural_equal(ts_func, t_func)
    assert ts_func.attrs["script.namespace"] == "s_tir"
    text = ts_func.script()
    assert "\n@Ts.function\ndef f(" in text and "script.namespace" not in text
    assert text == t_func.script()
    reparsed = from_source(text, extra_vars={"T": T, "Ts": Ts})
    ir.assert_structural_equal(reparsed, ts_func)
    ir.assert_structural_equal(from_source(TS_TEXT.replace("Ts.function", "Ts.prim_func")),
                               t_func)


def test_ts_function_on_a_python_function() -> None:
    @Ts.function(private=True)
    def f(A: Ts.Tensor((4,), Ts.float32), n: Ts.int32):
        for i in range(4):
            A[i] = A[i] + Ts.float32(1.0)

    assert f.is_private and f.attrs["script.namespace"] == "s_tir"
    expected = from_source(TS_TEXT.replace("@Ts.function", "@Ts.function(private=True)"))
    ir.assert_structural_equal(f, expected)
    assert DEFINITION_KIND["s_tir.function"] is DefinitionKind.FUNCTION
    assert Ts.function.builder is Ts


def test_ts_delegates_to_t() -> None:
    assert Ts.dynamic is T.dynamic
    assert Ts.Tensor is T.Tensor and Ts.emit_ is T.emit_ and Ts.float32 is T.float32
    assert Ts.float32x4 == T.float32x4
    with pytest.raises(AttributeError, match="^`Ts.nothing_here` is not a member of `Ts`$"):
        Ts.nothing_here  # noqa: B018 - the lookup is the test
    # A near miss names the closest members (issue 23, item 3).
    with pytest.raises(AttributeError, match=r"^`Ts.dynamc` is not a member of `Ts`; did you "
                                             r"mean `Ts.dynamic`\?$"):
        Ts.dynamc  # noqa: B018 - the lookup is the test
    with pytest.raises(TypeError, match=r"`Ts.function` builds S-TIR functions: `s_tir=False` "
                                        r"contradicts it \(use `T.function`\)"):
        from_source(TS_TEXT.replace("@Ts.function", "@Ts.function(s_tir=False)"))


TS_BLOCK_TEXT = '''
from tvm_tirx.script import s_tir as Ts

@Ts.function
def f(A: Ts.Tensor((4, 4), Ts.float32), B: Ts.Tensor((4,), Ts.float32)):
    for i, k in Ts.grid(4, 4):
        with Ts.sblock("sum"):
            vi, vk = Ts.axis.remap("SR", [i, k])
            Ts.reads(A[vi, vk])
            Ts.writes(B[vi])
            with Ts.init():
                B[vi] = Ts.float32(0.0)
            B[vi] = B[vi] + A[vi, vk]
'''


def test_ts_blocks_are_t_blocks_in_an_s_tir_function() -> None:
    # `Ts.sblock` ... are the block statements `T` spells in `@T.prim_func(s_tir=True)`: the same
    # IR (the root block included), whichever namespace names them.
    ts_function = from_source(TS_BLOCK_TEXT)
    t_text = TS_BLOCK_TEXT.replace("s_tir as Ts", "tirx as T").replace("Ts.", "T.") \
        .replace("@T.function", "@T.prim_func(s_tir=True)")
    assert structural_equal(ts_function, from_source(t_text))
    assert ts_function.body.block.name_hint == "root"
    with pytest.raises(ValueError, match=r"^`T.sblock` is only valid in an S-TIR function"):
        from_source(t_text.replace("@T.prim_func(s_tir=True)", "@T.prim_func"))
