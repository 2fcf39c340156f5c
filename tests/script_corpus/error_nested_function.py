from tvm_tirx.script import tirx as T


@T.function
def with_helper(A: T.Tensor((4,), T.int32)):
    def square(x):
        return x * x

    A[0] = 1
