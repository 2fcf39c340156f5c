"""A file mid-edit: one definition does not parse, another has a type error; the third is fine
and still gets its canonical form."""
from tvm_tirx.script import tirx as T


@T.function
def unfinished(A: T.Tensor((8,), T.int32)
    A[0] = 1


@T.function
def mixed_types(A: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = A[i] // 0.5


@T.function
def fine(A: T.Tensor((8,), T.int32)):
    for i in range(8):
        A[i] = A[i] + 1
