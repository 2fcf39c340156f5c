from tvm_tirx.script import tirx as T


@T.function
def tuned_saxpy(X: T.Tensor((1024,), T.float32), Y: T.Tensor((1024,), T.float32), alpha: T.float32):
    T.func_attr({"tir.noalias": True, "kernel_kind": "saxpy", "calling_conv": 0})
    for i in T.serial(1024, annotations={"pragma_unroll_explicit": 1, "pragma_auto_unroll_max_step": 8}):
        Y[i] = alpha * X[i] + Y[i]
