from tvm_tirx.script import tirx as T


@T.function
def hash_mix(Keys: T.Tensor((256,), T.uint64), Hashes: T.Tensor((256,), T.uint64)):
    for i in range(256):
        Hashes[i] = (Keys[i] ^ (Keys[i] >> T.uint64(33))) * T.uint64(1099511628211)
