from tvm_tirx.script import tirx as T


@T.function
def seeded(A: T.Tensor((4,), T.int32)):
    buffer: T.int32[4] = 0
    A[0] = buffer[0]
