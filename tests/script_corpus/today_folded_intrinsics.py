from tvm_tirx.script import tirx as T


@T.prim_func
def tail_chunks(A: T.Buffer((16,), "float32"), Limits: T.Buffer((2,), "int32")):
    Limits[0] = T.min(14, 16)
    Limits[1] = T.max(0, 3)
    for chunk in T.serial(T.ceildiv(14, 4)):
        for lane in T.serial(4):
            if chunk * 4 + lane < 14:
                A[chunk * 4 + lane] = A[chunk * 4 + lane] + T.max(0.5, 1)
