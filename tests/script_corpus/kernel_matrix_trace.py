from tvm_tirx.script import tirx as T


@T.function
def matrix_trace(M: T.Tensor((96, 96), T.float64), Trace: T.Tensor((1,), T.float64)):
    Trace[0] = T.float64(0.0)
    for i in range(96):
        Trace[0] = Trace[0] + M[i, i]
