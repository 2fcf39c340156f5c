from tvm_tirx.script import tirx as T


@T.function
def add_half_to_float(A: T.Tensor((16,), T.float32), h: T.float16, x: T.float32):
    A[0] = h + x
