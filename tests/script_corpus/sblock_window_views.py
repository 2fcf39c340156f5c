from tvm_tirx.script import tirx as T


@T.prim_func(s_tir=True)
def window_views(Img: T.Buffer((20, 20), "int32"), Sums: T.Buffer((18, 18), "int32")):
    for y, x in T.grid(18, 18):
        with T.sblock("window"):
            vy = T.axis.spatial((0, 18), y)
            vx = T.axis.spatial(18, x)
            T.where(y + x < 30)
            T.reads(Img[vy:vy + 3, vx:vx + 3])
            T.writes(Sums[vy, vx])
            T.sblock_attr({"kind": "stencil"})
            patch = T.match_buffer(Img[vy:vy + 3, vx:vx + 3], (3, 3), "int32")
            with T.sblock("corner"):
                Sums[vy, vx] = patch[0, 0] + patch[2, 2]
    for k in range(17):
        with T.sblock("prefix"):
            vk = T.axis.scan((1, 18), k + 1)
            vo = T.axis.opaque(18, k)
            Sums[vk, 0] = Sums[vk - 1, 0] + vo
