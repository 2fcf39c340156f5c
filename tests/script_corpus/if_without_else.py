from tvm_tirx.script import tirx as T


@T.function
def zero_below_threshold(A: T.Tensor((4096,), T.float32), threshold: T.float32):
    for i in range(4096):
        if A[i] < threshold:
            A[i] = 0.0
