from tvm_tirx.script import tirx as T


@T.function
def call_scale_kernel(Data: T.Tensor((64,), T.float32), rows: T.int32):
    shape = T.stack_make_shape(rows, 64 // rows)
    tensor = T.stack_make_dltensor(Data.data, shape, 0, 2, T.float32, 0)
    args = T.stack_alloca("arg_value", 2)
    codes = T.stack_alloca("arg_tcode", 2)
    T.abi_field_set(args, 0, 12, tensor)
    T.abi_field_set(args, 1, 12, rows)
    ndim: T.let[T.int32] = T.abi_field_get(tensor, 0, 4, ty=T.int32)
    cache = T.static_handle(ty=T.Ptr(T.void))
    T.call_extern("int32", "scale_kernel", args, codes, ndim, cache)
