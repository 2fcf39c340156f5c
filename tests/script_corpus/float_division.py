from tvm_tirx.script import tirx as T


@T.function
def normalize_by_total(A: T.Tensor((64,), T.float32), Total: T.Tensor((1,), T.float32)):
    for i in range(64):
        A[i] = A[i] / Total[0]
