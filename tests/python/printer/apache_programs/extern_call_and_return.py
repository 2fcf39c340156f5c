from tvm_tirx.script import tirx as T


@T.prim_func
def checksum(Data: T.Buffer((256,), "uint8")) -> T.int32:
    total: T.let[T.int32] = T.call_extern("int32", "crc32_bytes", Data.data, 256)
    return total
