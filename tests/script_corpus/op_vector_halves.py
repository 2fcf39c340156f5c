from tvm_tirx.script import tirx as T


@T.function
def swap_halves(A: T.Tensor((8,), T.float32), B: T.Tensor((8,), T.float32)):
    v: T.let[T.float32x8] = A[T.Ramp(0, 1, 8)]
    lo: T.let[T.float32x4] = T.vector_low(v)
    hi: T.let[T.float32x4] = T.vector_high(v)
    B[0:8] = T.vector_combine(hi, lo)
