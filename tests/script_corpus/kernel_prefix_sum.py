from tvm_tirx.script import tirx as T

n = T.dynamic("n")


@T.function
def inclusive_prefix_sum(A: T.Tensor((n,), T.int64), S: T.Tensor((n,), T.int64)):
    if n > 0:
        S[0] = A[0]
        for i in range(1, n):
            S[i] = S[i - 1] + A[i]
