"""`I.module_global_infos({...})` (also `T.`, issue 10, item 3): a module's global infos, a dict
from names to lists of `GlobalInfo` objects, set once in the class body, printed after
`module_attrs` with the names sorted, and read back. The reference has no `GlobalInfo` kind
outside device backends, so the lists are empty here."""

from __future__ import annotations

import pytest

from tvm_ffi import structural_equal, structural_hash
from tvm_tirx import ir
from tvm_tirx.script import from_source
from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T

IMPORTS = "from tvm_tirx.script import tirx as T\nfrom tvm_tirx.script import ir as I\n\n"


def module(members: str) -> str:
    return (IMPORTS + "@I.ir_module\nclass Module:\n" + members +
            "    @T.function\n    def main(A: T.Tensor((4,), T.float32)):\n"
            "        A[0] = T.float32(1)\n")


def class_body(built: object) -> list:
    lines = built.script().splitlines()
    return lines[lines.index("class Module:") + 1:lines.index("    @T.function")]


def test_global_infos_are_set_printed_sorted_and_read_back() -> None:
    built = from_source(module('    I.module_global_infos({"mesh": [], "axes": []})\n'))
    assert sorted(built.global_infos.keys()) == ["axes", "mesh"]
    assert [len(built.global_infos[k]) for k in ("axes", "mesh")] == [0, 0]
    assert class_body(built) == ['    T.module_global_infos({"axes": [], "mesh": []})']
    assert structural_equal(from_source(built.script(), extra_vars={"T": T, "I": I}), built)


def test_global_infos_print_after_the_module_attributes() -> None:
    built = from_source(module('    T.module_global_infos({"mesh": []})\n'
                               '    I.module_attrs({"runtime": "cpp"})\n'))
    assert class_body(built) == ['    T.module_attrs({"runtime": "cpp"})',
                                 '    T.module_global_infos({"mesh": []})']


def test_an_empty_dict_sets_none_and_prints_nothing() -> None:
    built = from_source(module("    I.module_global_infos({})\n"
                               '    I.module_global_infos({"mesh": []})\n'))
    assert class_body(built) == ['    T.module_global_infos({"mesh": []})']
    assert len(from_source(module("    I.module_global_infos({})\n")).global_infos) == 0


def test_global_infos_are_set_once() -> None:
    with pytest.raises(ValueError, match="The module's global infos are already set: "
                                         "`I.module_global_infos\\(\\{...\\}\\)` comes once"):
        from_source(module('    I.module_global_infos({"mesh": []})\n'
                           '    I.module_global_infos({"axes": []})\n'))


@pytest.mark.parametrize("argument, message", [
    ('{"mesh": [T.int32(1)]}', "takes `GlobalInfo` objects, got `IntImm` in `mesh`"),
    ('{"mesh": 3}', "takes a list per name, got `int` for `mesh`"),
    ("[]", "takes a dict, got `list`"),
])
def test_global_infos_of_the_wrong_kind_are_type_errors(argument: str, message: str) -> None:
    with pytest.raises(TypeError, match=f"`module_global_infos` {message}"):
        from_source(module(f"    I.module_global_infos({argument})\n"), trusted=True)


def test_module_global_infos_outside_a_module_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="`I.module_global_infos` is only valid in an IR "
                                         "module"):
        I.module_global_infos({"mesh": []})


def test_a_decorated_class_sets_them_too() -> None:
    @I.ir_module
    class Module:
        I.module_global_infos({"mesh": []})

        @T.function
        def main(A: T.Tensor((4,), T.float32)):
            A[0] = T.float32(1)

    assert class_body(Module) == ['    T.module_global_infos({"mesh": []})']


def test_structural_equality_and_hash_see_the_global_infos() -> None:
    built = from_source(module('    I.module_global_infos({"mesh": []})\n'))
    bare = ir.IRModule(built.functions, built.attrs)
    assert not structural_equal(bare, built)
    assert structural_hash(bare) != structural_hash(built)
    assert structural_equal(ir.IRModule(built.functions, built.attrs, {"mesh": []}), built)


def test_t_and_i_share_the_member() -> None:
    assert T.module_global_infos is I.module_global_infos
