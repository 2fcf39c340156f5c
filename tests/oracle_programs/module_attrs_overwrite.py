from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    I.module_attrs({"runtime": "cpp"})
    I.module_attrs({"runtime": "c", "system_lib_prefix": "demo_"}, allow_overwrite=True)

    @T.function
    def zero(A: T.Tensor((16,), T.float32)):
        for i in range(16):
            A[i] = T.float32(0)
