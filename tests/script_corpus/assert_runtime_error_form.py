from tvm_tirx.script import tirx as T


@T.function
def bounded_fill(Out: T.Tensor((256,), T.float32), count: T.int32, value: T.float32):
    assert count >= 0
    assert count <= 256, ("RuntimeError", ["count exceeds the output length"])
    for i in range(count):
        Out[i] = value
