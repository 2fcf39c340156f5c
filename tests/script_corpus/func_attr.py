from tvm_tirx.script import tirx as T


@T.function
def noalias_copy(A: T.Tensor((128,), T.float32), B: T.Tensor((128,), T.float32)):
    T.func_attr({"tir.noalias": True, "target_hint": "llvm"})
    for i in range(128):
        B[i] = A[i]
