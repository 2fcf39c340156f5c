from tvm_tirx.script import tirx as T


@T.function
def relax_until_stable(Changed: T.Tensor((1,), T.bool), Dist: T.Tensor((32,), T.int32)):
    while Changed[0]:
        Changed[0] = False
        for i in range(1, 32):
            if Dist[i - 1] + 1 < Dist[i]:
                Dist[i] = Dist[i - 1] + 1
                Changed[0] = True
