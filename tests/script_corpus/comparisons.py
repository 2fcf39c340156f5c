from tvm_tirx.script import tirx as T


@T.function
def compare_elementwise(A: T.Tensor((32,), T.int32), B: T.Tensor((32,), T.int32), Out: T.Tensor((6, 32), T.bool)):
    for i in range(32):
        Out[0, i] = A[i] == B[i]
        Out[1, i] = A[i] != B[i]
        Out[2, i] = A[i] < B[i]
        Out[3, i] = A[i] <= B[i]
        Out[4, i] = A[i] > B[i]
        Out[5, i] = A[i] >= B[i]
