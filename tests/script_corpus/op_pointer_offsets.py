from tvm_tirx.script import tirx as T


@T.function
def tail_view(A: T.Tensor((64,), T.float32), n: T.int32):
    T.static_assert(True, "a tail view needs no runtime check")
    tail: T.let[T.Ptr(T.void)] = T.handle_add_byte_offset(A.data, n * 4)
    bytes_view: T.let[T.Ptr(T.int8)] = T.ptr_byte_offset(A.data, 16, ty=T.Ptr(T.int8))
    T.call_extern("int32", "consume", tail, bytes_view)
