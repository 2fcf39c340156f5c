from tvm_tirx.script import tirx as T


@T.function
def dequantize_fp16(Half: T.Tensor((512,), T.float16), Scale: T.Tensor((1,), T.float32), Out: T.Tensor((512,), T.float32)):
    for i in T.vectorized(512):
        Out[i] = T.Cast("float32", Half[i]) * Scale[0]
