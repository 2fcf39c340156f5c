from tvm_tirx.script import tirx as T


@T.function
def gate(A: T.Tensor((8,), T.int32), k: T.int32):
    A[0] = T.Select(T.bool(True) and k > 0, 1, 2)
    A[1] = T.Select(k > 0 or T.bool(False), 1, 2)
    A[2] = T.Select(not T.bool(False), 1, 2)
    A[3] = T.Select(not (k > 0) and k < 9, 1, 2)
