from tvm_tirx.script import tirx as T


@T.function
def count_in_open_interval(A: T.Tensor((256,), T.int32), lo: T.int32, hi: T.int32, Count: T.Tensor((1,), T.int32)):
    Count[0] = 0
    for i in range(256):
        if lo < A[i] < hi:
            Count[0] = Count[0] + 1
