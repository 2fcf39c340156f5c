from tvm_tirx.script import tirx as T


@T.prim_func
def stage_and_reverse(Data: T.Buffer((512,), "float32"), Out: T.Buffer((512,), "float32")):
    bx = T.launch_thread("blockIdx.x", 4)
    tx = T.launch_thread("threadIdx.x", 128)
    tile = T.alloc_buffer((128,), "float32", scope="shared")
    tile[tx] = Data[bx * 128 + tx]
    T.tvm_storage_sync("shared")
    Out[bx * 128 + tx] = tile[127 - tx]
