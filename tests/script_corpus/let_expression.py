from tvm_tirx.script import tirx as T


@T.function
def squared_offsets(A: T.Tensor((16,), T.int32), base: T.int32):
    for i in range(16):
        # the offset is computed once inside the expression
        A[i] = T.Let(off * off + i, where={off: base + 2})
