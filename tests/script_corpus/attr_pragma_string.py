from tvm_tirx.script import tirx as T


@T.function
def with_pragma(A: T.Tensor((64,), T.float32)):
    with T.attr(A, "pragma_import_c", "vector_helpers.c"):
        for i in range(64):
            A[i] = A[i] * T.float32(0.5)
