"""`tvm.script`: the TVMScript entry points and namespaces of `tvm_tirx.script`."""

from tvm_tirx.script import *  # noqa: F401,F403 - the facade re-exports everything
from tvm_tirx.script import __all__  # noqa: F401
