from tvm_tirx.script import tirx as T


@T.function
def gemv_int8_acc32(Matrix: T.Tensor((256, 512), T.int8), Vector: T.Tensor((512,), T.int8), Result: T.Tensor((256,), T.int32)):
    for row in range(256):
        Result[row] = 0
        for col in range(512):
            Result[row] = Result[row] + T.Cast(T.int32, Matrix[row, col]) * T.Cast(T.int32, Vector[col])
