from tvm_tirx.script import tirx as T


@T.function
def row_ends_sum(Row: T.Tensor((8,), T.float32)):
    result_type = T.func_ret(T.float32)
    return Row[0] + Row[7]
