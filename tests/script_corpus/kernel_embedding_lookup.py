from tvm_tirx.script import tirx as T


@T.function
def embedding_lookup(Table: T.Tensor((30000, 256), T.float16), TokenIds: T.Tensor((128,), T.int32), Embedded: T.Tensor((128, 256), T.float16)):
    for t, d in T.grid(128, 256):
        Embedded[t, d] = Table[TokenIds[t], d]
