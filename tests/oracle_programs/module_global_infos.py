from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    I.module_global_infos({"mesh": [], "other": []})
    I.module_attrs({"runtime": "cpp"})

    @T.function
    def zero(A: T.Tensor((16,), T.float32)):
        for i in range(16):
            A[i] = T.float32(0)
