from tvm_tirx.script import tirx as T


@T.function
def half_constant(Out: T.Tensor((4,), T.float16)):
    for i in range(4):
        Out[i] = T.Cast(T.float16, 1.25)
