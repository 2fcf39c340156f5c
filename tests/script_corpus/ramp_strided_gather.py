from tvm_tirx.script import tirx as T


@T.function
def gather_column_lanes(A: T.Tensor((1024,), T.float32), Out: T.Tensor((64,), T.float32x4), stride: T.int32):
    for i in range(64):
        Out[i] = A[T.Ramp(i * 4 * stride, stride, 4)]
