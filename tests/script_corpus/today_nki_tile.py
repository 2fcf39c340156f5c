from tvm_tirx.script import tirx as T


@T.prim_func
def nki_gelu_tile(X: T.Buffer((128, 512), "float32"), W: T.Buffer((128, 512), "float32"), Out: T.Buffer((128, 512), "float32")):
    x_sb = T.alloc_buffer((128, 512), "float32", scope="trn.sbuf")
    w_sb = T.alloc_buffer((128, 512), "float32", scope="trn.sbuf")
    acc = T.alloc_buffer((128, 512), "float32", scope="trn.psum")
    row_sum = T.alloc_buffer((128, 1), "float32", scope="trn.sbuf")
    eye = T.alloc_buffer((128, 128), "float32", scope="trn.sbuf")
    for p, f in T.grid(128, 512):
        T.nki.load(x_sb[p, f], X[p, f])
        T.nki.load(w_sb[p, f], W[p, f])
        T.nki.memset(acc[p, f], T.float32(0))
        T.nki.identity(eye[p, 0], 128)
        T.nki.matmul(acc[p, f], x_sb[p, f], w_sb[p, f])
        T.nki.matmul(acc[p, f], x_sb[p, f], w_sb[p, f], accum=False)
        T.nki.tensor_copy(x_sb[p, f], acc[p, f])
        T.nki.activation(x_sb[p, f], x_sb[p, f], "gelu", scale=T.float32(1.5))
        T.nki.activation_reduce(row_sum[p, 0], x_sb[p, f], x_sb[p, f], "exp", "add")
        T.nki.reciprocal(row_sum[p, 0], row_sum[p, 0])
        T.nki.tensorscalar(x_sb[p, f], x_sb[p, f], row_sum[p, 0], "multiply")
        T.nki.tensortensor(x_sb[p, f], x_sb[p, f], w_sb[p, f], "add")
        T.nki.tensorscalar_reduce(row_sum[p, 0], x_sb[p, f], x_sb[p, f], T.float32(2), "multiply", "add")
        T.nki.scalar_tensor_tensor(x_sb[p, f], x_sb[p, f], T.float32(0.5), w_sb[p, f], "multiply", "add")
        T.nki.scalar_tensor_scalar(x_sb[p, f], x_sb[p, f], T.float32(2), T.float32(1), "multiply", "subtract", reverse1=True)
        T.nki.affine_select(x_sb[p, f], p < f, x_sb[p, f], T.float32(0))
        T.nki.tensorreduce(row_sum[p, 0], x_sb[p, f], "max", False, 1)
        T.nki.store(Out[p, f], x_sb[p, f])
