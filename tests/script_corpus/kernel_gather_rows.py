from tvm_tirx.script import tirx as T


@T.function
def gather_rows(Source: T.Tensor((512, 64), T.float32), Index: T.Tensor((100,), T.int32), Gathered: T.Tensor((100, 64), T.float32)):
    for i in range(100):
        for j in range(64):
            Gathered[i, j] = Source[Index[i], j]
