from tvm_tirx.script import tirx as T


@T.prim_func
def vector_add(a: T.handle, b: T.handle, c: T.handle, n: T.int32):
    T.func_attr({"global_symbol": "vector_add", "tir.noalias": True})
    A = T.match_buffer(a, (n,), "float32")
    B = T.match_buffer(b, (n,), "float32")
    C = T.match_buffer(c, (n,), "float32")
    for i in T.serial(n):
        C[i] = A[i] + B[i]
