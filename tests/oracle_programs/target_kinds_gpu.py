from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def portable_scale(A: T.Tensor((128,), T.float32)):
    T.func_attr({"metal": T.target("metal"), "opencl": T.target("opencl"),
                 "rocm": T.target({"kind": "rocm", "mcpu": "gfx90a"}),
                 "vulkan": T.target("vulkan"), "plain_c": T.target("c")})
    for i in range(128):
        A[i] = A[i] * T.float32(3)
