from tvm_tirx.script import tirx as T


@T.function
def count_scalable_chunks(Out: T.Tensor((1,), T.int32), n: T.int32):
    Out[0] = T.ceildiv(n, T.vscale() * 4)
