from tvm_tirx.script import tirx as T

n = T.Var("n", "int32")


@T.function
def fill(A: T.Tensor((n,), T.int32)):
    for i in range(n):
        A[i] = i
