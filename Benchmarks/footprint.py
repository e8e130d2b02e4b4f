#!/usr/bin/env python3
"""What an app costs before it does anything: each binary's size on disk, and at its first frame
on an 80x24 pseudo-terminal its resident memory (VmRSS), the shared libraries it loaded, and
whether libcurl or FoundationNetworking are among them. The median of RUNS starts.

  Benchmarks/footprint.py BINARY [BINARY ...]     (make footprint builds and measures the demo
                                                  and the README's first app, in release)
"""

import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

RUNS = int(os.environ.get("RUNS", "5"))
STATE = tempfile.mkdtemp(prefix="footprint-")


def first_frame(binary):
    """Starts the binary on a pseudo-terminal and returns (VmRSS in KiB, libraries) once its
    first frame is drawn and it has been quiet for 300 ms."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["LANG"] = "C.UTF-8"
        # An app that keeps state keeps it in a folder of the run's own.
        os.environ["XDG_STATE_HOME"] = STATE
        os.execv(binary, [binary])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    received = 0
    deadline = time.monotonic() + 20
    last = None
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.3)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            received += len(chunk)
            last = time.monotonic()
        elif received > 200 and last is not None:
            break
    rss = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    libraries = set()
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            path = line.split()[-1] if len(line.split()) >= 6 else ""
            if ".so" in os.path.basename(path):
                libraries.add(os.path.basename(path))
    os.kill(pid, signal.SIGTERM)
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 1)
            if not ready or not os.read(fd, 65536):
                break
    except OSError:
        pass
    os.waitpid(pid, 0)
    os.close(fd)
    return rss, libraries


def main():
    binaries = sys.argv[1:]
    if not binaries:
        sys.exit(__doc__)
    print("| binary | size | resident at first frame | libraries loaded | libcurl / FoundationNetworking |")
    print("| --- | ---: | ---: | ---: | --- |")
    for binary in binaries:
        samples = [first_frame(binary) for _ in range(RUNS)]
        rss = statistics.median(sample[0] for sample in samples)
        libraries = samples[-1][1]
        networking = sorted(
            name for name in libraries
            if name.startswith(("libcurl", "libFoundationNetworking")))
        size = os.path.getsize(binary)
        print(
            f"| {os.path.basename(binary)} | {size / 1048576:.1f} MiB | {rss / 1024:.1f} MiB "
            f"| {len(libraries)} | {', '.join(networking) or 'neither'} |")


if __name__ == "__main__":
    main()
