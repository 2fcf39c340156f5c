"""Array, List, Map, Dict (and Shape): the guide's mutability table, as Python collections."""

import collections.abc

import pytest

import tvm_ffi

echo = tvm_ffi.get_global_func("testing.echo")


# ---- the mutability table ------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, abc_yes, abc_no",
    [
        (tvm_ffi.Array([1]), collections.abc.Sequence, collections.abc.MutableSequence),
        (tvm_ffi.List([1]), collections.abc.MutableSequence, None),
        (tvm_ffi.Map({"a": 1}), collections.abc.Mapping, collections.abc.MutableMapping),
        (tvm_ffi.Dict({"a": 1}), collections.abc.MutableMapping, None),
    ],
    ids=["Array", "List", "Map", "Dict"],
)
def test_abc_of_each_container(value, abc_yes, abc_no):
    assert isinstance(value, abc_yes)
    if abc_no is not None:
        assert not isinstance(value, abc_no)


def test_list_is_also_a_sequence_and_dict_a_mapping():
    assert isinstance(tvm_ffi.List(), collections.abc.Sequence)
    assert isinstance(tvm_ffi.Dict(), collections.abc.Mapping)
    assert not isinstance(tvm_ffi.Array(), collections.abc.Mapping)
    assert not isinstance(tvm_ffi.Map(), collections.abc.Sequence)


def test_array_is_read_only():
    arr = tvm_ffi.convert([1, 2, 3])
    with pytest.raises(TypeError, match="^'Array' object does not support item assignment$"):
        arr[0] = 10
    with pytest.raises(TypeError, match="^'Array' object doesn't support item deletion$"):
        del arr[0]
    assert not hasattr(arr, "append")
    assert list(arr) == [1, 2, 3]


def test_map_is_read_only():
    map_obj = tvm_ffi.convert({"a": 1})
    with pytest.raises(TypeError, match="^'Map' object does not support item assignment$"):
        map_obj["b"] = 2
    with pytest.raises(TypeError, match="^'Map' object does not support item deletion$"):
        del map_obj["a"]
    assert not hasattr(map_obj, "update")
    assert dict(map_obj) == {"a": 1}


def test_list_mutation_is_shared_between_handles():
    lst = tvm_ffi.List([1, 2, 3])
    other = echo(lst)
    assert type(other) is tvm_ffi.List
    assert other is not lst
    assert other.same_as(lst)
    other.append(4)
    other[0] = 10
    assert list(lst) == [10, 2, 3, 4]
    del lst[1]
    assert list(other) == [10, 3, 4]
    lst.clear()
    assert len(other) == 0


def test_dict_mutation_is_shared_between_handles():
    d = tvm_ffi.Dict({"a": 1})
    other = echo(d)
    assert type(other) is tvm_ffi.Dict
    assert other.same_as(d)
    other["b"] = 2
    assert dict(d) == {"a": 1, "b": 2}
    del d["a"]
    assert dict(other) == {"b": 2}
    d.clear()
    assert len(other) == 0


def test_list_mutation_inside_cpp_callback_is_seen():
    lst = tvm_ffi.List([1])
    tvm_ffi.get_global_func("testing.apply")(lambda x: x.append(2), lst)
    assert list(lst) == [1, 2]


def test_array_passed_twice_is_one_object():
    arr = tvm_ffi.Array([1])
    assert echo(arr).same_as(arr)


# ---- sequences -----------------------------------------------------------------------------


def test_negative_indices():
    arr = tvm_ffi.Array([1, 2, 3])
    lst = tvm_ffi.List([1, 2, 3])
    assert arr[-1] == 3
    assert arr[-3] == 1
    assert lst[-2] == 2
    lst[-1] = 30
    assert list(lst) == [1, 2, 30]
    del lst[-3]
    assert list(lst) == [2, 30]


@pytest.mark.parametrize("index", [3, -4, 100])
def test_array_index_out_of_range(index):
    arr = tvm_ffi.Array([1, 2, 3])
    with pytest.raises(IndexError) as info:
        arr[index]
    assert str(info.value) == f"ffi.Array index {index} out of range for size 3"


def test_list_index_out_of_range():
    lst = tvm_ffi.List([1, 2, 3])
    with pytest.raises(IndexError, match=r"^ffi\.List index 3 out of range for size 3$"):
        lst[3]
    with pytest.raises(IndexError, match=r"^ffi\.List index -4 out of range for size 3$"):
        lst[-4] = 0
    with pytest.raises(IndexError, match=r"^ffi\.List index 5 out of range for size 3$"):
        del lst[5]
    assert list(lst) == [1, 2, 3]


def test_empty_sequences():
    assert len(tvm_ffi.Array()) == 0
    assert list(tvm_ffi.List()) == []
    with pytest.raises(IndexError, match=r"^ffi\.Array index 0 out of range for size 0$"):
        tvm_ffi.Array()[0]


def test_slicing_gives_python_lists():
    arr = tvm_ffi.Array(range(6))
    assert arr[1:4] == [1, 2, 3]
    assert arr[::-1] == [5, 4, 3, 2, 1, 0]
    assert arr[::2] == [0, 2, 4]
    assert arr[10:] == []
    assert tvm_ffi.List([1, 2, 3])[-2:] == [2, 3]


def test_list_slice_deletion_and_refused_slice_assignment():
    lst = tvm_ffi.List(range(6))
    del lst[1:5:2]
    assert list(lst) == [0, 2, 4, 5]
    with pytest.raises(TypeError, match="^tvm_ffi.List does not support slice assignment$"):
        lst[0:2] = [9]
    assert list(lst) == [0, 2, 4, 5]


def test_list_mutable_sequence_mixins():
    lst = tvm_ffi.List([3, 1])
    lst.insert(0, 0)
    lst.insert(100, 9)  # past the end appends, as list.insert does
    lst.insert(-1, 8)
    assert list(lst) == [0, 3, 1, 8, 9]
    lst.extend([5, 5])
    assert lst.pop() == 5
    lst.remove(5)
    assert lst.index(8) == 3
    assert lst.count(3) == 1
    lst.reverse()
    assert list(lst) == [9, 8, 1, 3, 0]
    assert 8 in lst
    assert 7 not in lst


def test_sequence_mixins_on_array():
    arr = tvm_ffi.Array(["a", "b", "a"])
    assert arr.index("b") == 1
    assert arr.count("a") == 2
    assert "b" in arr
    assert list(reversed(arr)) == ["a", "b", "a"]


def test_array_from_any_iterable():
    assert list(tvm_ffi.Array(i * i for i in range(4))) == [0, 1, 4, 9]
    assert list(tvm_ffi.List((1, 2))) == [1, 2]


def test_repr():
    assert repr(tvm_ffi.Array([1, "a"])) == "[1, 'a']"
    assert repr(tvm_ffi.Map({"a": [1]})) == "{'a': [1]}"
    assert repr(tvm_ffi.Shape([2, 3])) == "Shape((2, 3))"


# ---- mappings ------------------------------------------------------------------------------


def test_missing_key_raises_key_error_holding_the_key():
    for mapping in (tvm_ffi.Map({"a": 1}), tvm_ffi.Dict({"a": 1})):
        with pytest.raises(KeyError) as info:
            mapping["zz"]
        assert info.value.args == ("zz",)
        with pytest.raises(KeyError) as info:
            mapping[1]
        assert info.value.args == (1,)
    d = tvm_ffi.Dict()
    with pytest.raises(KeyError) as info:
        del d["gone"]
    assert info.value.args == ("gone",)


def test_mapping_mixins():
    m = tvm_ffi.Map({"a": 1, "b": 2})
    assert m.get("a") == 1
    assert m.get("zz") is None
    assert m.get("zz", 5) == 5
    assert "a" in m
    assert "zz" not in m
    assert [1] not in m  # unhashable in Python; simply absent here
    assert list(m.keys()) == ["a", "b"]
    assert list(m.values()) == [1, 2]
    assert list(m.items()) == [("a", 1), ("b", 2)]


def test_dict_mutable_mapping_mixins():
    d = tvm_ffi.Dict()
    d.update({"x": 1}, y=2)
    assert d.setdefault("z", 3) == 3
    assert d.setdefault("x", 100) == 1
    assert d.pop("y") == 2
    assert d.pop("nope", "default") == "default"
    assert dict(d) == {"x": 1, "z": 3}


def test_insertion_order_is_kept():
    keys = ["k%d" % i for i in (5, 1, 9, 3, 7)]
    assert list(tvm_ffi.Map({k: 0 for k in keys})) == keys
    d = tvm_ffi.Dict()
    for k in keys:
        d[k] = 0
    assert list(d) == keys


def test_non_string_keys():
    m = tvm_ffi.convert({1: "one", 2.5: "two and a half", None: "none"})
    assert m[1] == "one"
    assert m[2.5] == "two and a half"
    assert m[None] == "none"


def test_object_keys_by_identity():
    a = tvm_ffi.testing.TestIntPair(1, 2)
    b = tvm_ffi.testing.TestIntPair(1, 2)
    d = tvm_ffi.Dict({a: "a"})
    assert d[a] == "a"
    assert b not in d


def test_map_from_pairs_and_from_mapping():
    assert dict(tvm_ffi.Map([("a", 1), ("b", 2)])) == {"a": 1, "b": 2}
    src = tvm_ffi.Dict({"k": 1})
    copy = tvm_ffi.Map(src)
    src["k"] = 2
    assert copy["k"] == 1


# ---- conversion ----------------------------------------------------------------------------


def test_nested_conversion():
    value = tvm_ffi.convert([[1, 2], {"k": [3, {"deep": (4,)}]}, (5, "s")])
    assert type(value) is tvm_ffi.Array
    assert type(value[0]) is tvm_ffi.Array
    assert type(value[1]) is tvm_ffi.Map
    assert type(value[1]["k"]) is tvm_ffi.Array
    assert type(value[1]["k"][1]) is tvm_ffi.Map
    assert type(value[1]["k"][1]["deep"]) is tvm_ffi.Array
    assert value[1]["k"][1]["deep"][0] == 4
    assert list(value[2]) == [5, "s"]


def test_tuple_and_list_both_become_array():
    assert type(echo((1, 2))) is tvm_ffi.Array
    assert type(echo([1, 2])) is tvm_ffi.Array
    assert type(echo(())) is tvm_ffi.Array


def test_subclasses_of_list_and_dict_convert():
    class MyList(list):
        pass

    class MyDict(dict):
        pass

    assert list(echo(MyList([1, 2]))) == [1, 2]
    assert dict(echo(MyDict(a=1))) == {"a": 1}


def test_containers_keep_their_type_through_calls():
    for value in (tvm_ffi.Array([1]), tvm_ffi.List([1]), tvm_ffi.Map({1: 2}), tvm_ffi.Dict({1: 2})):
        assert type(echo(value)) is type(value)
        assert type(tvm_ffi.convert(value)) is type(value)


def test_equality_is_identity():
    arr = tvm_ffi.Array([1, 2])
    assert arr == echo(arr)
    assert arr != tvm_ffi.Array([1, 2])
    assert hash(arr) == hash(echo(arr))


def test_shape():
    shape = tvm_ffi.Shape([2, 3, 4])
    assert isinstance(shape, collections.abc.Sequence)
    assert len(shape) == 3
    assert tuple(shape) == (2, 3, 4)
    assert shape[-1] == 4
    assert type(echo(shape)) is tvm_ffi.Shape
    with pytest.raises(TypeError, match="^Shape extents must be int, got `str` at 1$"):
        tvm_ffi.Shape([1, "a"])
