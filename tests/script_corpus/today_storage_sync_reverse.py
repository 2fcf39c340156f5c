from tvm_tirx.script import tirx as T


@T.prim_func
def reverse_block(Data: T.Buffer((256,), "float32"), Out: T.Buffer((256,), "float32")):
    block = T.launch_thread("blockIdx.x", 2)
    tx = T.launch_thread("threadIdx.x", 128)
    tile = T.alloc_buffer((128,), "float32", scope="shared")
    tile[tx] = Data[block * 128 + tx]
    T.tvm_storage_sync("shared")
    Out[block * 128 + tx] = tile[127 - tx]
