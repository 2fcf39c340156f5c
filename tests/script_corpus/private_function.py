from tvm_tirx.script import tirx as T


@T.function(private=True)
def square_in_place(A: T.Tensor((64,), T.float32)):
    for i in range(64):
        A[i] = A[i] * A[i]
