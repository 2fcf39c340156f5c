from tvm_tirx.script import tirx as T


@T.function
def concat_halves(Low: T.Tensor((32,), T.float16x4), High: T.Tensor((32,), T.float16x4), Joined: T.Tensor((32,), T.float16x8)):
    for i in range(32):
        Joined[i] = T.Shuffle([Low[i], High[i]], [0, 1, 2, 3, 4, 5, 6, 7])
