from tvm_tirx.script import tirx as T


@T.function
def send_row_starts(Rows: T.Tensor((4, 16), T.float32), Staging: T.Tensor((64,), T.int8, scope="shared")):
    for r in range(4):
        T.call_extern("int32", "dma_send_row", T.address_of(Rows[r, 0]), 16)
    T.call_extern("int32", "dma_flush", T.address_of(Staging[0]))
