"""AccessPath from Python: building, printing, comparing, hashing."""

from __future__ import annotations

import pytest

from tvm_ffi import AccessPath


def test_paths_print_their_steps():
    root = AccessPath.root()
    assert str(root) == "<root>"
    path = root.attr("body").attr("seq").array_item(2).map_item("key")
    assert str(path) == '<root>.body.seq[2]["key"]'
    assert path.depth == 4
    assert str(root.array_item_missing(3)) == "<root>[3](missing)"
    assert str(root.attr("a").map_item_missing(7)) == "<root>.a[7](missing)"


def test_paths_compare_and_hash_by_steps():
    a = AccessPath.root().attr("body").array_item(0)
    b = AccessPath.root().attr("body").array_item(0)
    assert a == b and hash(a) == hash(b)
    assert a != AccessPath.root().attr("body").array_item(1)
    assert a != AccessPath.root().attr("body").array_item_missing(0)
    assert len({a, b}) == 1


def test_prefixes_parents_and_steps():
    body = AccessPath.root().attr("body")
    store = body.attr("body").attr("value")
    assert body.is_prefix_of(store)
    assert not store.is_prefix_of(body)
    assert store.get_parent() == body.attr("body")
    assert AccessPath.root().get_parent() == AccessPath.root()
    assert [str(step) for step in store.to_steps()] == ["<root>.body", "<root>.body", "<root>.value"]


def test_bad_steps_are_type_errors():
    with pytest.raises(TypeError):
        AccessPath.root().array_item("zero")
    with pytest.raises(TypeError):
        AccessPath.root().attr(3)
