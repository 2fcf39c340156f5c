from tvm_tirx.script import tirx as T


@T.prim_func
def pragma_copy(A: T.Buffer((64,), "float32"), B: T.Buffer((64,), "float32")):
    T.attr(0, "pragma_unroll_explicit", 1)
    for i in range(64):
        B[i] = A[i]
