from tvm_tirx.script import tirx as T


@T.function
def bump_counter(counter_ptr: T.handle, step: T.int32):
    counter = T.decl_scalar("int32", counter_ptr, "global")
    counter = counter + step
