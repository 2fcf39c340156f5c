from __future__ import annotations

from tvm_tirx.script import ir as I
from tvm_tirx.script import tirx as T


@I.ir_module
class Module:
    @T.function(private=True)
    def clamp_index(i: T.int32, hi: T.int32) -> T.int32:
        return T.min(T.max(i, 0), hi)

    @T.function
    def gather(A: T.Tensor((128,), T.float32), B: T.Tensor((64,), T.float32), offset: T.int32):
        for i in range(64):
            B[i] = A[Module.clamp_index(i + offset, 127)]
