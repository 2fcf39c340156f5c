from tvm_tirx.script import tirx as T


@T.function
def absolute_difference(A: T.Tensor((256,), T.float32), B: T.Tensor((256,), T.float32), C: T.Tensor((256,), T.float32)):
    for i in range(256):
        if A[i] > B[i]:
            C[i] = A[i] - B[i]
        else:
            C[i] = B[i] - A[i]
