from tvm_tirx.script import tirx as T


@T.function
def strided_fill(Out: T.Tensor((T.int64(512),), T.float16)):
    with T.launch_thread("vthread", T.int64(4)) as vt:
        with T.launch_thread("threadIdx.x", T.int64(128)) as tid:
            Out[vt * T.int64(128) + tid] = T.float16(0)
    with T.launch_thread("blockIdx.x", 1):
        Out[T.int64(0)] = T.float16(1)
