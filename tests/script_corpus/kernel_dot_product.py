from tvm_tirx.script import tirx as T


@T.function
def dot_product(X: T.Tensor((2048,), T.float32), Y: T.Tensor((2048,), T.float32), Result: T.Tensor((1,), T.float32)):
    Result[0] = 0.0
    for i in range(2048):
        Result[0] = Result[0] + X[i] * Y[i]
