from __future__ import annotations

from tvm_tirx.script import tirx as T


@T.function
def vthread_stripes(A: T.Tensor((T.int64(256),), T.int32)):
    with T.launch_thread("vthread", T.int64(2)) as vt:
        with T.launch_thread("threadIdx.x", T.int64(128)):
            A[vt] = 7
