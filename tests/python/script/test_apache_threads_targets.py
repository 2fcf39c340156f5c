"""Thread launches, targets and ``dtype=`` on intrinsics (issue 10, item 4): the reference's
``with T.launch_thread(...) as tx:`` and ``T.target(...)``, and Apache TVM's spellings of
them (bare launches, ``T.env_thread``, bare ``T.attr``, ``dtype=``), which build the same IR.
Every program here is our own."""

from __future__ import annotations

import textwrap
from typing import Any, List, Tuple

import pytest

from tvm_tirx import ir
from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T
from tvm_tirx.script.tirx_target import host_triple


def build(text: str) -> Any:
    return from_source(textwrap.dedent(text))


def errors(text: str, severity: int = 1) -> List[Tuple[str, str, Tuple[int, int, int]]]:
    """The diagnostics of one severity (1 errors, 3 informations)."""
    report = parse_diagnostics(textwrap.dedent(text), source_name="test_file.py")
    return [(d.code, d.message, (d.span.start_line, d.span.start_column, d.span.end_column))
            for d in report.diagnostics if int(d.severity) == severity]


def round_trips(func: Any) -> str:
    text = func.script()
    ir.assert_structural_equal(from_source(text, extra_vars={"T": T}), func)
    return text


# --- T.target -----------------------------------------------------------------------------------

def test_a_target_is_its_kind_expanded_with_the_defaults() -> None:
    llvm = T.target("llvm")
    assert (llvm.kind, llvm.tag, list(llvm.keys), dict(llvm.attrs), llvm.host) == (
        "llvm", "", ["cpu"], {"mtriple": host_triple()}, None)
    cuda = T.target("cuda", host={"kind": "llvm", "opt-level": 0})
    assert (list(cuda.keys), dict(cuda.attrs)) == (
        ["cuda", "gpu"], {"max_num_threads": 1024, "thread_warp_size": 32})
    assert dict(cuda.host.attrs) == {"mtriple": host_triple(), "opt-level": 0}
    # The expansion is the reference's: given options win, a given mcpu keeps the triple out,
    # an ARM triple or a device adds its key, a bool option reads an int.
    assert dict(T.target({"kind": "cuda", "max_num_threads": 512}).attrs)["max_num_threads"] == 512
    assert dict(T.target({"kind": "llvm", "mcpu": "skylake"}).attrs) == {"mcpu": "skylake"}
    assert list(T.target({"kind": "llvm", "mtriple": "aarch64-linux-gnu"}).keys) == [
        "arm_cpu", "cpu"]
    assert list(T.target({"kind": "llvm", "device": "arm_cpu"}).keys) == ["arm_cpu", "cpu"]
    assert dict(T.target({"kind": "llvm", "fast-math": 1}).attrs)["fast-math"] is True
    assert dict(T.target("nvidia/nvidia-a100").attrs) == {
        "arch": "sm_80", "l2_cache_size_bytes": 41943040, "max_num_threads": 1024,
        "max_shared_memory_per_block": 49152, "max_threads_per_block": 1024,
        "registers_per_block": 65536, "thread_warp_size": 32}
    webgpu = T.target({"kind": "webgpu", "supports_subgroups": True})
    assert dict(webgpu.attrs)["thread_warp_size"] == 32
    # Built from its own expansion, a target is the same target.
    ir.assert_structural_equal(T.target({"kind": "llvm", "keys": ["cpu"], "tag": "",
                                         "mtriple": host_triple()}), llvm)
    assert not ir.structural_equal(T.target("llvm"), T.target("c"))


def test_a_target_prints_as_its_configuration_dict_and_reads_back() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def kernel(A: T.Tensor((8,), T.float32)):
            T.func_attr({"target": T.target("cuda", host="llvm"), "tir.noalias": True})
            A[0] = T.float32(1)
        ''')
    text = round_trips(func)
    assert text.split("\n")[6] == (
        '    T.func_attr({"target": T.target({"host": {"keys": ["cpu"], "kind": "llvm", '
        f'"mtriple": "{host_triple()}", "tag": ""}}, "keys": ["cuda", "gpu"], "kind": "cuda", '
        '"max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": True})')


@pytest.mark.parametrize("call, message", [
    ('T.target("nope")', 'Target kind "nope" is not defined; the kinds are c, composite, cuda, '),
    ('T.target({"kind": "llvm", "mcpu": 3})',
     "Option 'mcpu': expected type 'str' but got 'int'"),
    ('T.target({"kind": "llvm", "mattr": "+avx"})',
     "Option 'mattr': expected type 'Array<str>' but got 'str'"),
    ('T.target({"kind": "llvm", "bogus": 1})',
     "Unknown config option 'bogus' of target kind \"llvm\"; its options are 'kind', 'keys'"),
    ('T.target("nvidia/tesla-k80")',
     'Target tag "nvidia/tesla-k80" is not known here: write the target\'s configuration dict '
     'instead'),
    ('T.target("llvm -mcpu=skylake")',
     'Cannot parse target string "llvm -mcpu=skylake": the command-line form'),
    ('T.target({"kind": "cuda", "host": "llvm"}, host="llvm")',
     "T.target expects to either receive the host as part of the target's config dictionary, "
     "or as a separate argument, but not both."),
    ('T.target(3)', "T.target expected a config dict or string, but got <class 'int'>"),
])
def test_target_errors_name_the_option(call: str, message: str) -> None:
    text = f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            T.func_attr({{"target": {call}}})
        '''
    ((code, found, (line, start, end)),) = errors(text)
    assert code == "value-error" and found.startswith(message), found
    assert (line, start, end) == (6, 27, 27 + len(call))


# --- thread launches ----------------------------------------------------------------------------

CANONICAL_LAUNCH = '''
from tvm_tirx.script import tirx as T

@T.function
def scatter(A: T.Tensor((8, 32), T.float32)):
    with T.launch_thread("blockIdx.x", 8) as bx:
        with T.launch_thread("threadIdx.x", 32) as tx:
            A[bx, tx] = T.float32(0)
'''


@pytest.mark.parametrize("body", [
    # Apache TVM: a bare launch, open until the end of the block.
    '''
    bx = T.launch_thread("blockIdx.x", 8)
    tx = T.launch_thread("threadIdx.x", 32)
    A[bx, tx] = T.float32(0)
    ''',
    # An env_thread variable, launched bare.
    '''
    bx = T.env_thread("blockIdx.x")
    tx = T.env_thread("threadIdx.x")
    T.launch_thread(bx, 8)
    T.launch_thread(tx, 32)
    A[bx, tx] = T.float32(0)
    ''',
    # An env_thread variable, launched with `with`.
    '''
    bx = T.env_thread("blockIdx.x")
    tx = T.env_thread("threadIdx.x")
    with T.launch_thread(bx, 8):
        with T.launch_thread(tx, 32):
            A[bx, tx] = T.float32(0)
    ''',
])
def test_apache_thread_launches_build_the_reference_launch(body: str) -> None:
    text = ('from tvm_tirx.script import tirx as T\n\n@T.prim_func\n'
            'def scatter(A: T.Buffer((8, 32), "float32")):\n'
            + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ") + "\n")
    ir.assert_structural_equal(from_source(text), from_source(CANONICAL_LAUNCH))


def test_a_launch_prints_as_the_reference_prints_it() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def fill(A: T.Tensor((T.int64(64),), T.float32)):
            with T.launch_thread("vthread", T.int64(2)) as vt:
                with T.launch_thread("threadIdx.x", T.int64(32)):
                    A[vt] = T.float32(1)
        ''')
    body = func.body
    assert (body.thread_tag, body.var.name, str(body.var.ty.dtype)) == ("vthread", "vt", "int64")
    assert round_trips(func).split("\n")[6:9] == [
        '    with T.launch_thread("vthread", T.int64(2)) as vt:',
        '        with T.launch_thread("threadIdx.x", T.int64(32)) as v:',
        "            A[vt] = T.float32(1.0)",
    ]


def test_a_bare_frame_ends_with_its_block() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((64,), "float32"), flag: T.int32):
            if flag > 0:
                tx = T.launch_thread("threadIdx.x", 64)
                A[tx] = T.float32(1)
                T.attr(0, "pragma_marker", 1)
                A[0] = T.float32(2)
            A[1] = T.float32(3)
        ''')
    assert round_trips(func).split("\n")[6:13] == [
        "    if flag > 0:",
        '        with T.launch_thread("threadIdx.x", 64) as tx:',
        "            A[tx] = T.float32(1.0)",
        '            with T.attr(0, "pragma_marker", 1):',
        "                A[0] = T.float32(2.0)",
        "    A[1] = T.float32(3.0)",
    ]


@pytest.mark.parametrize("statement, code, message, columns", [
    ('tx = T.launch_thread("threadIdx.x", 1.5)', "type-error",
     "The extent of thread `threadIdx.x` must be a scalar integer, got `float32`", (4, 44)),
    ('tx = T.launch_thread("threadIdx.x", T.float32(4))', "type-error",
     "The extent of thread `threadIdx.x` must be a scalar integer, got `float32`", (4, 53)),
    ("T.launch_thread(n, 4)", "type-error",
     '`T.launch_thread` takes a thread tag ("threadIdx.x") or a variable of `T.env_thread`, '
     "got the variable `n`", (4, 25)),
    ('tx = T.launch_thread("", 4)', "value-error", "A thread launch needs a thread tag", (4, 31)),
])
def test_launch_errors_name_the_thread(statement: str, code: str, message: str,
                                       columns: Tuple[int, int]) -> None:
    text = f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4,), "float32"), n: T.int32):
            {statement}
        '''
    found = errors(text)
    assert found[0][0] == code and found[0][1].startswith(message), found
    assert found[0][2] == (6, *columns)


def test_an_env_thread_takes_its_dtype_and_a_literal_extent_adopts_it() -> None:
    func = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((T.int64(16),), "float32")):
            tx = T.env_thread("threadIdx.x", dtype="int64")
            T.launch_thread(tx, 16)
            A[tx] = T.float32(0)
        ''')
    assert str(func.body.extent.ty.dtype) == "int64"
    assert round_trips(func).split("\n")[6] == (
        '    with T.launch_thread("threadIdx.x", T.int64(16)) as tx:')
    # Another integer width is Apache TVM's (below); another kind of type stays an error.
    ((code, message, _),) = errors('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((16,), "float32"), x: T.float32):
            tx = T.env_thread("threadIdx.x")
            T.launch_thread(tx, x)
        ''')
    assert (code, message) == ("type-error", "The extent of thread `threadIdx.x` has type "
                               "`float32`, expected `int32`: convert it with an explicit cast")


# --- dtype= on intrinsics -----------------------------------------------------------------------

def test_dtype_is_checked_against_the_deduced_type_or_gives_the_result_type() -> None:
    apache = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
            for i in range(8):
                B[i] = T.if_then_else(i < 4, T.exp(A[i], dtype="float32"), 0.0, dtype="float32")
                T.call_extern("notify", A.data, dtype="void")
                T.call_extern("notify", A.data, dtype="")
                B[i] = T.call_extern("scale", A[i], dtype="float32")
        ''')
    canonical = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def f(A: T.Tensor((8,), T.float32), B: T.Tensor((8,), T.float32)):
            for i in range(8):
                B[i] = T.if_then_else(i < 4, T.exp(A[i]), T.float32(0))
                T.call_extern("notify", A.data, ty=T.void)
                T.call_extern("notify", A.data, ty=T.void)  # Apache's `dtype=""` is void
                B[i] = T.call_extern("scale", A[i], ty=T.float32)
        ''')
    ir.assert_structural_equal(apache, canonical)
    ((code, message, where),) = errors('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((8,), "float32")):
            A[0] = T.exp(A[1], dtype="float16")
        ''')
    assert (code, where) == ("type-error", (6, 11, 39))
    assert message == ('`T.exp(..., dtype="float16")`: the result has type `float32`, which '
                       '`dtype=` does not change (Apache TVM ignores it); convert the result '
                       'with `T.Cast("float16", ...)` or leave `dtype=` out')


# --- Buffer.vload / vstore, alloc_buffer(annotations=) -----------------------------------------

def test_vload_and_vstore_are_ramp_accesses_of_the_last_index() -> None:
    apache = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((2, 16), "float32"), B: T.Buffer((2, 16), "float32")):
            B.vstore([1, 4], A.vload([0, 8], "float32x4"))
            B.vstore([0, 0], A.vload([1, 1]))
        ''')
    canonical = build('''
        from tvm_tirx.script import tirx as T

        @T.function
        def f(A: T.Tensor((2, 16), T.float32), B: T.Tensor((2, 16), T.float32)):
            B[1, T.Ramp(4, 1, 4)] = A[0, T.Ramp(8, 1, 4)]
            B[0, 0] = A[1, 1]
        ''')
    ir.assert_structural_equal(apache, canonical)


@pytest.mark.parametrize("statement, code, message", [
    ('B[0] = A.vload([0], "int32x4")', "type-error",
     '`A.vload(..., "int32x4")`: the elements of `A` are `float32`'),
    ('B.vstore([0], A[0], predicate=A[1])', "type-error",
     "`tirx.masked_store` needs a bool mask of one lane per accessed element (`bool`), got "
     "`float32`"),
    ("B.vstore([], A[0])", "value-error", "`B.vstore` needs the indices of the first element"),
])
def test_vector_access_errors(statement: str, code: str, message: str) -> None:
    found = errors(f'''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((16,), "float32"), B: T.Buffer((16,), "float32")):
            {statement}
        ''')
    assert [(c, m) for c, m, _ in found] == [(code, message)]


def test_alloc_buffer_annotations_annotate_the_allocation() -> None:
    apache = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            acc = T.alloc_buffer((4,), "float32", annotations={"pragma_stage": 1})
            acc[0] = A[0]
        ''')
    assert round_trips(apache).split("\n")[6] == (
        '    acc = T.alloc_tensor(ty_args=[T.Tensor((4,), T.float32)], '
        'attrs={"pragma_stage": T.int32(1)})')


def test_launches_and_targets_hash_and_check_as_ir() -> None:
    first, second = build(CANONICAL_LAUNCH), build(CANONICAL_LAUNCH)
    assert ir.structural_hash(first) == ir.structural_hash(second)
    other = build(CANONICAL_LAUNCH.replace('"threadIdx.x", 32', '"threadIdx.y", 32'))
    assert not ir.structural_equal(first, other)
    assert ir.structural_hash(T.target("llvm")) == ir.structural_hash(T.target("llvm"))
    assert ir.structural_hash(T.target("llvm")) != ir.structural_hash(T.target("c"))
    # The index is defined over the launch's body only.
    report = parse_diagnostics(textwrap.dedent('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((64,), "float32")):
            tx = T.env_thread("threadIdx.x")
            with T.launch_thread(tx, 64):
                A[tx] = T.float32(1)
            A[tx] = T.float32(2)
        '''), source_name="test_file.py")
    assert [(d.code, d.message) for d in report.diagnostics] == [
        ("out-of-scope-use", "variable `tx` is used outside its scope")]


def test_apache_free_variables_and_whole_tensor_addresses() -> None:
    # `x = T.float32()` and `p = T.handle("float32")` declare variables of those types (an
    # integer one is a symbol), while `T.handle("float32")` annotating a parameter is its type;
    # `T.address_of(A)` is the address of `A[0, 0]`.
    function = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4, 4), "float32"), q: T.handle("float32")):
            x = T.float32()
            p = T.handle("float32", "shared")
            A[0, 0] = T.Let(x + T.float32(1), where={x: A[1, 1]})
            T.evaluate(T.address_of(A))
        ''')
    assert str(function.params[1].ty) == "T.Ptr(T.float32)"
    assert function.script().splitlines()[-2:] == [
        "    A[0, 0] = T.Let(x + T.float32(1.0), where={x: A[1, 1]})",
        "    T.address_of(A[0, 0])"]
    ((code, message, _),) = errors('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((4,), "float32")):
            v = T.float32x4()
            A[0] = T.float32(0)
        ''')
    assert (code, message) == ("type-error", "A declared variable is a scalar or a pointer, got "
                                             "`float32x4` for `v`")


def test_apache_launch_widths_local_shapes_and_scalable_vectors() -> None:
    # An int32 `T.env_thread` launched over an int64 extent, as Apache TVM keeps it: the
    # constant takes the variable's type, another extent is cast to it. `T.alloc_local(8, ...)`
    # is one dimension. Scalable vectors are not analysed yet (an information, not an error).
    function = build('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def f(A: T.Buffer((T.int64(64),), "float32"), n: T.int64):
            bx = T.env_thread("blockIdx.x")
            T.launch_thread(bx, T.int64(2))
            tx = T.env_thread("threadIdx.x")
            T.launch_thread(tx, n)
            X = T.alloc_local(8, "float32")
            X[0] = T.float32(1)
            A[T.Cast("int64", bx)] = X[0]
        ''')
    text = function.script()
    assert 'with T.launch_thread("blockIdx.x", 2) as bx:' in text
    assert 'with T.launch_thread("threadIdx.x", T.Cast("int32", n)) as tx:' in text
    assert 'T.Tensor((8,), T.float32, scope="local")' in text
    found = errors('''
        from tvm_tirx.script import tirx as T

        @T.prim_func
        def g(A: T.Buffer((25,), "float32")):
            for j in T.vectorized(T.vscale() * 4):
                A[j] = T.Broadcast(T.float32(1), T.vscale() * 4)
        ''', severity=3)
    assert [(code, message) for code, message, _ in found] == [
        ("not-implemented-error", "Scalable vectors (a lane count such as `T.vscale() * 4`) "
                                  "are not analysed yet")]
