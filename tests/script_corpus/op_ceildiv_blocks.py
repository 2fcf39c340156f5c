from tvm_tirx.script import tirx as T


@T.function
def block_count(length: T.int32, num_blocks: T.Tensor((1,), T.int32)):
    num_blocks[0] = T.ceildiv(length, 128)
