"""``tvm-lsp check`` on a device kernel in Apache TVM's spelling (issue 23, item 2): the file is
analysed untrusted, as an editor opens it; the built members report nothing, a member an oracle
records but ours does not build is one information (at that member: `T.ptx.tcgen05`), an
unknown member one error."""

from __future__ import annotations

import json
import subprocess

from lsp_server_client import SERVER

KERNEL = '''from tvm.script import tirx as T


@T.prim_func
def kernel(A: T.Buffer((256,), "float32"), bar: T.handle):
    T.device_entry()
    bx = T.cta_id([2])
    tx = T.thread_id([128])
    T.cuda.cta_sync()
    if T.cuda.elect_sync():
        T.cuda.mbarrier_wait(bar, 0)
    A[bx * 128 + tx] = T.cuda.warp_sum(A[tx])
    T.ptx.fence.proxy.async_.shared__cta()
    T.ptx.tcgen05.fence.before_thread_sync()
    T.cuda.cta_synk()
'''


def test_a_device_kernel_is_checked_untrusted(tmp_path) -> None:
    path = tmp_path / "kernel.py"
    path.write_text(KERNEL)
    result = subprocess.run([str(SERVER), "check", "--output-format", "json", "--exit-zero",
                             str(path)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    found = [(d["line"], d["column"], d["severity"], d["code"], d["message"])
             for d in json.loads(result.stdout)]
    assert found == [
        (14, 5, "info", "not-implemented-error",
         "`T.ptx.tcgen05` is not analysed yet: it is a member of `T` in apache-tvm-tirx 0.1.0a4 "
         "and apache-tvm 0.27.0.post1, which this frontend does not build yet"),
        (15, 5, "error", "attribute-error",
         "`T.cuda.cta_synk` is not a member of `T.cuda`; did you mean `T.cuda.cta_sync`?"),
    ]
