"""The worker's second wall, attacked from inside (issue 22, item 3).

Every test here runs Python inside the sandboxed worker through the `test-eval` hook, as an
attacker who got code running in an analysis would, and asserts how each attempt is refused:
EPERM from the seccomp filter, EACCES from Landlock, EBADF for a descriptor the worker closed.
The wall must hold alone: nothing here relies on the frontend's own refusals.
"""

from __future__ import annotations

import ast
import ctypes
import json
import os
import pathlib
import platform
import re
import shlex
import subprocess
import sys
import textwrap
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO / "lsp" / "protocol"))

from worker_pipe import Worker  # noqa: E402

WORKER = pathlib.Path(os.environ["TVM_LSP_BUILD_DIR"]) / "lsp" / "tvm-lsp-worker"
INNOCENT = ("from tvm_tirx.script import tirx as T\n\n@T.function\n"
            "def f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1\n")
FORGED = b'Content-Length: 40\r\n\r\n{"id": 1, "result": {"forged": "frame"}}'


def _kernel_landlock_abi() -> int:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    # landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)
    return max(int(libc.syscall(ctypes.c_long(444), None, ctypes.c_long(0), ctypes.c_long(1))), 0)


LANDLOCK_ABI = _kernel_landlock_abi() if platform.machine() == "x86_64" else 0

pytestmark = pytest.mark.skipif(
    platform.machine() != "x86_64",
    reason="the raw system call numbers in these attacks are x86_64's")
# Landlock does not check opening with O_PATH, which gives a descriptor that cannot be read or
# written (here of a socket); this is what such an open of /proc/self/fd/N gives after close(1).
O_PATH_REOPEN = ("ok", 1)
needs_landlock = pytest.mark.skipif(
    LANDLOCK_ABI == 0, reason="the kernel has no Landlock: reads cannot be confined here")

# What every attack has at hand: raw system calls through ctypes, and a way to say how a call
# failed (the errno's name, or the exception's type when it was not an OSError).
PRELUDE = '''
import ctypes, errno, fcntl, os, signal, socket, stat
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

def raw(number, *args):
    ctypes.set_errno(0)
    value = libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
    return errno.errorcode[ctypes.get_errno()] if value == -1 else ("ok", value)

def attempt(call, *args, **keywords):
    try:
        return ("ok", call(*args, **keywords))
    except OSError as error:
        return errno.errorcode[error.errno] if error.errno else type(error).__name__

def protocol():
    """The protocol's descriptors, whichever is which: the only ones above 2."""
    return [fd for fd in range(3, 1024) if attempt(os.fstat, fd) != "EBADF"]
'''


def run(worker: Worker, source: str):
    """Runs `source` inside the worker; the value it leaves in `result`, read back exactly."""
    program = PRELUDE + textwrap.dedent(source)
    expression = f"(lambda g: (exec({program!r}, g), repr(g['result']))[1])({{}})"
    answer = worker.reply(worker.send("test-eval", {"expression": expression}))
    value = answer["result"]["value"]
    try:
        return ast.literal_eval(value)
    except (ValueError, SyntaxError):
        raise AssertionError(f"the attack itself failed: {value}") from None


def start(tmp_path: pathlib.Path, *args: str, fds: str = "", stderr: str = "") -> Worker:
    """A sandboxed worker with test hooks whose HOME is a fresh folder holding `secret.txt`,
    started through a shell that may first open extra descriptors (`fds`, shell redirections
    the worker inherits) and send its stderr to a file."""
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    (home / "secret.txt").write_text("the user's secret\n")
    redirect = f"exec {fds}\n" if fds else ""
    log = f"exec 2>{shlex.quote(stderr)}\n" if stderr else ""
    command = " ".join(shlex.quote(part) for part in
                       [str(WORKER), "--enable-test-hooks", *args])
    script = f"{log}{redirect}HOME={shlex.quote(str(home))} exec {command}"
    return Worker(pathlib.Path("/bin/sh"), "-c", script)


def read_until(worker: Worker, request: int) -> list:
    """Every message the reader receives up to and including the reply to `request`."""
    messages = []
    while not messages or messages[-1].get("id") != request:
        messages.append(worker.read())
    return messages


def relay_of(worker: Worker) -> int:
    """The pid of the worker's relay, its only child."""
    pid = worker.process.pid
    children = pathlib.Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def closed_log(worker: Worker, log: pathlib.Path) -> str:
    """Closes `worker` and returns its log once the relay has copied the last of it (the
    relay ends after the worker: gone or a zombie)."""
    relay = relay_of(worker)
    worker.close()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            state = pathlib.Path(f"/proc/{relay}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            break
        if state in ("Z", "X"):
            break
        time.sleep(0.01)
    return log.read_text()


def analyses_innocent_text(worker: Worker) -> bool:
    worker.reply(worker.send("open", {"uri": "file:///innocent.py", "version": 1,
                                      "text": INNOCENT}))
    result = worker.analyze("file:///innocent.py", 1)
    worker.reply(worker.send("close", {"uri": "file:///innocent.py"}))
    definition = result["result"]["definitions"][0]
    return (result["status"] == "done" and result["result"]["diagnostics"] == [] and
            definition["canonical_text"] ==
            "@T.function\ndef f(A: T.Tensor((4,), T.int32)):\n    A[0] = 1")


@pytest.fixture(scope="module")
def allowed(tmp_path_factory) -> pathlib.Path:
    """A folder on the worker's Python path (`--python-path`): readable, never writable."""
    folder = tmp_path_factory.mktemp("allowed")
    (folder / "mine.py").write_text("VALUE = 1\n")
    return folder


@pytest.fixture(scope="module")
def worker(tmp_path_factory, allowed):
    process = start(tmp_path_factory.mktemp("wall"), "--python-path", str(allowed))
    assert process.ready["sandboxed"] is True and process.ready["sandbox_error"] == ""
    yield process
    process.close()


def test_ready_reports_landlock_with_the_kernel_s_abi(worker) -> None:
    if LANDLOCK_ABI == 0:
        assert worker.ready["landlock"] == (
            "unavailable (landlock_create_ruleset): Function not implemented")
        return
    match = re.fullmatch(r"enforced \(ABI (\d+)\): reads (\d+) folders and (\d+) mapped files",
                         worker.ready["landlock"])
    assert match, worker.ready["landlock"]
    assert int(match[1]) == LANDLOCK_ABI
    # At least the standard library, its extension modules and our --python-path folder; at
    # least the worker, libpython, libc and the bridge.
    assert int(match[2]) >= 3 and int(match[3]) >= 4


def test_every_other_inherited_descriptor_is_closed(tmp_path) -> None:
    leak = tmp_path / "leak.txt"
    leak.write_text("")
    # 7: a writable file, 8: a copy of the protocol's output pipe, 9: a readable secret.
    fds = f"7>>{shlex.quote(str(leak))} 8>&1 9</etc/hostname"
    log = tmp_path / "worker.log"
    process = start(tmp_path, fds=fds, stderr=str(log))
    try:
        result = run(process, '''
            open_fds = [fd for fd in range(4096) if attempt(os.fstat, fd) != "EBADF"]
            result = (open_fds, attempt(os.write, 7, b"leaked"), attempt(os.fstat, 7),
                      attempt(os.fstat, 8), attempt(os.read, 9, 10), len(protocol()))
            ''')
        assert result == ([0, 1, 2, 3, 4], "EPERM", "EBADF", "EBADF", "EBADF", 2)
        assert leak.read_text() == ""
        assert analyses_innocent_text(process)
        text = closed_log(process, log)
    finally:
        process.close()
    closed = [line for line in text.splitlines() if "closed inherited" in line]
    assert len(closed) == 1
    assert re.fullmatch(r"tvm-lsp-worker: closed inherited descriptors: "
                        rf"7 \({re.escape(str(leak))}\), 8 \(pipe:\[\d+\]\), 9 \(/etc/hostname\)",
                        closed[0]), closed


def test_descriptors_cannot_be_duplicated_or_made(worker, allowed) -> None:
    result = run(worker, '''
        source = protocol()[-1]
        proc_self = os.open("/proc/self", os.O_PATH)  # Landlock does not check O_PATH
        result = {
            "dup": attempt(os.dup, source),
            "dup2": attempt(os.dup2, source, 1),
            "dup3": raw(292, source, 1, os.O_CLOEXEC),
            "fcntl F_DUPFD": attempt(fcntl.fcntl, source, fcntl.F_DUPFD, 1),
            "fcntl F_DUPFD_CLOEXEC": attempt(fcntl.fcntl, source, fcntl.F_DUPFD_CLOEXEC, 1),
            "fcntl F_SETOWN": attempt(fcntl.fcntl, 0, fcntl.F_SETOWN, os.getppid()),
            "raw F_DUPFD with high bits": raw(72, source, (1 << 32) | fcntl.F_DUPFD, 1),
            "open /proc/self/fd/N": attempt(os.open, "/proc/self/fd/%d" % source, os.O_RDONLY),
            "open /proc/self/fd/N for writing":
                attempt(os.open, "/proc/self/fd/%d" % source, os.O_WRONLY),
            "open /dev/fd/N": attempt(os.open, "/dev/fd/%d" % source, os.O_RDONLY),
            "list /proc/self/fd": attempt(os.listdir, "/proc/self/fd"),
            "openat fd/N under /proc/self": attempt(
                os.open, "fd/%d" % source, os.O_RDONLY, dir_fd=proc_self),
            "pipe": attempt(os.pipe),
            "pipe2": attempt(os.pipe2, 0),
            "socketpair": attempt(socket.socketpair),
            "memfd_create": attempt(os.memfd_create, "x"),
            "eventfd": attempt(os.eventfd, 0),
            "eventfd2": raw(290, 0, 0),
            "pidfd_open": raw(434, os.getpid(), 0),
            "pidfd_getfd": raw(438, 0, source, 0),
            "open_by_handle_at": raw(304, 0, 0, 0),
            "name_to_handle_at": raw(303, 0, 0, 0, 0, 0),
            "io_uring_setup": raw(425, 8, 0),
            "io_uring_enter": raw(426, 0, 0, 0, 0, 0, 0),
            "io_uring_register": raw(427, 0, 0, 0, 0),
            "userfaultfd": raw(323, 0),
            "openat2": raw(437, -100, 0, 0, 0),
            "open": raw(2, 0, 0),
            "sendmsg (SCM_RIGHTS)": raw(46, source, 0, 0),
            "recvmsg (SCM_RIGHTS)": raw(47, source, 0, 0),
        }
        os.close(proc_self)
        ''')
    assert result == {
        **{name: "EPERM" for name in result},
        # The protocol's descriptors are sockets (the relay keeps the pipes), which no path
        # opens; Landlock would not stop it: the link leads outside the file system it checks.
        "open /proc/self/fd/N": "ENXIO", "open /dev/fd/N": "ENXIO",
        "openat fd/N under /proc/self": "ENXIO",
        # Listing /proc is Landlock's refusal (EACCES); without it the listing would work.
        "list /proc/self/fd": "EACCES" if LANDLOCK_ABI else ("ok", ["0", "1", "2", "3", "4"]),
    }




def test_the_pipes_are_in_the_relay_out_of_reach(worker) -> None:
    relay = relay_of(worker)
    # The test can see the relay holds the pipes (and stderr, /dev/null here: worker_pipe.py
    # starts the worker so), and the worker only sockets.
    assert [os.readlink(f"/proc/{relay}/fd/{fd}")[:5] for fd in (0, 1, 2)] == \
        ["pipe:", "pipe:", "/dev/"]
    result = run(worker, f'''
        result = {{
            "kinds": [stat.S_ISSOCK(os.fstat(fd).st_mode) for fd in [1, 2] + protocol()],
            "reopen the log": attempt(os.open, "/proc/self/fd/2", os.O_RDONLY),
            "relay's fd 0": attempt(os.open, "/proc/{relay}/fd/0", os.O_RDONLY),
            "relay's fd 1": attempt(os.open, "/proc/{relay}/fd/1", os.O_RDONLY),
            "relay's fd 1 by O_PATH": attempt(os.open, "/proc/{relay}/fd/1", os.O_PATH),
            "the test's fd 0": attempt(os.open, "/proc/{os.getpid()}/fd/0", os.O_RDONLY),
            "the parent's fds": attempt(os.listdir, "/proc/%d/fd" % os.getppid()),
        }}
        ''')
    # Landlock refuses every /proc entry of a process outside the worker's domain (EACCES).
    # The log (fds 1 and 2) is a socket too, which the relay copies to the real stderr.
    assert result == {"kinds": [True] * 4, "reopen the log": "ENXIO", "relay's fd 0": "EACCES",
                      "relay's fd 1": "EACCES", "relay's fd 1 by O_PATH": "EACCES",
                      "the test's fd 0": "EACCES", "the parent's fds": "EACCES"}


def test_no_descriptor_but_the_log_can_be_written(worker) -> None:
    # The protocol's two sockets cannot be written, closed or shut down from Python (the
    # thread that runs it has a filter of its own), nor can anything else be written to.
    result = run(worker, f'''
        frame = {FORGED!r}
        result = {{
            "pipes": [attempt(os.write, fd, frame) for fd in protocol()],
            "stdin": attempt(os.write, 0, frame),
            "unopened": attempt(os.write, 57, frame),
            "writev": [attempt(os.writev, fd, [frame]) for fd in protocol()],
            "pwrite": [attempt(os.pwrite, fd, frame, 0) for fd in protocol()],
            "sendfile": raw(40, protocol()[-1], 0, 0, 1),
            "splice": raw(275, 0, 0, protocol()[-1], 0, 1, 0),
            "tee": raw(276, protocol()[0], protocol()[-1], 1, 0),
            "vmsplice": raw(278, protocol()[-1], 0, 0, 0),
            "copy_file_range": raw(326, 0, 0, protocol()[-1], 0, 1, 0),
            "pwritev2": raw(328, protocol()[-1], 0, 0, 0, 0, 0),
            "io_setup": raw(206, 1, 0),
            "close a pipe": [attempt(os.close, fd) for fd in protocol()],
            "close_range over them": raw(436, protocol()[0], protocol()[-1], 0),
            "shutdown": [raw(48, fd, socket.SHUT_RDWR) for fd in protocol()],
        }}
        ''')
    assert result == {
        "pipes": ["EPERM", "EPERM"], "stdin": "EPERM", "unopened": "EPERM",
        "writev": ["EPERM", "EPERM"], "pwrite": ["EPERM", "EPERM"], "sendfile": "EPERM",
        "splice": "EPERM", "tee": "EPERM", "vmsplice": "EPERM", "copy_file_range": "EPERM",
        "pwritev2": "EPERM", "io_setup": "EPERM", "close a pipe": ["EPERM", "EPERM"],
        "close_range over them": "EPERM", "shutdown": ["EPERM", "EPERM"],
    }
    assert analyses_innocent_text(worker)


@needs_landlock
def test_no_file_outside_the_list_can_be_read(worker, tmp_path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not for the worker\n")
    result = run(worker, f'''
        home = os.environ["HOME"]
        result = {{
            "home secret": attempt(lambda: open(home + "/secret.txt").read()),
            "list home": attempt(os.listdir, home),
            "a file in /tmp": attempt(lambda: open({str(outside)!r}).read()),
            "/etc/hostname": attempt(lambda: open("/etc/hostname").read()),
            "/etc/passwd": attempt(lambda: open("/etc/passwd").read()),
            "/proc/self/environ": attempt(lambda: open("/proc/self/environ", "rb").read()),
            "/proc/self/mem": attempt(os.open, "/proc/self/mem", os.O_RDONLY),
            "/proc/self/maps": attempt(lambda: open("/proc/self/maps").read()),
            "list /": attempt(os.listdir, "/"),
            "list /etc": attempt(os.listdir, "/etc"),
            "/root": attempt(os.listdir, "/root"),
        }}
        ''')
    assert result == {name: "EACCES" for name in result}


@needs_landlock
def test_a_python_path_holding_the_home_is_not_granted(tmp_path) -> None:
    # --python-path names the folder that holds HOME (tmp_path/home): granting it would open
    # the home. It is skipped, and said so.
    log = tmp_path / "worker.log"
    process = start(tmp_path, "--python-path", str(tmp_path), stderr=str(log))
    try:
        result = run(process, '''
            home = os.environ["HOME"]
            result = (attempt(lambda: open(home + "/secret.txt").read()),
                      attempt(os.listdir, os.path.dirname(home)))
            ''')
        assert result == ("EACCES", "EACCES")
        text = closed_log(process, log)
    finally:
        process.close()
    assert text == (f"tvm-lsp-worker: Landlock did not grant: {tmp_path} (it holds the home "
                    "folder)\n")


def test_nothing_can_be_written_renamed_or_deleted(worker, allowed, tmp_path) -> None:
    mine = allowed / "mine.py"
    outside = tmp_path / "outside.txt"
    outside.write_text("kept\n")
    result = run(worker, f'''
        mine, outside = {str(mine)!r}, {str(outside)!r}
        result = {{
            "read mine": attempt(lambda: open(mine).read()),
            "append to mine": attempt(open, mine, "a"),
            "open mine r+": attempt(open, mine, "r+"),
            "truncate mine": attempt(os.truncate, mine, 0),
            "rename mine": attempt(os.rename, mine, mine + ".moved"),
            "delete mine": attempt(os.remove, mine),
            "link mine": attempt(os.link, mine, mine + ".linked"),
            "chmod mine": attempt(os.chmod, mine, 0o777),
            "create next to mine": attempt(open, mine + ".new", "x"),
            "mkdir next to mine": attempt(os.mkdir, mine + ".folder"),
            "symlink next to mine": attempt(os.symlink, outside, mine + ".link"),
            "mkfifo next to mine": attempt(os.mkfifo, mine + ".fifo"),
            "write outside": attempt(open, outside, "w"),
            "delete outside": attempt(os.remove, outside),
            "rename outside": attempt(os.rename, outside, outside + ".moved"),
            "creat": raw(85, 0, 0o644),
        }}
        ''')
    assert result == {**{name: "EPERM" for name in result},
                      "read mine": ("ok", "VALUE = 1\n")}
    assert mine.read_text() == "VALUE = 1\n" and outside.read_text() == "kept\n"
    assert sorted(p.name for p in allowed.iterdir()) == ["mine.py"]


def test_no_process_can_be_started(worker, tmp_path) -> None:
    canary = tmp_path / "ran"
    touch = f"touch {shlex.quote(str(canary))}"
    result = run(worker, f'''
        import subprocess
        result = {{
            "fork": attempt(os.fork),
            "vfork": raw(58),
            "raw fork": raw(57),
            "clone without CLONE_THREAD": raw(56, signal.SIGCHLD, 0, 0, 0, 0),
            "clone3": raw(435, 0, 0),
            "posix_spawn": attempt(os.posix_spawn, "/bin/sh", ["sh", "-c", {touch!r}], {{}}),
            "subprocess": attempt(subprocess.run, ["/bin/sh", "-c", {touch!r}]),
            "os.system": os.system({touch!r}),
            "execve": attempt(os.execv, "/bin/sh", ["sh", "-c", {touch!r}]),
            "execveat": raw(322, -100, 0, 0, 0, 0),
            "ptrace": raw(101, 16, os.getppid(), 0, 0),
            "process_vm_readv": raw(310, os.getppid(), 0, 0, 0, 0, 0),
            "process_vm_writev": raw(311, os.getppid(), 0, 0, 0, 0, 0),
        }}
        ''')
    assert result == {
        **{name: "EPERM" for name in result},
        # clone3 keeps its flags in memory a filter cannot read: ENOSYS sends glibc to clone.
        "clone3": "ENOSYS",
        # system() reports a shell that could not start as exit status 127.
        "os.system": 127 << 8,
    }
    assert not canary.exists()


def test_no_socket_can_be_opened(worker) -> None:
    result = run(worker, '''
        result = {
            "AF_INET": attempt(socket.socket, socket.AF_INET, socket.SOCK_STREAM),
            "AF_INET6": attempt(socket.socket, socket.AF_INET6, socket.SOCK_DGRAM),
            "AF_UNIX": attempt(socket.socket, socket.AF_UNIX, socket.SOCK_STREAM),
            "AF_NETLINK": attempt(socket.socket, socket.AF_NETLINK, socket.SOCK_RAW, 0),
            "connect": attempt(socket.create_connection, ("127.0.0.1", 9)),
            "socketpair": attempt(socket.socketpair, socket.AF_UNIX),
        }
        ''')
    assert result == {name: "EPERM" for name in result}


def test_no_signal_reaches_another_process(worker) -> None:
    # Signal 0 only: it is checked exactly as a real signal is, and kills nothing if the wall
    # ever broke (the worker runs as the test's user, maybe root).
    test_pid = os.getpid()
    result = run(worker, f'''
        result = {{
            "kill the test": attempt(os.kill, {test_pid}, 0),
            "kill the parent": attempt(os.kill, os.getppid(), 0),
            "kill everyone": attempt(os.kill, -1, 0),
            "killpg": attempt(os.killpg, 0, 0),
            "tgkill another process": raw(234, {test_pid}, {test_pid}, 0),
            "tkill": raw(200, {test_pid}, 0),
            "rt_sigqueueinfo": raw(129, {test_pid}, 0, 0),
            "rt_tgsigqueueinfo": raw(297, {test_pid}, {test_pid}, 0, 0),
            "pidfd_send_signal": raw(424, 0, 0, 0, 0),
        }}
        ''')
    assert result == {name: "EPERM" for name in result}


def test_the_worker_still_analyses_and_imports_after_the_attacks(worker) -> None:
    # After every attack above (module-scoped worker): a module not imported yet is imported
    # from the standard library, and a document is analysed exactly.
    result = run(worker, '''
        import sys
        before = "colorsys" in sys.modules
        import colorsys
        result = (before, colorsys.rgb_to_hsv(1.0, 0.0, 0.0))
        ''')
    assert result == (False, (0.0, 1.0, 1.0))
    assert analyses_innocent_text(worker)


def test_a_forged_frame_never_reaches_the_reader(tmp_path) -> None:
    # The attack that worked before: close fd 1, duplicate the protocol's output onto it, write
    # a frame. Every way of getting a writable fd 1 on the pipe is tried.
    process = start(tmp_path)
    try:
        # The frame forges a reply to the first request: it would be taken as its answer.
        seen = read_until(process, process.send("test-eval", {"expression": "1"}))
        program = PRELUDE + textwrap.dedent(f'''
            frame = {FORGED!r}
            tries = {{"close 1": attempt(os.close, 1)}}
            for fd in protocol():
                tries["fcntl F_DUPFD %d" % fd] = attempt(fcntl.fcntl, fd, fcntl.F_DUPFD, 1)
                tries["fcntl F_DUPFD_CLOEXEC %d" % fd] = attempt(
                    fcntl.fcntl, fd, fcntl.F_DUPFD_CLOEXEC, 1)
                tries["dup2 %d" % fd] = attempt(os.dup2, fd, 1)
                tries["dup3 %d" % fd] = raw(292, fd, 1, 0)
                tries["reopen %d" % fd] = attempt(os.open, "/proc/self/fd/%d" % fd, os.O_WRONLY)
                tries["O_PATH %d" % fd] = attempt(os.open, "/proc/self/fd/%d" % fd, os.O_PATH)
                tries["write to fd 1 %d" % fd] = attempt(os.write, 1, frame)
                tries["write %d" % fd] = attempt(os.write, fd, frame)
                if isinstance(tries["O_PATH %d" % fd], tuple):
                    os.close(tries["O_PATH %d" % fd][1])
            tries["stderr"] = attempt(os.write, 2, frame)
            result = tries
            ''')
        expression = f"(lambda g: (exec({program!r}, g), repr(g['result']))[1])({{}})"
        attack = read_until(process, process.send("test-eval", {"expression": expression}))
        tries = ast.literal_eval(attack[-1]["result"]["value"])
        # And a request after it: anything written late would arrive before its reply.
        after = read_until(process, process.send("test-eval", {"expression": "2"}))
        assert analyses_innocent_text(process)
    finally:
        process.close()
    pipe_fds = sorted({int(key.split()[-1]) for key in tries if key.startswith("dup2 ")})
    assert len(pipe_fds) == 2
    expected = {"close 1": ("ok", None), "stderr": ("ok", len(FORGED))}
    for fd in pipe_fds:
        expected.update({
            f"fcntl F_DUPFD {fd}": "EPERM", f"fcntl F_DUPFD_CLOEXEC {fd}": "EPERM",
            f"dup2 {fd}": "EPERM", f"dup3 {fd}": "EPERM", f"reopen {fd}": "EPERM",
            f"O_PATH {fd}": O_PATH_REOPEN,
            # fd 1 is closed, or an O_PATH descriptor, which cannot be written.
            f"write to fd 1 {fd}": "EBADF", f"write {fd}": "EPERM",
        })
    assert tries == expected
    # Exactly one reply per request, in order, and nothing else.
    assert [[m.get("id") for m in batch] for batch in (seen, attack, after)] == [[1], [2], [3]]
    assert [m["result"] for m in seen + after] == [{"value": "1"}, {"value": "2"}]
    assert not any(b"forged" in json.dumps(m).encode() for m in seen + attack + after)


def test_a_stderr_that_is_the_protocol_pipe_is_not_a_way_into_it(tmp_path) -> None:
    # A worker started with its stderr on its own stdout (2>&1): its log would be a way into
    # the protocol. The relay's stderr becomes /dev/null before anything else, and what Python
    # writes to the log never arrives as a frame.
    process = start(tmp_path, fds="2>&1")
    try:
        assert os.readlink(f"/proc/{relay_of(process)}/fd/2") == "/dev/null"
        result = run(process, f'''
            frame = {FORGED!r}
            result = (attempt(os.write, 1, frame), attempt(os.write, 2, frame))
            ''')
        assert result == (("ok", len(FORGED)), ("ok", len(FORGED)))
        after = read_until(process, process.send("test-eval", {"expression": "3"}))
        assert after == [{"id": after[-1]["id"], "result": {"value": "3"}, "error": None}]
        assert analyses_innocent_text(process)
    finally:
        process.close()


def test_without_landlock_the_worker_says_so_and_keeps_the_rest(tmp_path) -> None:
    log = tmp_path / "worker.log"
    process = start(tmp_path, "--test-landlock-unavailable", stderr=str(log))
    try:
        assert process.ready["sandboxed"] is True
        assert process.ready["landlock"] == (
            "unavailable (landlock_create_ruleset): Function not implemented")
        result = run(process, '''
            result = (attempt(lambda: len(open("/etc/hostname").read()) > 0),
                      attempt(open, "/etc/hostname", "a"),
                      attempt(fcntl.fcntl, protocol()[-1], fcntl.F_DUPFD, 1),
                      attempt(socket.socket), attempt(os.fork))
            ''')
        # Reads are no longer confined; everything seccomp refuses still is.
        assert result == (("ok", True), "EPERM", "EPERM", "EPERM", "EPERM")
        assert analyses_innocent_text(process)
        text = closed_log(process, log)
    finally:
        process.close()
    assert text == (
        "tvm-lsp-worker: Landlock unavailable (landlock_create_ruleset): Function not "
        "implemented; reads are not confined, the seccomp filter holds alone\n")


def test_a_trusted_worker_has_no_wall(tmp_path) -> None:
    process = Worker(WORKER, "--trusted", "--enable-test-hooks")
    try:
        assert process.ready["landlock"] == "" and process.ready["sandboxed"] is False
        assert run(process, 'result = len(open("/etc/hostname").read()) > 0') is True
    finally:
        process.close()


def test_the_landlock_flag_is_a_test_hook() -> None:
    done = subprocess.run([str(WORKER), "--test-landlock-unavailable"], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        "tvm-lsp-worker: --test-landlock-unavailable is a test hook: it needs "
        "--enable-test-hooks")
