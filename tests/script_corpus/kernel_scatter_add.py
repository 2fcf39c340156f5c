from tvm_tirx.script import tirx as T


@T.function
def scatter_add(Updates: T.Tensor((200,), T.float32), Index: T.Tensor((200,), T.int32), Target: T.Tensor((64,), T.float32)):
    for i in range(200):
        Target[Index[i]] = Target[Index[i]] + Updates[i]
