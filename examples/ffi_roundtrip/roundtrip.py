"""Python half of the ffi_roundtrip example: receives objects made in C++, prints them,
makes one object of its own, and hands everything back."""

import tvm_ffi
from tvm_ffi.testing import TestIntPair


def describe(value):
    """One line per value, built only from what reflection and the containers expose."""
    if isinstance(value, TestIntPair):
        return f"testing.TestIntPair a={value.a} b={value.b} sum={value.sum()}"
    if isinstance(value, tvm_ffi.testing.TestNode):
        children = ", ".join(child.name for child in value.children)
        return (
            f"testing.TestNode name={value.name!r} dtype={value.dtype} "
            f"body={value.body.name!r} children=[{children}] attrs={dict(value.attrs)}"
        )
    kind = type(value).__name__
    return f"{kind} {value!r}"


@tvm_ffi.register_global_func("example.roundtrip")
def roundtrip(*values):
    print(f"[Python] received {len(values)} values:")
    for value in values:
        print(f"  {describe(value)}")
    made = TestIntPair(3, 4)
    print(f"[Python] made {describe(made)}")
    print(f"[Python] C++ and Python agree on the type index of testing.TestIntPair: "
          f"{made._type_index == values[0]._type_index}")
    return list(values) + [made]
