from tvm_tirx.script import tirx as T


@T.function
def scale_with_unroll_hint(A: T.Tensor((512,), T.float32), alpha: T.float32):
    for i in T.serial(0, 512, annotations={"pragma_auto_unroll_max_step": 16, "pragma_unroll_explicit": 0}):
        A[i] = A[i] * alpha
