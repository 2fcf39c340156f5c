"""resolve_global_info_args: named metadata arguments resolved after argument evaluation."""

from __future__ import annotations

import pytest

from tvm_tirx.script.global_info import resolve_global_info_args

TARGETS = {"cpu": {"kind": "llvm"}, "gpu": {"kind": "cuda"}}


def lookup(name: str):
    if name not in TARGETS:
        raise KeyError(f"no target named {name!r}")
    return TARGETS[name]


@resolve_global_info_args("target", "fallback", resolver=lookup)
def build(value, target, fallback="cpu", *, tag="t"):
    return value, target, fallback, tag


def test_strings_are_resolved_and_other_values_pass_by_identity() -> None:
    ready = {"kind": "c"}
    listed = ["gpu"]
    value, target, fallback, tag = build(1, "gpu", listed, tag="cpu")
    assert target is TARGETS["gpu"]
    assert fallback is listed  # containers are not searched
    assert tag == "cpu"  # not a resolved field
    assert build(1, ready)[1] is ready


def test_string_defaults_are_resolved_on_every_call() -> None:
    assert build(1, "cpu")[2] is TARGETS["cpu"]
    TARGETS["cpu"] = {"kind": "llvm", "mcpu": "x"}
    try:
        assert build(1, "cpu")[2] is TARGETS["cpu"]
    finally:
        TARGETS["cpu"] = {"kind": "llvm"}


def test_resolver_errors_propagate_unchanged() -> None:
    with pytest.raises(KeyError, match="no target named 'tpu'"):
        build(1, "tpu")


@pytest.mark.parametrize("field, message", [("missing", "has no parameter `missing`"),
                                            ("rest", "variadic")])
def test_unknown_or_variadic_fields_are_rejected_when_decorating(field, message) -> None:
    def builder(a, *rest):
        return a

    with pytest.raises(ValueError, match=message):
        resolve_global_info_args(field, resolver=lookup)(builder)
