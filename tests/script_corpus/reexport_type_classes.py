from tvm_tirx.script import tirx as T


@T.function
def first_last(label: T.String(), A: T.Tensor((16,), T.int32)) -> T.Tuple(T.int32, T.int32):
    T.evaluate(T.call_extern("log_label", label, ty=T.int32))
    return (A[0], A[15])
