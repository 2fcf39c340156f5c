from tvm_tirx.script import tirx as T


@T.function
def fill(Q: T.Tensor((4,), T.int8), D: T.Tensor((4,), T.float64), H: T.Tensor((4,), T.float16), U: T.Tensor((4,), T.uint32)):
    Q[0] = 1
    D[0] = 0.25
    D[1] = 3
    H[0] = 2
    U[0] = 7
    U[1] = Q[0]
