from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def thread_copy(A: T.Tensor((1024,), T.float32), B: T.Tensor((1024,), T.float32)):
    with T.launch_thread("blockIdx.x", 8) as bx:
        with T.launch_thread("threadIdx.x", 128) as tx:
            B[bx * 128 + tx] = A[bx * 128 + tx]
