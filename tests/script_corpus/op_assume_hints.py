from tvm_tirx.script import tirx as T


@T.function
def hinted(A: T.Tensor((64,), T.float32), n: T.int32):
    T.assume_aligned(A.data, 64)
    T.assume_always(n > 0)
    for i in range(64):
        if T.ignore_loop_partition(i < n):
            A[i] = T.float32(0)
    T.throw_last_error()
