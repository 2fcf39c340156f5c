from tvm_tirx.script import tirx as T


@T.function
def bf16_offset(X: T.Tensor((128,), T.bfloat16), Y: T.Tensor((128,), T.bfloat16)):
    for i in range(128):
        Y[i] = X[i] + T.bfloat16(1.5)
