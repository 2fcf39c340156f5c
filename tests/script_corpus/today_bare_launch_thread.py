from tvm_tirx.script import tirx as T


@T.prim_func
def gather_rows(Table: T.Buffer((16, 64), "int32"), Rows: T.Buffer((16,), "int32"), Out: T.Buffer((16, 64), "int32")):
    blockIdx_x = T.launch_thread("blockIdx.x", 16)
    threadIdx_x = T.launch_thread("threadIdx.x", 64)
    Out[blockIdx_x, threadIdx_x] = Table[Rows[blockIdx_x], threadIdx_x]
