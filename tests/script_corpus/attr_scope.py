from tvm_tirx.script import tirx as T


@T.function
def prefetch_hint(A: T.Tensor((4096,), T.float32), B: T.Tensor((4096,), T.float32)):
    with T.attr(A, "prefetch_scope", 64):
        for i in range(4096):
            B[i] = A[i] * 2.0
