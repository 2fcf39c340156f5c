from tvm_tirx.script import tirx as T


@T.function
def scale_rows(Src: T.Tensor((64, 256), T.float32), Dst: T.Tensor((64, 256), T.float32)):
    with T.launch_thread("blockIdx.x", 64) as row:
        with T.launch_thread("threadIdx.x", 256) as lane:
            Dst[row, lane] = Src[row, lane] * T.float32(0.5)
