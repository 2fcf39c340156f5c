from tvm_tirx.script import tirx as T


@T.function
def backward_difference(X: T.Tensor((65,), T.float32), D: T.Tensor((65,), T.float32)):
    for i in range(1, 65):
        D[i] = X[i] - X[i + -1]
