from tvm_tirx.script import tirx as T


@T.function
def crop_center(Image: T.Tensor((256, 256), T.float32), Crop: T.Tensor((224, 224), T.float32)):
    for y, x in T.grid(224, 224):
        Crop[y, x] = Image[y + 16, x + 16]
