from tvm_tirx.script import tirx as T


@T.function
def conditional_zero(enabled: T.bool, Data: T.Tensor((64,), T.float32)):
    if enabled:
        for i in range(64):
            Data[i] = 0.0
