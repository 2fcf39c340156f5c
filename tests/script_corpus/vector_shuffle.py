from tvm_tirx.script import tirx as T


@T.function
def interleave(A: T.Tensor((8,), T.int32x4), lo: T.int32, hi: T.int32):
    for i in range(8):
        pair = T.Shuffle([T.Broadcast(lo, 2), T.Broadcast(hi, 2)], [0, 2, 1, 3])
        A[i] = pair
