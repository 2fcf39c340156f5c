"""Apache TVM 0.27's ``T.attr({...})``, which its device kernels write for their attributes
(``T.attr({"tirx.max_registers": 92})`` after ``T.device_entry()``): one attribute scope of node
0 per item, the first outermost, as a bare statement over the rest of the block or as a ``with``
scope; what it builds, its prints in both spellings read back, and the errors of misuse. Every
program here is our own."""

from __future__ import annotations

import textwrap
from typing import Any, List, Tuple

import pytest
import tvm_ffi

from tvm_tirx.script import from_source, parse_diagnostics
from tvm_tirx.script import tirx as T

KERNEL = '''
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.device_entry()
    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2, "uses_fp8": True, "tag": "fast",
            "tirx.dyn_smem_bytes": 33 * 8})
    bx = T.cta_id([4])
    A[bx] = 7
'''


def attr_chain(stmt: Any) -> List[Tuple[int, str, Any, str]]:
    """The (node, key, value, value dtype) of the attribute scopes nested from ``stmt`` on."""
    chain = []
    while type(stmt).__name__ == "AttrStmt":
        value = stmt.value
        shown = value.value if hasattr(value, "value") else value
        chain.append((stmt.node.value, stmt.attr_key, shown, str(value.ty.dtype)
                      if hasattr(value.ty, "dtype") else type(value).__name__))
        stmt = stmt.body
    return chain


def reads_back(func: Any, spelling: Any = None) -> str:
    text = func.script(spelling=spelling) if spelling else func.script()
    assert tvm_ffi.structural_equal(from_source(text, extra_vars={"T": T}), func), text
    return text


def test_each_item_is_an_attribute_scope_of_node_0_the_first_outermost() -> None:
    func = from_source(KERNEL)
    entry = func.body
    assert type(entry).__name__ == "DeviceRegion"
    assert attr_chain(entry.body) == [
        (0, "tirx.launch_bounds_min_blocks_per_sm", 2, "int32"),
        (0, "uses_fp8", True, "bool"),
        (0, "tag", "fast", "StringImm"),
        (0, "tirx.dyn_smem_bytes", 264, "int32"),
    ]


def test_the_kernel_prints_in_both_spellings_and_reads_back() -> None:
    func = from_source(KERNEL)
    apache = reads_back(func, "apache").splitlines()
    # Our Apache print writes one item per statement (0.27 joins neighbours into one dict):
    # both read back as the same scopes.
    assert apache[-7:-1] == [
        "    T.device_entry()",
        '    T.attr({"tirx.launch_bounds_min_blocks_per_sm": 2})',
        '    T.attr({"uses_fp8": T.bool(True)})',
        '    T.attr({"tag": "fast"})',
        '    T.attr({"tirx.dyn_smem_bytes": 264})',
        "    bx = T.cta_id([4])",
    ]
    canonical = reads_back(func).splitlines()
    assert canonical[-7:-1] == [
        "    with T.device_entry():",
        '        with T.attr(0, "tirx.launch_bounds_min_blocks_per_sm", 2):',
        '            with T.attr(0, "uses_fp8", T.bool(True)):',
        '                with T.attr(0, "tag", "fast"):',
        '                    with T.attr(0, "tirx.dyn_smem_bytes", 264):',
        "                        bx = T.cta_id([4])",
    ]


def test_the_with_form_scopes_its_body_only_and_equals_the_nested_scopes() -> None:
    header = 'from tvm.script import tirx as T\n\n@T.prim_func\ndef k(A: T.Buffer((4,), "int32")):\n'
    joined = from_source(header + textwrap.indent(textwrap.dedent('''
        with T.attr({"a": 1, "b": 2}):
            A[0] = 1
        A[1] = 2
        '''), "    "))
    nested = from_source(header + textwrap.indent(textwrap.dedent('''
        with T.attr(0, "a", 1):
            with T.attr(0, "b", 2):
                A[0] = 1
        A[1] = 2
        '''), "    "))
    assert tvm_ffi.structural_equal(joined, nested)
    first, second = joined.body.seq
    assert attr_chain(first) == [(0, "a", 1, "int32"), (0, "b", 2, "int32")]
    assert type(second).__name__ == "TensorStore"
    assert reads_back(joined, "apache").splitlines()[-4:] == [
        '    with T.attr({"a": 1}):', '        T.attr({"b": 2})', "        A[0] = 1",
        "    A[1] = 2"]


@pytest.mark.parametrize("trusted", [False, True])
def test_an_apache_kernel_using_it_is_analysed_without_a_diagnostic(trusted: bool) -> None:
    report = parse_diagnostics(KERNEL, source_name="kernel.py", trusted=trusted)
    assert [(d.code, d.message) for d in report.diagnostics] == []
    assert report.definitions[0].partial is False


@pytest.mark.parametrize("call, code, message", [
    ("T.attr({})", "value-error", "`T.attr({...})` takes at least one attribute"),
    ("T.attr({1: 2})", "type-error", "`T.attr({...})` takes string keys, got `int`"),
    ('T.attr({"a": 1}, "b")', "type-error",
     "`T.attr({...})` takes the attributes alone, or a node, a key and a value"),
    ('T.attr(0, "a")', "type-error",
     '`T.attr` takes a node, a key and a value: `T.attr(node, "key", value)`'),
])
def test_a_misused_attr_is_an_error_at_its_statement(call: str, code: str, message: str) -> None:
    text = ('from tvm.script import tirx as T\n\n@T.prim_func\ndef k(A: T.Buffer((4,), "int32")):\n'
            f"    {call}\n    A[0] = 1\n")
    report = parse_diagnostics(text, source_name="kernel.py")
    assert [(d.code, d.message, d.span.start_line) for d in report.diagnostics] == [
        (code, message, 5)]


def test_0_27_s_print_of_device_entry_reads_back_as_the_device_entry_region() -> None:
    # apache-tvm 0.27 builds `T.device_entry()` as this attribute and prints it so; ours reads
    # it as the region its `T.device_entry()` is, with the items after it inside.
    printed = from_source(KERNEL.replace(
        "    T.device_entry()\n    T.attr({",
        '    T.attr({"tirx.device_entry": T.bool(True), '))
    assert tvm_ffi.structural_equal(printed, from_source(KERNEL))
    bare = from_source(KERNEL.replace("    T.device_entry()\n",
                                      '    T.attr({"tirx.device_entry": True})\n'))
    assert tvm_ffi.structural_equal(bare, from_source(KERNEL))
    # Any other value is an attribute of that key, as 0.27 reads it.
    off = from_source(KERNEL.replace("    T.device_entry()\n",
                                     '    T.attr({"tirx.device_entry": False})\n'))
    assert attr_chain(off.body)[0] == (0, "tirx.device_entry", False, "bool")


def test_a_map_node_with_its_key_and_value_is_one_scope() -> None:
    header = 'from tvm.script import tirx as T\n\n@T.prim_func\ndef k(A: T.Buffer((4,), "int32")):\n'
    func = from_source(header + '    with T.attr({"a": 1}, "key", 2):\n        A[0] = 1\n')
    assert (dict(func.body.node), func.body.attr_key, func.body.value.value) == (
        {"a": 1}, "key", 2)
    assert func.script().splitlines()[-2] == '    with T.attr({"a": 1}, "key", 2):'
    reads_back(func)


HINTED = '''
from tvm.script import tirx as T

@T.prim_func
def k(A: T.Buffer((4,), "int32")):
    T.hint("persistent tile scheduler", depth=4, swizzle=True, mode="l2")
    with T.hint():
        A[0] = 1
    A[1] = 2
'''


def test_a_hint_is_an_attribute_scope_of_its_message_and_keywords() -> None:
    func = from_source(HINTED)
    outer = func.body
    assert (outer.attr_key, outer.value.value, str(outer.value.ty)) == ("tirx_hint", 1,
                                                                       "T.int32")
    assert list(outer.node.items()) == [("message", "persistent tile scheduler"), ("depth", 4),
                                        ("swizzle", True), ("mode", "l2")]
    inner = outer.body.seq[0]
    assert (inner.attr_key, dict(inner.node)) == ("tirx_hint", {})  # an empty message is left out
    assert reads_back(func, "apache").splitlines()[-4:] == [
        '    T.hint("persistent tile scheduler", depth=4, swizzle=True, mode="l2")',
        "    with T.hint():", "        A[0] = 1", "    A[1] = 2"]
    assert reads_back(func).splitlines()[-4:] == [
        '    with T.hint("persistent tile scheduler", depth=4, swizzle=True, mode="l2"):',
        "        with T.hint():", "            A[0] = 1", "        A[1] = 2"]


@pytest.mark.parametrize("trusted", [False, True])
def test_a_kernel_with_hints_is_analysed_and_a_bad_message_is_an_error(trusted: bool) -> None:
    assert parse_diagnostics(HINTED, source_name="h.py", trusted=trusted).diagnostics == []
    bad = HINTED.replace('T.hint("persistent tile scheduler", ', "T.hint(3, ")
    assert [(d.code, d.message, d.span.start_line) for d in
            parse_diagnostics(bad, source_name="h.py", trusted=trusted).diagnostics] == [
        ("type-error", "`T.hint` takes its message as a string, got `int`", 6)]
