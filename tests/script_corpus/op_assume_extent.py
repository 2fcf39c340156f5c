from tvm_tirx.script import tirx as T


@T.function
def scale_prefix(n: T.int32, X: T.Tensor((512,), T.float32)):
    T.assume(n <= 512)
    for i in range(n):
        X[i] = X[i] * T.float32(2)
