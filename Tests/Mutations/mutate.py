#!/usr/bin/env python3
"""Mutation testing for the library: puts each one-line bug of mutations.txt into a copy of
the repository, builds it and runs the tests the mutation names. A mutant is "killed" when a
test fails, "survived" when they all pass, "does not compile" when the build fails.

  mutate.py           run every mutation (a copy under .build-mutate; the tree is never touched)
  mutate.py --check   only check that every mutation applies exactly once (make test runs it)
  mutate.py --only N  run mutation number N (1-based), for working on one

Prints the score (killed over compiling mutants, equivalent ones left out) and exits 1 when it
is under 95% or a mutation no longer applies.
"""

import os
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIST = os.path.join(ROOT, "Tests", "Mutations", "mutations.txt")
COPY = os.path.join(ROOT, ".build-mutate", "tree")
GOAL = 0.95
TEST_TIMEOUT = 900


def parse(path):
    """The blocks of the list, as dicts of their fields; `⏎` in find/replace is a newline."""
    mutants, block = [], {}
    for line in open(path, encoding="utf-8").read().split("\n") + [""]:
        if line.startswith("#"):
            continue
        if not line.strip():
            if block:
                mutants.append(block)
                block = {}
            continue
        key, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if key in ("find", "replace"):
            value = value.replace("⏎", "\n")
        block[key] = value
    for number, mutant in enumerate(mutants, 1):
        missing = {"file", "find", "replace", "tests", "why"} - mutant.keys()
        if missing:
            sys.exit(f"mutation {number}: missing {', '.join(sorted(missing))}")
        mutant["number"] = number
    return mutants


def check(mutants, root):
    """The mutations that do not apply exactly once, with the reason."""
    problems = []
    for mutant in mutants:
        path = os.path.join(root, mutant["file"])
        if not os.path.exists(path):
            problems.append((mutant, "the file does not exist"))
            continue
        count = open(path, encoding="utf-8").read().count(mutant["find"])
        if count != 1:
            problems.append((mutant, f"`find` occurs {count} times"))
    return problems


def copy_tree():
    """The tracked files of the working tree (with their uncommitted changes) in COPY."""
    files = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    os.makedirs(COPY, exist_ok=True)
    for name in filter(None, files):
        source, target = os.path.join(ROOT, name), os.path.join(COPY, name)
        if not os.path.isfile(source):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target) or open(source, "rb").read() != open(target, "rb").read():
            shutil.copy2(source, target)


def run(command, timeout=None):
    """Runs `command` in the copy; on a timeout, kills it and everything it started (a test
    binary hung in a loop would otherwise go on using a core)."""
    started = time.time()
    process = subprocess.Popen(
        command, cwd=COPY, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        start_new_session=True, env=dict(os.environ, TMPDIR=os.path.join(COPY, ".tmp")))
    try:
        output, _ = process.communicate(timeout=timeout)
        return process.returncode, time.time() - started, output.decode(errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return "timeout", time.time() - started, ""


def killed_share(results):
    """The share of compiling mutants that were killed (1.0 when none compiled)."""
    compiling = len(results["killed"]) + len(results["survived"])
    return len(results["killed"]) / compiling if compiling else 1.0


def main():
    mutants = parse(LIST)
    problems = check(mutants, ROOT)
    for mutant, reason in problems:
        print(f"mutation {mutant['number']} ({mutant['file']}): {reason}")
    if "--check" in sys.argv:
        if problems:
            sys.exit(1)
        print(f"{len(mutants)} mutations, each applies exactly once")
        return
    if problems:
        sys.exit(1)
    if "--only" in sys.argv:
        wanted = int(sys.argv[sys.argv.index("--only") + 1])
        mutants = [m for m in mutants if m["number"] == wanted]

    copy_tree()
    os.makedirs(os.path.join(COPY, ".tmp"), exist_ok=True)
    print("Building the unchanged copy...", flush=True)
    status, _, output = run(["swift", "build", "--build-tests"])
    if status != 0:
        print(output[-4000:])
        sys.exit("the unchanged copy does not build")

    # A mutant counts as killed only if its tests pass without it.
    for tests in sorted({m["tests"] for m in mutants}):
        status, _, output = run(
            ["swift", "test", "--skip-build", "--filter", tests], timeout=TEST_TIMEOUT)
        if status != 0:
            print(output[-4000:])
            sys.exit(f"the unchanged copy fails its tests ({tests})")

    results = {"killed": [], "survived": [], "does not compile": [], "equivalent": []}
    for mutant in mutants:
        path = os.path.join(COPY, mutant["file"])
        original = open(path, encoding="utf-8").read()
        open(path, "w", encoding="utf-8").write(
            original.replace(mutant["find"], mutant["replace"], 1))
        try:
            status, build_time, _ = run(["swift", "build", "--build-tests"])
            if status != 0:
                outcome, test_time = "does not compile", 0
            else:
                status, test_time, _ = run(
                    ["swift", "test", "--skip-build", "--filter", mutant["tests"]],
                    timeout=TEST_TIMEOUT)
                outcome = "killed" if status != 0 else "survived"
        finally:
            open(path, "w", encoding="utf-8").write(original)
        if outcome == "survived" and "equivalent" in mutant:
            outcome = "equivalent"
        results[outcome].append(mutant)
        print(
            f"{mutant['number']:3} {outcome:16} build {build_time:5.0f}s test {test_time:5.0f}s"
            f"  {mutant['file'].split('/')[-1]}: {mutant['why']}", flush=True)

    # Leave the copy as the tree is, so the next run builds incrementally.
    run(["swift", "build", "--build-tests"])
    score = killed_share(results)
    print()
    print(f"{len(mutants)} mutants: {len(results['killed'])} killed, "
          f"{len(results['survived'])} survived, {len(results['equivalent'])} equivalent, "
          f"{len(results['does not compile'])} do not compile")
    print(f"score: {score:.1%} of compiling mutants killed (goal {GOAL:.0%})")
    for mutant in results["survived"]:
        print(f"  survived: {mutant['number']} {mutant['file']}: {mutant['why']}")
    for mutant in results["equivalent"]:
        print(f"  equivalent: {mutant['number']} {mutant['file']}: {mutant['equivalent']}")
    if score < GOAL:
        sys.exit(1)


if __name__ == "__main__":
    main()
