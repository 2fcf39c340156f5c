from tvm_tirx.script import tirx as T


@T.function
def argmin_rows(Dist: T.Tensor((16, 256), T.float32), MinVal: T.Tensor((16,), T.float32), MinIdx: T.Tensor((16,), T.int32)):
    for r in range(16):
        MinVal[r] = Dist[r, 0]
        MinIdx[r] = 0
        for c in range(1, 256):
            if Dist[r, c] < MinVal[r]:
                MinVal[r] = Dist[r, c]
                MinIdx[r] = c
