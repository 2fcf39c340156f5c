from tvm_tirx.script import tirx as T


@T.function
def lookup_table(Table: T.Tensor((256,), T.float32), Codes: T.Tensor((64,), T.uint8), Out: T.Tensor((64,), T.float32)):
    for i in range(64):
        Out[i] = Table[Codes[i]]
