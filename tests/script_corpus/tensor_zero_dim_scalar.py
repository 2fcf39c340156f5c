from tvm_tirx.script import tirx as T


@T.function
def broadcast_scalar_tensor(Value: T.Tensor((), T.float32), Out: T.Tensor((32,), T.float32)):
    for i in range(32):
        Out[i] = Value[()]
