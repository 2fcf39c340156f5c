from tvm_tirx.script import tirx as T


@T.function
def sum_positive(A: T.Tensor((2048,), T.float32), Total: T.Tensor((1,), T.float32)):
    Total[0] = 0.0
    for i in range(2048):
        if A[i] <= 0.0:
            continue
        Total[0] = Total[0] + A[i]
