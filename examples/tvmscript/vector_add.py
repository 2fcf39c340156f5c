"""Element-wise kernels in canonical TVMScript: one symbolic length, a bind, a branch."""
from tvm_tirx.script import tirx as T


@T.function
def vector_add[n](A: T.Tensor((n,), T.float32), B: T.Tensor((n,), T.float32),
                  C: T.Tensor((n,), T.float32)):
    # one pass over the three tensors
    for i in range(n):
        C[i] = A[i] + B[i]


@T.function
def relu[n](X: T.Tensor((n,), T.float32), Y: T.Tensor((n,), T.float32)):
    for i in T.parallel(n):
        x = X[i]
        if x > T.float32(0.0):
            Y[i] = x
        else:
            Y[i] = T.float32(0.0)
