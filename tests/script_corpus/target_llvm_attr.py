from tvm_tirx.script import tirx as T


@T.function
def host_saxpy(X: T.Tensor((1024,), T.float32), Y: T.Tensor((1024,), T.float32)):
    T.func_attr({"target": T.target("llvm"), "tir.noalias": True})
    for i in range(1024):
        Y[i] = X[i] * T.float32(2) + Y[i]
