from tvm_tirx.script import tirx as T


@T.prim_func
def wmma_tile(A: T.Buffer((16, 16), "float16"), B: T.Buffer((16, 16), "float16"), C: T.Buffer((16, 16), "float32"), Bits: T.Buffer((16, 16), "int32")):
    a_frag = T.alloc_buffer((16, 16), "float16", scope="wmma.matrix_a")
    b_frag = T.alloc_buffer((16, 16), "float16", scope="wmma.matrix_b")
    acc = T.alloc_buffer((16, 16), "float32", scope="wmma.accumulator")
    bit_acc = T.alloc_buffer((16, 16), "int32", scope="wmma.accumulator")
    T.tvm_fill_fragment(acc.data, 16, 16, 16, 0, T.float32(0))
    T.tvm_load_matrix_sync(a_frag.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float16"), A.data, 0, 256, 1), 16, "row_major")
    T.tvm_load_matrix_sync(b_frag.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float16"), B.data, 0, 256, 1), 16, "col_major")
    T.tvm_mma_sync(acc.data, 0, a_frag.data, 0, b_frag.data, 0, acc.data, 0)
    T.tvm_store_matrix_sync(acc.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("float32"), C.data, 0, 256, 2), 16, "row_major")
    T.tvm_bmma_sync(bit_acc.data, 0, a_frag.data, 0, b_frag.data, 0, bit_acc.data, 0)
    T.tvm_store_matrix_sync(bit_acc.data, 16, 16, 16, 0, T.tvm_access_ptr(T.type_annotation("int32"), Bits.data, 0, 256, 2), 16, "row_major")
