from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    @T.function
    def scale(A: T.Tensor((16,), T.float32)):
        I.module_set_attr("scale_factor", T.float32(0.25))
        I.module_set_attr("scale_factor", T.float32(0.5), allow_overwrite=True)
        I.module_set_attr("draft", T.float32(1.0))
        I.module_set_attr("draft", None)
        for i in range(16):
            A[i] = A[i] * I.module_get_attr("scale_factor")
