from tvm_tirx.script import tirx as T


@T.function
def tagged_buffer(dst: T.Tensor((8,), T.float32)):
    stage = T.alloc_local((8,), "float32", annotations={0: "first"})
    for i in range(8):
        stage[i] = T.float32(0)
        dst[i] = stage[i]
