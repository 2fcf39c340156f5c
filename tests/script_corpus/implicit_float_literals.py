from tvm_tirx.script import tirx as T


@T.function
def blend(D: T.Tensor((32,), T.float64), H: T.Tensor((32,), T.float16), B: T.Tensor((32,), T.bfloat16)):
    for i in range(32):
        D[i] = D[i] * 0.5 + 1
        H[i] = H[i] * 0.5
        B[i] = B[i] + 2
