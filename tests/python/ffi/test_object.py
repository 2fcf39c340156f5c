"""Objects: registered classes, reflected fields, keyword construction, identity, copies."""

import pytest

import tvm_ffi
from tvm_ffi import core

# Aliases: names starting with Test would look like test classes to pytest.
Base = tvm_ffi.testing.TestBase
IntPair = tvm_ffi.testing.TestIntPair
Node = tvm_ffi.testing.TestNode

echo = tvm_ffi.get_global_func("testing.echo")


def make_node(**extra):
    fields = dict(name="n", dtype="float32", body=Base(name="leaf"))
    fields.update(extra)
    return Node(**fields)


# ---- classes ---------------------------------------------------------------------------------


def test_testing_classes_follow_the_type_hierarchy():
    assert IntPair is tvm_ffi.object_class("testing.TestIntPair")
    assert Node is tvm_ffi.object_class("testing.TestNode")
    assert Node.__mro__[1:] == (Base, tvm_ffi.Object, object)
    assert IntPair.__mro__[1:] == (tvm_ffi.Object, object)


def test_object_class_of_unknown_type():
    with pytest.raises(KeyError, match="no FFI type registered as no.SuchType"):
        tvm_ffi.object_class("no.SuchType")


def test_register_object_installs_field_properties(restore_object_classes):
    @tvm_ffi.register_object("testing.TestIntPair")
    class Pair(tvm_ffi.Object):
        pass

    assert isinstance(Pair.__dict__["a"], core.FieldDescriptor)
    assert isinstance(Pair.__dict__["b"], core.FieldDescriptor)
    assert Pair.a.__doc__ == "a: int\nfirst value"
    assert Pair.sum.__doc__ == "a + b"
    pair = Pair(3, 4)  # no __init__: the registered constructor runs
    assert (pair.a, pair.b, pair.sum()) == (3, 4, 7)
    assert type(echo(pair)) is Pair


def test_register_object_base_and_child(restore_object_classes):
    # The guide: with inheritance, register both the base class and the child class.
    @tvm_ffi.register_object("testing.TestBase")
    class MyBase(tvm_ffi.Object):
        def describe(self):
            return "base " + self.name

    @tvm_ffi.register_object("testing.TestNode")
    class MyNode(MyBase):
        pass

    node = MyNode(name="n", dtype="int8", body=MyBase(name="leaf"))
    assert type(node) is MyNode
    assert node.describe() == "base n"
    assert node.dtype == "int8"
    assert type(node.body) is MyBase
    assert type(echo(node)) is MyNode
    assert type(tvm_ffi.get_global_func("testing.make_test_node")("m")) is MyNode


def test_register_object_unknown_type_key():
    with pytest.raises(KeyError, match="no FFI type registered as no.SuchType"):

        @tvm_ffi.register_object("no.SuchType")
        class Nothing(tvm_ffi.Object):
            pass


def test_restore_fixture_puts_the_testing_classes_back():
    # Runs after the tests above that re-registered classes.
    assert type(echo(IntPair(1, 2))) is IntPair
    assert type(echo(make_node())) is Node


# ---- fields ----------------------------------------------------------------------------------


def test_fields_are_read_only():
    pair = IntPair(1, 2)
    with pytest.raises(AttributeError) as info:
        pair.a = 5
    assert str(info.value) == "field `a` is read-only: FFI objects are immutable"
    with pytest.raises(AttributeError) as info:
        del pair.b
    assert str(info.value) == "field `b` is read-only: FFI objects are immutable"
    node = make_node()
    with pytest.raises(AttributeError, match="^field `name` is read-only"):
        node.name = "other"
    assert (pair.a, pair.b, node.name) == (1, 2, "n")


def test_method_call():
    assert IntPair(20, 22).sum() == 42


def test_keyword_construction_reads_back_every_field():
    leaf = Base(name="leaf", value=3)
    parent = Base(name="parent")
    child = Base(name="child")
    bound = Base(name="bound")
    pat = Base(name="pat")
    node = Node(
        name="node",
        value=11,
        dtype="float32x4",
        body=leaf,
        parent=parent,
        children=[child, leaf],
        attrs={"k": 1, "s": "text"},
        binding=bound,
        pattern=[pat],
    )
    assert node.name == "node"
    assert node.value == 11
    assert type(node.dtype) is tvm_ffi.dtype
    assert node.dtype == "float32x4"
    assert node.body.same_as(leaf)
    assert node.body.value == 3
    assert node.parent.same_as(parent)
    assert type(node.children) is tvm_ffi.Array
    assert [c.name for c in node.children] == ["child", "leaf"]
    assert node.children[1].same_as(leaf)
    assert type(node.attrs) is tvm_ffi.Map
    assert dict(node.attrs) == {"k": 1, "s": "text"}
    assert node.binding.same_as(bound)
    assert [p.name for p in node.pattern] == ["pat"]


def test_keyword_construction_defaults():
    node = Node(name="n", dtype="int32", body=Base(name="leaf"))
    assert node.value == 0
    assert node.parent is None
    assert list(node.children) == []
    assert dict(node.attrs) == {}
    assert node.binding is None
    assert list(node.pattern) == []
    assert Base(name="b").value == 0


def test_keyword_construction_unknown_field():
    with pytest.raises(TypeError) as info:
        make_node(bogus=1)
    assert str(info.value) == "testing.TestNode() got an unexpected keyword argument 'bogus'"


def test_keyword_construction_missing_field():
    with pytest.raises(TypeError) as info:
        Node(name="n", body=Base(name="leaf"))
    assert str(info.value) == "testing.TestNode() missing required field 'dtype'"
    with pytest.raises(TypeError) as info:
        Base()
    assert str(info.value) == "testing.TestBase() missing required field 'name'"


def test_keyword_construction_wrong_field_type():
    with pytest.raises(TypeError) as info:
        make_node(name=1)
    assert str(info.value) == "Field `testing.TestBase.name` expects `str` but got `int`"
    with pytest.raises(TypeError) as info:
        make_node(children=[1])
    assert str(info.value) == (
        "Field `testing.TestNode.children` expects `Array<testing.TestBase>` but got `ffi.Array`"
    )
    with pytest.raises(TypeError) as info:
        make_node(body=IntPair(1, 2))
    assert str(info.value) == (
        "Field `testing.TestNode.body` expects `testing.TestBase` but got `testing.TestIntPair`"
    )
    with pytest.raises(TypeError) as info:
        make_node(dtype="nope")
    # A str converts to a DataType only when it parses.
    assert str(info.value) == (
        "Field `testing.TestNode.dtype` expects `DataType` but got `str`"
    )


def test_positional_and_keyword_arguments_do_not_mix():
    with pytest.raises(TypeError) as info:
        IntPair(1, b=2)
    assert str(info.value) == (
        "testing.TestIntPair() takes either positional arguments (its constructor) or keyword "
        "arguments (its fields), not both"
    )


def test_keyword_construction_of_type_with_constructor():
    pair = IntPair(a=5, b=6)
    assert (pair.a, pair.b) == (5, 6)


def test_positional_construction_without_constructor():
    with pytest.raises(TypeError) as info:
        Base("x")
    assert str(info.value) == "testing.TestBase has no registered constructor (__ffi_init__)"


# ---- objects from C++ ------------------------------------------------------------------------


def test_make_test_node():
    make_test_node = tvm_ffi.get_global_func("testing.make_test_node")
    node = make_test_node("x")
    assert type(node) is Node
    assert node.name == "x"
    assert node.value == 7
    assert node.dtype == "float32"
    assert type(node.body) is Base
    assert node.body.name == "x.leaf"
    assert node.children[0].same_as(node.body)
    assert dict(node.attrs) == {"k": 1}
    assert node.parent is None


def test_objects_come_back_as_most_derived_class():
    inner = make_node(name="inner")
    outer = make_node(body=inner, children=[Base(name="b"), inner], parent=inner)
    # The fields are declared as Base; the values are Node.
    assert type(outer.body) is Node
    assert type(outer.children[0]) is Base
    assert type(outer.children[1]) is Node
    assert type(outer.parent) is Node
    assert type(echo(outer)) is Node
    assert type(tvm_ffi.convert([inner])[0]) is Node


def test_type_key_property():
    assert make_node().__tvm_ffi_type_key__ == "testing.TestNode"
    assert IntPair(1, 2).__tvm_ffi_type_key__ == "testing.TestIntPair"


# ---- identity --------------------------------------------------------------------------------


def test_same_as_eq_and_hash():
    pair = IntPair(1, 2)
    again = echo(pair)
    twin = IntPair(1, 2)
    assert again is not pair
    assert again.same_as(pair)
    assert again == pair
    assert not (again != pair)
    assert hash(again) == hash(pair)
    assert not twin.same_as(pair)
    assert twin != pair
    assert hash(twin) != hash(pair)
    assert not pair.same_as(1)
    assert pair != 1
    assert len({pair, again, twin}) == 2


def test_uninitialised_object():
    pair = IntPair.__new__(IntPair)
    with pytest.raises(ValueError) as info:
        pair.a
    assert str(info.value) == (
        "TestIntPair object is not initialised (its __ffi_init__ was not called)"
    )
    with pytest.raises(ValueError, match="^TestIntPair object is not initialised$"):
        echo(pair)


# ---- reflection utilities --------------------------------------------------------------------


def test_deep_copy():
    deep_copy = tvm_ffi.get_global_func("ffi.DeepCopy")
    fieldwise_equal = tvm_ffi.get_global_func("ffi.FieldwiseEqual")
    node = tvm_ffi.get_global_func("testing.make_test_node")("x")
    copy = deep_copy(node)
    assert type(copy) is Node
    assert not copy.same_as(node)
    assert copy != node
    assert fieldwise_equal(copy, node) is True
    assert not copy.body.same_as(node.body)
    assert not copy.children.same_as(node.children)
    assert copy.body.name == "x.leaf"
    # The leaf is shared twice in the original (body and children[0]); the copy keeps that.
    assert copy.children[0].same_as(copy.body)


def test_fieldwise_equal():
    fieldwise_equal = tvm_ffi.get_global_func("ffi.FieldwiseEqual")
    assert fieldwise_equal(IntPair(1, 2), IntPair(1, 2)) is True
    assert fieldwise_equal(IntPair(1, 2), IntPair(1, 3)) is False
    assert fieldwise_equal(make_node(), make_node()) is True
    assert fieldwise_equal(make_node(), make_node(value=1)) is False
    assert fieldwise_equal(make_node(attrs={"a": 1}), make_node(attrs={"a": 2})) is False
    assert fieldwise_equal([1, "a"], [1, "a"]) is True
    assert fieldwise_equal(IntPair(1, 2), make_node()) is False
