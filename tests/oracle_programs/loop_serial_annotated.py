from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def annotated_copy(A: T.Tensor((64,), T.float32), B: T.Tensor((64,), T.float32)):
    for i in T.serial(64, annotations={"pragma_unroll_explicit": 0, "pragma_auto_unroll_max_step": 16}):
        B[i] = A[i]
