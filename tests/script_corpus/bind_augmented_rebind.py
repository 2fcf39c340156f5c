from tvm_tirx.script import tirx as T


@T.function
def strided_offset(Out: T.Tensor((1,), T.int32), base: T.int32, stride: T.int32):
    offset = base * stride
    offset += stride
    offset = offset // 2
    Out[0] = offset
