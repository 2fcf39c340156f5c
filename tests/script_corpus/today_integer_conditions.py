from tvm_tirx.script import tirx as T


@T.prim_func
def countdown_rows(A: T.Buffer((8, 4), "int32"), remaining: T.int32):
    for row in T.serial(8):
        if row:
            A[row, 0] = A[row - 1, 0] + 1
    steps = T.alloc_buffer((1,), "int32", scope="local")
    steps[0] = remaining
    while steps[0]:
        A[0, 1] = A[0, 1] + steps[0]
        steps[0] = steps[0] - 1
