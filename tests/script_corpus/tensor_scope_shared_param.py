from tvm_tirx.script import tirx as T


@T.function
def copy_from_shared(Staged: T.Tensor((256,), T.float16, scope="shared"), Out: T.Tensor((256,), T.float16)):
    for i in range(256):
        Out[i] = Staged[i]
