from tvm_tirx.script import tirx as T


@T.function
def ring_buffer_index(Head: T.Tensor((64,), T.int32), Slot: T.Tensor((64,), T.int32)):
    for i in range(64):
        Slot[i] = (Head[i] + i) % 16
