#!/usr/bin/env python3
"""Line coverage per target (`make coverage`).

Runs the test suite built with coverage (`.build-coverage`), then the real-terminal tier with the
instrumented binaries in tmux, so the ncurses backend and the runner are counted from the
pseudo-terminal they run in. Merges every profile, prints line coverage per target of Sources/
and lists each library file under the floor (70%) with the reason kept in
Tests/Coverage/exceptions.txt, failing for one without a reason.

Usage: python3 Tests/Coverage/coverage.py [--skip-tmux] [--report-only]
(--report-only merges and reports the profiles of the last run.)
"""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build-coverage")
PROFILES = os.path.join(SCRATCH, "profiles")
FLOOR = 70.0
# Targets whose files are held to the floor: the products a user links (`TerminalUI` is its
# core and its widgets).
LIBRARIES = {
    "ComposableArchitecture",
    "ComposableTerminalUI",
    "TerminalUICore",
    "TerminalUIWidgets",
    "TerminalUINCurses",
    "TerminalUITesting",
}
BINARIES = ["terminalui-demo", "composable-demo", "counter-app"]
TMUX_TIERS = [
    ("Tests/tmux/run.sh", "terminalui-demo"),
    ("Tests/tmux/app.sh", "composable-demo"),
    ("Tests/tmux/first-app.sh", "counter-app"),
]


def run(command, **kwargs):
    print("+ " + " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT, **kwargs)


def tool(name):
    """The toolchain's own copy: a system LLVM of another version cannot read its profiles."""
    swift = os.path.realpath(shutil.which("swift") or "")
    candidate = os.path.join(os.path.dirname(swift), name)
    if os.path.exists(candidate):
        return candidate
    sys.exit(f"coverage: {name} not found beside swift (it ships with the toolchain)")


def bin_path():
    out = run(
        ["swift", "build", "--show-bin-path", "--scratch-path", SCRATCH],
        capture_output=True, text=True, check=True)
    return out.stdout.strip()


def run_tests(bin_dir):
    """The suite, instrumented; swift test leaves its profiles in codecov/."""
    for old in glob.glob(os.path.join(bin_dir, "codecov", "*.profraw")):
        os.remove(old)
    scratch = tempfile.mkdtemp()
    try:
        env = dict(os.environ, TMPDIR=scratch)
        status = run(
            ["swift", "test", "--skip-build", "--enable-code-coverage",
             "--scratch-path", SCRATCH], env=env).returncode
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return status


def run_tmux(bin_dir):
    """The real-terminal tier, each binary writing a profile per process it runs as."""
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(PROFILES, "tmux-%p.profraw"))
    status = 0
    for script, binary in TMUX_TIERS:
        result = run(["bash", script, os.path.join(bin_dir, binary)], env=env)
        status = status or result.returncode
    return status


def merge(bin_dir):
    raws = glob.glob(os.path.join(bin_dir, "codecov", "*.profraw"))
    raws += glob.glob(os.path.join(PROFILES, "*.profraw"))
    if not raws:
        sys.exit("coverage: no profiles were written")
    merged = os.path.join(PROFILES, "all.profdata")
    run([tool("llvm-profdata"), "merge", "-sparse", "-o", merged] + raws, check=True)
    return merged, len(raws)


def summary(bin_dir, profdata):
    tests = glob.glob(os.path.join(bin_dir, "*PackageTests.xctest"))
    if not tests:
        sys.exit("coverage: the test binary is missing (make coverage builds it)")
    objects = tests[:1] + [os.path.join(bin_dir, b) for b in BINARIES]
    command = [tool("llvm-cov"), "export", "-summary-only", "-instr-profile", profdata,
               objects[0]]
    for extra in objects[1:]:
        command += ["-object", extra]
    command += ["-ignore-filename-regex", r"(\.build|/Tests/|/checkouts/)"]
    out = run(command, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["data"][0]["files"]


def per_target(files):
    targets = {}
    sources = os.path.join(ROOT, "Sources") + os.sep
    for entry in files:
        name = entry["filename"]
        if not name.startswith(sources):
            continue
        relative = name[len(sources):]
        target = relative.split(os.sep)[0]
        lines = entry["summary"]["lines"]
        bucket = targets.setdefault(target, {"count": 0, "covered": 0, "files": []})
        bucket["count"] += lines["count"]
        bucket["covered"] += lines["covered"]
        bucket["files"].append((relative, lines["count"], lines["covered"]))
    return targets


def percent(covered, count):
    return 100.0 * covered / count if count else 100.0


def exceptions():
    path = os.path.join(ROOT, "Tests", "Coverage", "exceptions.txt")
    reasons = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            file, _, reason = line.partition(" ")
            reasons[file] = reason.strip()
    return reasons


def main():
    bin_dir = bin_path()
    failures = []
    if "--report-only" not in sys.argv:
        os.makedirs(PROFILES, exist_ok=True)
        for old in glob.glob(os.path.join(PROFILES, "*")):
            os.remove(old)
        if run_tests(bin_dir) != 0:
            failures.append("the test suite failed")
        if "--skip-tmux" not in sys.argv and run_tmux(bin_dir) != 0:
            failures.append("the tmux tier failed")
    profdata, count = merge(bin_dir)
    targets = per_target(summary(bin_dir, profdata))

    total_count = sum(t["count"] for t in targets.values())
    total_covered = sum(t["covered"] for t in targets.values())
    print(f"\nLine coverage ({count} profiles merged)\n")
    print(f"{'target':32} {'lines':>8} {'covered':>8}")
    for name in sorted(targets):
        t = targets[name]
        print(f"{name:32} {t['count']:8} {percent(t['covered'], t['count']):7.1f}%")
    print(f"{'all of Sources':32} {total_count:8} {percent(total_covered, total_count):7.1f}%")

    reasons = exceptions()
    low = []
    for name in sorted(LIBRARIES & targets.keys()):
        for file, lines, covered in sorted(targets[name]["files"]):
            if percent(covered, lines) < FLOOR:
                low.append((file, percent(covered, lines)))
    if low:
        print(f"\nLibrary files under {FLOOR:.0f}%:")
    for file, value in low:
        reason = reasons.get(file)
        print(f"  {file} {value:.1f}%: {reason or 'NO REASON GIVEN'}")
        if not reason:
            failures.append(f"{file} is under {FLOOR:.0f}% with no reason")
    for file in sorted(set(reasons) - {file for file, _ in low}):
        print(f"  (exceptions.txt names {file}, which is no longer under the floor: remove it)")
        failures.append(f"a stale exception for {file}")
    if failures:
        print("\ncoverage: " + "; ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
