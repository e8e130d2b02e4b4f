"""`make bench-peers`: our terminal apps against the same screens in Textual and urwid.

Each program runs on a pseudo-terminal of 80×24 of its own (TERM=xterm-256color); everything it
writes goes into a pyte screen, and a figure is the time until the pyte screen shows what was
expected (the first frame, or the effect of a key). Figures per screen and program:

- first frame: spawn → marker text on the screen (median of 5 spawns, interleaved);
- key → screen, paced: a key written after 50 ms of quiet → its effect (median of 30);
- key → screen, back to back: each key written as soon as the previous one showed (median of
  100);
- bytes written per key (counter `+`) or per typed character (basics), after the screen settled;
- CPU (utime + stime of the child) over 1,000 keys back to back, each waited for;
- VmRSS after the first frame settled, and after the 1,000 keys.

A time ends when the output that completes the expected screen was read, before pyte parsed it,
so the harness's own parsing is left out. The counter is driven with `+`. The basics form is
driven by typing into its email field (focused first in all three), ten letters then ten
backspaces, over and over, so that the field never outgrows its line; the latencies and bytes
are those of the letters, the 1,000 keys for CPU are both. Every figure is written to
.build/bench-peers.json; `--check` exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import dataclasses
import fcntl
import importlib.metadata
import json
import os
import platform
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time
from math import inf
from pathlib import Path
from typing import Callable, Iterator

import pyte

COLUMNS, LINES = 80, 24
HERE = Path(__file__).resolve().parent
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class BenchError(Exception):
    """A program that did not start, died, or did not show what was expected in time."""


# A program on a pseudo-terminal
# ------------------------------


class Session:
    """One program on a new 80×24 pseudo-terminal, its output fed into a pyte screen."""

    def __init__(self, name: str, argv: list[str]) -> None:
        self.name = name
        self.argv = argv
        self.screen = pyte.Screen(COLUMNS, LINES)
        self.stream = pyte.ByteStream(self.screen)
        self.lines = [""] * LINES
        self.bytes_read = 0
        self.arrived = 0.0
        self.exited = False
        environment = dict(os.environ, TERM="xterm-256color", ESCDELAY="25")
        environment.pop("COLUMNS", None)
        environment.pop("LINES", None)
        self.spawned = time.perf_counter()
        pid, master = pty.fork()
        if pid == 0:  # The child: size its terminal before the program can look at it.
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
                os.execve(argv[0], argv, environment)
            except BaseException as error:  # noqa: BLE001 - anything here must end the child
                os.write(2, f"cannot run {argv[0]}: {error}\r\n".encode())
            os._exit(127)
        self.pid = pid
        self.master = master
        self.poller = select.poll()
        self.poller.register(master, select.POLLIN)

    def text(self) -> str:
        """What the screen shows, one line per row."""
        return "\n".join(self.lines)

    def pump(self, timeout: float) -> int:
        """Reads what arrives within `timeout` seconds (one read); returns the byte count.

        `arrived` is when the read returned, before pyte parsed it: the figures leave out the
        harness's own parsing of the chunk that completes a frame.
        """
        if self.exited:
            raise BenchError(self.describe("exited"))
        if not self.poller.poll(max(0, int(timeout * 1000))):
            return 0
        try:
            data = os.read(self.master, 65536)
            self.arrived = time.perf_counter()
        except OSError:  # EIO: the child closed its side of the terminal.
            data = b""
        if not data:
            self.exited = True
            raise BenchError(self.describe("exited"))
        self.bytes_read += len(data)
        self.stream.feed(data)
        buffer = self.screen.buffer
        for y in self.screen.dirty:
            if y < LINES:
                row = buffer[y]
                self.lines[y] = "".join(row[x].data for x in range(COLUMNS))
        self.screen.dirty.clear()
        return len(data)

    def wait_until(self, predicate: Callable[[str], bool], timeout: float, what: str) -> float:
        """Reads until `predicate(screen text)` holds; returns the seconds until that output
        arrived."""
        start = time.perf_counter()
        deadline = start + timeout
        while True:
            now = time.perf_counter()
            if now >= deadline:
                raise BenchError(self.describe(f"did not show {what} within {timeout:g} s"))
            if self.pump(deadline - now) and predicate(self.text()):
                return self.arrived - start

    def settle(self, quiet: float, limit: float = 5.0) -> None:
        """Reads until nothing arrived for `quiet` seconds (or `limit` seconds passed)."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline and self.pump(quiet):
            pass

    def send(self, data: bytes) -> None:
        """Writes keys to the program."""
        os.write(self.master, data)

    def cpu_milliseconds(self) -> float:
        """The child's user + system CPU time so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / CLOCK_TICKS

    def rss_kib(self) -> int:
        """The child's resident set (VmRSS)."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise BenchError(f"{self.name}: no VmRSS in /proc/{self.pid}/status")

    def describe(self, problem: str) -> str:
        """An error message with the command and what the screen showed."""
        shown = "\n".join(f"  | {line.rstrip()}" for line in self.screen.display if line.strip())
        command = " ".join(self.argv)
        return f"{self.name} {problem}\n  command: {command}\n  screen:\n{shown or '  | (empty)'}"

    def close(self) -> None:
        """Ends the child (SIGTERM, then SIGKILL) and closes the terminal."""
        for sig, grace in ((signal.SIGTERM, 0.5), (signal.SIGKILL, 5.0)):
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                pass
            deadline = time.perf_counter() + grace
            while time.perf_counter() < deadline:
                # Keep reading, so a child blocked on a full terminal can see its signal.
                try:
                    if self.poller.poll(10):
                        os.read(self.master, 65536)
                except OSError:
                    pass
                try:
                    ended = os.waitpid(self.pid, os.WNOHANG)[0] == self.pid
                except ChildProcessError:  # Already reaped.
                    ended = True
                if ended:
                    os.close(self.master)
                    return
        os.close(self.master)


# The screens
# -----------


@dataclasses.dataclass
class Step:
    """One key, what the screen shows once it took effect, and whether it is a timed sample."""

    key: bytes
    shows: Callable[[str], bool]
    what: str
    sample: bool = True


@dataclasses.dataclass
class ScreenSpec:
    """A screen of the comparison: how to tell its first frame, and the keys that drive it."""

    name: str
    title: str
    markers: list[str]
    unit: str
    warm_up: Callable[[], list[Step]]
    steps: Callable[[], Iterator[Step]]
    programs: dict[str, list[str]] = dataclasses.field(default_factory=dict)


def count_is(value: int) -> Callable[[str], bool]:
    """The screen shows `Count: value`."""
    pattern = re.compile(rf"(?<![A-Za-z])Count: {value}(?!\d)")
    return lambda text: pattern.search(text) is not None


def counter_steps() -> Iterator[Step]:
    """`+` forever, each shown by the next count (the warm-up took it to 1)."""
    count = 1
    while True:
        count += 1
        yield Step(b"+", count_is(count), f"Count: {count}")


def field_shows(text: str) -> Callable[[str], bool]:
    """The screen shows exactly `text` as a word of letters (so not as part of a longer one)."""
    pattern = re.compile(rf"(?<![a-z]){re.escape(text)}(?![a-z])")
    return lambda screen: pattern.search(screen) is not None


# A prefix that no label or placeholder contains: the email field's text always starts with it.
PREFIX = "zq"
LETTERS = "abcdefghij"


def basics_warm_up() -> list[Step]:
    """Types the prefix (the first character also clears the placeholder)."""
    prefixes = [PREFIX[: i + 1] for i in range(len(PREFIX))]
    return [Step(text[-1].encode(), field_shows(text), repr(text)) for text in prefixes]


def basics_steps() -> Iterator[Step]:
    """Ten letters (timed), then ten backspaces (not timed), over and over."""
    while True:
        for i in range(1, len(LETTERS) + 1):
            text = PREFIX + LETTERS[:i]
            yield Step(LETTERS[i - 1].encode(), field_shows(text), repr(text))
        for i in range(len(LETTERS) - 1, -1, -1):
            text = PREFIX + LETTERS[:i]
            yield Step(b"\x7f", field_shows(text), repr(text), sample=False)


def screens(ours: str) -> list[ScreenSpec]:
    """The two screens, each as ours, Textual and urwid run it."""
    python = sys.executable
    return [
        ScreenSpec(
            name="counter",
            title="Counter (shared-state counter tab), key `+`",
            markers=["Count: 0"],
            unit="per key",
            warm_up=lambda: [Step(b"+", count_is(1), "Count: 1")],
            steps=counter_steps,
            programs={
                "ours": [ours, "--pty-child", "counter"],
                "Textual": [python, str(HERE / "textual_counter.py")],
                "urwid": [python, str(HERE / "urwid_counter.py")],
            },
        ),
        ScreenSpec(
            name="basics",
            title="Sign-up basics (three fields), typing into the email field",
            markers=["Email", "Confirm password"],
            unit="per typed character",
            warm_up=basics_warm_up,
            steps=basics_steps,
            programs={
                "ours": [ours, "--pty-child"],
                "Textual": [python, str(HERE / "textual_basics.py")],
                "urwid": [python, str(HERE / "urwid_basics.py")],
            },
        ),
    ]


# Measuring
# ---------


@dataclasses.dataclass
class Settings:
    """How many of each measurement."""

    runs: int = 5
    paced: int = 30
    back_to_back: int = 100
    byte_samples: int = 20
    cpu_keys: int = 1000
    start_timeout: float = 30.0
    key_timeout: float = 5.0


def first_frame_shown(markers: list[str]) -> Callable[[str], bool]:
    """Every marker is on the screen."""
    return lambda text: all(marker in text for marker in markers)


def wait_for_first_frame(session: Session, spec: ScreenSpec, settings: Settings) -> None:
    """Waits until every marker of the screen is shown."""
    shown = first_frame_shown(spec.markers)
    session.wait_until(shown, settings.start_timeout, "its first frame")


def first_frame(spec: ScreenSpec, name: str, settings: Settings) -> float:
    """Milliseconds from spawning the program to its first frame on the screen."""
    session = Session(name, spec.programs[name])
    try:
        wait_for_first_frame(session, spec, settings)
        return (session.arrived - session.spawned) * 1000
    finally:
        session.close()


def drive(session: Session, step: Step, settings: Settings) -> float:
    """Writes the step's key and waits for its effect; returns milliseconds."""
    start = time.perf_counter()
    session.send(step.key)
    session.wait_until(step.shows, settings.key_timeout, f"{step.what} after key {step.key!r}")
    return (session.arrived - start) * 1000


def key_figures(spec: ScreenSpec, name: str, settings: Settings) -> dict:
    """The key figures of one program, in one session."""
    session = Session(name, spec.programs[name])
    try:
        wait_for_first_frame(session, spec, settings)
        session.settle(quiet=0.3)
        rss_first = session.rss_kib()
        for step in spec.warm_up():
            drive(session, step, settings)
        session.settle(quiet=0.1)
        steps = spec.steps()

        paced: list[float] = []
        while len(paced) < settings.paced:
            step = next(steps)
            session.settle(quiet=0.05)
            latency = drive(session, step, settings)
            if step.sample:
                paced.append(latency)

        session.settle(quiet=0.05)
        back_to_back: list[float] = []
        while len(back_to_back) < settings.back_to_back:
            step = next(steps)
            latency = drive(session, step, settings)
            if step.sample:
                back_to_back.append(latency)

        byte_counts: list[int] = []
        while len(byte_counts) < settings.byte_samples:
            step = next(steps)
            session.settle(quiet=0.1)
            before = session.bytes_read
            drive(session, step, settings)
            session.settle(quiet=0.1)
            if step.sample:
                byte_counts.append(session.bytes_read - before)

        session.settle(quiet=0.1)
        cpu_before = session.cpu_milliseconds()
        started = time.perf_counter()
        for _ in range(settings.cpu_keys):
            drive(session, next(steps), settings)
        wall = time.perf_counter() - started
        session.settle(quiet=0.1)
        cpu = session.cpu_milliseconds() - cpu_before
        rss_after = session.rss_kib()
    finally:
        session.close()
    return {
        "paced_ms": paced,
        "back_to_back_ms": back_to_back,
        "bytes": byte_counts,
        "cpu_ms_per_1000_keys": cpu * 1000 / settings.cpu_keys,
        "cpu_keys_wall_s": wall,
        "rss_first_frame_kib": rss_first,
        "rss_after_keys_kib": rss_after,
    }


def echo_floor(settings: Settings) -> dict:
    """The pseudo-terminal and the harness alone: `cat` on a terminal in cooked mode, whose
    kernel echoes each key at once. Key → screen of any program includes this."""
    session = Session("cat", ["/bin/cat"])
    typed = 0

    def echo() -> Step:
        nonlocal typed
        typed += 1
        count = typed
        return Step(b"a", lambda text: text.count("a") >= count, f"{count} echoed keys")

    try:
        session.settle(quiet=0.1)
        paced = []
        for _ in range(settings.paced):
            session.settle(quiet=0.05)
            paced.append(drive(session, echo(), settings))
        back_to_back = [drive(session, echo(), settings) for _ in range(settings.back_to_back)]
    finally:
        session.close()
    return {"paced_ms": med(paced), "back_to_back_ms": med(back_to_back)}


def measure(spec: ScreenSpec, settings: Settings, log: Callable[[str], None]) -> dict:
    """Every figure of one screen, for each program."""
    names = list(spec.programs)
    starts: dict[str, list[float]] = {name: [] for name in names}
    for run in range(settings.runs):  # Interleaved, so that a change in load hits all alike.
        for name in names:
            starts[name].append(first_frame(spec, name, settings))
        log(f"  first frames, run {run + 1}/{settings.runs}")
    results = {}
    for name in names:
        figures = key_figures(spec, name, settings)
        figures["first_frame_ms"] = starts[name]
        results[name] = figures
        log(f"  {name}: keys measured")
    return results


# Reporting
# ---------


def med(values: list[float]) -> float:
    """The median."""
    return statistics.median(values)


@dataclasses.dataclass
class Figure:
    """A row of the tables: its key in the JSON summary, its label, how to get it from the raw
    figures of one program, and how to print it."""

    key: str
    label: str
    get: Callable[[dict], float]
    number: str


FIGURES = [
    Figure(
        "first_frame_ms",
        "first frame (ms, median of {runs})",
        lambda raw: med(raw["first_frame_ms"]),
        "{:.1f}",
    ),
    Figure(
        "paced_ms",
        "key → screen, paced (ms, median of {paced})",
        lambda raw: med(raw["paced_ms"]),
        "{:.2f}",
    ),
    Figure(
        "back_to_back_ms",
        "key → screen, back to back (ms, median of {back_to_back})",
        lambda raw: med(raw["back_to_back_ms"]),
        "{:.2f}",
    ),
    Figure(
        "bytes_per_key",
        "bytes written {unit} (median of {byte_samples})",
        lambda raw: med(raw["bytes"]),
        "{:.0f}",
    ),
    Figure(
        "cpu_ms_per_1000_keys",
        "CPU per 1,000 keys (ms)",
        lambda raw: raw["cpu_ms_per_1000_keys"],
        "{:.0f}",
    ),
    Figure(
        "rss_first_frame_mib",
        "RSS after first frame (MiB)",
        lambda raw: raw["rss_first_frame_kib"] / 1024,
        "{:.1f}",
    ),
    Figure(
        "rss_after_keys_mib",
        "RSS after 1,000 keys (MiB)",
        lambda raw: raw["rss_after_keys_kib"] / 1024,
        "{:.1f}",
    ),
]


def summarize(results: dict) -> dict:
    """The figures of each program, and each peer's ratio to ours (bigger: we are better)."""
    summary = {
        name: {figure.key: figure.get(raw) for figure in FIGURES} for name, raw in results.items()
    }
    ours = summary["ours"]
    for peer in ("Textual", "urwid"):
        summary[f"{peer}/ours"] = {
            figure.key: summary[peer][figure.key] / ours[figure.key] if ours[figure.key] else inf
            for figure in FIGURES
        }
    return summary


def print_table(spec: ScreenSpec, summary: dict, settings: Settings) -> None:
    """One screen's figures and ratios."""
    columns = ["ours", "Textual", "urwid", "Textual/ours", "urwid/ours"]
    values = dataclasses.asdict(settings)
    labels = [figure.label.format(unit=spec.unit, **values) for figure in FIGURES]
    width = max(len(label) for label in labels) + 2
    print(f"{spec.title} — {COLUMNS}×{LINES}, pty → pyte")
    print("".ljust(width) + "".join(column.rjust(14) for column in columns))
    for figure, label in zip(FIGURES, labels):
        cells = [figure.number.format(summary[name][figure.key]) for name in columns[:3]]
        cells += [f"{summary[ratio][figure.key]:.1f}×" for ratio in columns[3:]]
        print(label.ljust(width) + "".join(cell.rjust(14) for cell in cells))
    print()


def budgets(spec: ScreenSpec, summary: dict) -> list[dict]:
    """The budgets of one screen: each with what was measured and whether it holds."""
    textual, urwid = summary["Textual/ours"], summary["urwid/ours"]
    rows = []
    for key, description in (
        ("first_frame_ms", "first frame"),
        ("paced_ms", "key → screen, paced"),
        ("back_to_back_ms", "key → screen, back to back"),
    ):
        rows.append(
            {
                "budget": f"{spec.name}: ours ≥ 10× faster than Textual, {description}",
                "measured": f"{textual[key]:.1f}×",
                "holds": textual[key] >= 10,
            }
        )
    rows.append(
        {
            "budget": f"{spec.name}: our bytes {spec.unit} ≤ 1/50 of Textual's",
            "measured": f"1/{textual['bytes_per_key']:.0f}",
            "holds": textual["bytes_per_key"] >= 50,
        }
    )
    for figure in FIGURES:
        name = figure.label.split(" (")[0].format(unit=spec.unit)
        rows.append(
            {
                "budget": f"{spec.name}: ours no worse than urwid, {name}",
                "measured": f"urwid/ours {urwid[figure.key]:.2f}×",
                "holds": urwid[figure.key] >= 1,
            }
        )
    return rows


def machine() -> dict:
    """What the figures were measured on."""
    model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    return {
        "cores": os.cpu_count(),
        "cpu": model,
        "load_average_at_start": list(os.getloadavg()),
        "kernel": platform.release(),
        "clock_ticks_per_second": CLOCK_TICKS,
    }


def versions() -> dict:
    """The versions of the peers, of pyte and of Python."""
    found = {name: importlib.metadata.version(name) for name in ("textual", "urwid", "pyte")}
    found["python"] = platform.python_version()
    return found


def log(message: str) -> None:
    """Progress, on standard error."""
    print(message, file=sys.stderr, flush=True)


def main() -> int:
    """Measures, prints the tables and budgets, writes the JSON; returns 1 when `--check` and a
    budget is missed, 2 when a program could not be measured."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--ours", required=True, help="the composable-bench binary (release)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a budget is missed")
    parser.add_argument("--json", default=".build/bench-peers.json", help="the figures' file")
    parser.add_argument(
        "--screen", choices=["counter", "basics"], action="append", help="only these screens"
    )
    parser.add_argument("--runs", type=int, default=Settings.runs, help="first-frame spawns")
    parser.add_argument("--paced", type=int, default=Settings.paced, help="paced keys timed")
    parser.add_argument(
        "--back-to-back", type=int, default=Settings.back_to_back, help="back-to-back keys timed"
    )
    parser.add_argument("--cpu-keys", type=int, default=Settings.cpu_keys, help="keys for CPU")
    arguments = parser.parse_args()

    ours = str(Path(arguments.ours).resolve())
    if not os.access(ours, os.X_OK):
        print(f"error: {arguments.ours} is not an executable (build it first)", file=sys.stderr)
        return 2
    settings = Settings(
        runs=arguments.runs,
        paced=arguments.paced,
        back_to_back=arguments.back_to_back,
        cpu_keys=arguments.cpu_keys,
    )
    report = {
        "machine": machine(),
        "versions": versions(),
        "settings": dataclasses.asdict(settings),
        "screens": {},
    }
    all_budgets: list[dict] = []
    try:
        report["floor"] = echo_floor(settings)
    except BenchError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(
        f"Peers on a {COLUMNS}×{LINES} pseudo-terminal, read through pyte; ratios are peer/ours "
        "(bigger: we are better).\n"
        f"{report['machine']['cores']} cores, load average at start "
        + ", ".join(f"{load:.2f}" for load in report["machine"]["load_average_at_start"])
        + "; "
        + ", ".join(f"{name} {version}" for name, version in report["versions"].items())
        + "\n"
        + "Floor (the pty's own echo, read the same way): key → screen paced "
        + f"{report['floor']['paced_ms']:.3f} ms, back to back "
        + f"{report['floor']['back_to_back_ms']:.3f} ms\n",
        flush=True,
    )
    for spec in screens(ours):
        if arguments.screen and spec.name not in arguments.screen:
            continue
        log(f"{spec.name}:")
        try:
            results = measure(spec, settings, log)
        except BenchError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        summary = summarize(results)
        print_table(spec, summary, settings)
        screen_budgets = budgets(spec, summary)
        all_budgets += screen_budgets
        report["screens"][spec.name] = {
            "programs": spec.programs,
            "summary": summary,
            "raw": results,
        }

    print("Budgets")
    for budget in all_budgets:
        mark = "✔" if budget["holds"] else "✘"
        print(f"  {mark} {budget['budget']}: {budget['measured']}")
    missed = sum(not budget["holds"] for budget in all_budgets)
    print(f"\n{len(all_budgets) - missed} of {len(all_budgets)} budgets hold")
    report["budgets"] = all_budgets
    path = Path(arguments.json)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"Figures written to {path}")
    return 1 if arguments.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
