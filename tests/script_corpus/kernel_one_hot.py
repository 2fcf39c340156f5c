from tvm_tirx.script import tirx as T


@T.function
def one_hot(Labels: T.Tensor((32,), T.int32), Encoded: T.Tensor((32, 10), T.float32)):
    for b, k in T.grid(32, 10):
        Encoded[b, k] = T.Select(Labels[b] == k, 1.0, 0.0)
