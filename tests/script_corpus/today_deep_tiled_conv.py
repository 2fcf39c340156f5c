from tvm_tirx.script import tirx as T


@T.prim_func
def tiled_depthwise_conv(Image: T.Buffer((2, 16, 16, 8), "float32"), Kernel: T.Buffer((3, 3, 8), "float32"), Out: T.Buffer((2, 14, 14, 8), "float32")):
    tile_x = T.env_thread("blockIdx.x")
    lane = T.env_thread("threadIdx.x")
    T.launch_thread(tile_x, 2)
    acc = T.decl_buffer([4], "float32", scope="local")
    window = T.decl_buffer([9], "float32", scope="local")
    T.launch_thread(lane, 8)
    for row_tile, col_tile, row_inner, col_inner in T.grid(7, 7, 2, 2):
        acc[row_inner * 2 + col_inner] = T.float32(0)
        for ky, kx in T.grid(3, 3):
            window[ky * 3 + kx] = Image[tile_x, row_tile * 2 + row_inner + ky, col_tile * 2 + col_inner + kx, lane]
            for tap in range(1):
                if ky < 3:
                    acc[row_inner * 2 + col_inner] = acc[row_inner * 2 + col_inner] + window[ky * 3 + kx + tap] * Kernel[ky, kx, lane]
        Out[tile_x, row_tile * 2 + row_inner, col_tile * 2 + col_inner, lane] = acc[row_inner * 2 + col_inner]
