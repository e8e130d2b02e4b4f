"""What the outside tier asks of a built binary: what it links, and how it behaves on a
pseudo-terminal."""

import os
import pty
import select
import signal
import subprocess
import time


def linked_libraries(binary):
    """The shared libraries a binary needs, as ldd names them."""
    result = subprocess.run(["ldd", binary], stdout=subprocess.PIPE, text=True)
    return [line.split()[0] for line in result.stdout.splitlines() if line.strip()]


def networking(binary):
    return [
        name for name in linked_libraries(binary)
        if name.startswith(("libFoundationNetworking", "libcurl"))]


def run_on_a_terminal(binary, keys, expect):
    """Runs `binary` on a pseudo-terminal: waits for each text of `expect` in what it draws,
    sending the matching item of `keys` once it shows; returns (exit status, what it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.execv(binary, [binary])
    written = b""
    for text, key in zip(expect, keys):
        deadline = time.monotonic() + 15
        while text.encode() not in written and time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    written += os.read(fd, 65536)
                except OSError:
                    break
        os.write(fd, key)
    deadline = time.monotonic() + 10
    status = None
    while status is None and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                written += os.read(fd, 65536)
            except OSError:
                pass
        finished, code = os.waitpid(pid, os.WNOHANG)
        if finished:
            status = os.waitstatus_to_exitcode(code)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    return status, written.decode(errors="replace")
