from tvm_tirx.script import tirx as T


@T.function
def c_style_quotient(A: T.Tensor((64,), T.int32), divisor: T.int32, Q: T.Tensor((64,), T.int32)):
    for i in range(64):
        Q[i] = T.Div(A[i], divisor)
