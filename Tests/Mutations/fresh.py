#!/usr/bin/env python3
"""Mutation testing that follows the code (make mutate-fresh): one-line bugs picked at random in
the Swift files the last commits changed, each put into a copy of the repository, built, and
run against the whole suite (and, with --tmux, the real-terminal tier when the suite passes).
Unlike mutations.txt, whose mutants the tests were written to kill, these are chosen by a seed:
they measure the tests on code nobody wrote a mutant for.

  fresh.py [--commits N] [--count K] [--seed S] [--tmux] [--list]

--commits  the files changed by the last N commits (default 20); Sources/ only, library and demo
--count    how many mutants to run (default 50)
--seed     the random seed (default: the current time, printed so the run can be repeated)
--tmux     also run the tmux tier on a mutant the suite did not kill
--list     print the mutants chosen and stop

A mutant replaces one operator at one place: a comparison (`>=` `>`, `<=` `<`, `==` `!=`), a
boolean operator (`&&` `||`), a literal (`true` `false`, `+ 1` `- 1`), or removes a `!`.
Lines of comments and doc comments are left alone, and so are generic constraints and operator
declarations (mutated, they do not compile) and the mutants equivalent.txt lists, each with the
reason no test can tell it from the program. Each mutant is "killed" when a test fails,
"survived" when all pass (the tests of the mutated module's own test target run first, and the
whole suite only when they all pass: a mutant they kill fails the whole suite too), "does not compile" when the build fails (not scored). Prints the score
and every survivor, with its place and its line before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

ROOT = mutate.ROOT
COPY = mutate.COPY

# (name, pattern, replacement): each match of the pattern in a line is one place.
OPERATORS = [
    ("`>=` to `>`", r"(?<=\s)>=(?=\s)", ">"),
    ("`>` to `>=`", r"(?<=\s)>(?=\s)", ">="),
    ("`<=` to `<`", r"(?<=\s)<=(?=\s)", "<"),
    ("`<` to `<=`", r"(?<=\s)<(?=\s)", "<="),
    ("`==` to `!=`", r"(?<=\s)==(?=\s)", "!="),
    ("`!=` to `==`", r"(?<=\s)!=(?=\s)", "=="),
    ("`&&` to `||`", r"(?<=\s)&&(?=\s)", "||"),
    ("`||` to `&&`", r"(?<=\s)\|\|(?=\s)", "&&"),
    ("`true` to `false`", r"\btrue\b", "false"),
    ("`false` to `true`", r"\bfalse\b", "true"),
    ("`+ 1` to `- 1`", r"(?<=\s)\+ 1\b", "- 1"),
    ("`- 1` to `+ 1`", r"(?<=\s)- 1\b", "+ 1"),
    ("`!` removed", r"(?<=[\s(,])!(?=[A-Za-z_$])", ""),
]


def equivalents() -> list[dict]:
    """The mutants `equivalent.txt` lists: file, mutated line and, if given, the line it follows."""
    entries: list[dict] = []
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "equivalent.txt")
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line.strip() and not line.startswith(("#", " ")):
            entries.append({"file": line.strip()})
        elif line.startswith("  mutant: "):
            entries[-1]["after"] = line.removeprefix("  mutant: ").strip()
        elif line.startswith("  follows: "):
            entries[-1]["follows"] = line.removeprefix("  follows: ").strip()
    return entries


def is_equivalent(mutant: dict, known: list[dict]) -> bool:
    return any(
        entry["file"] == mutant["file"] and entry["after"] == mutant["after"].strip()
        and entry.get("follows", mutant["above"]) == mutant["above"] for entry in known)


def changed_files(commits: int) -> list[str]:
    output = subprocess.run(
        ["git", "diff", "--name-only", f"HEAD~{commits}", "--", "Sources"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return sorted(
        name for name in output.split()
        if name.endswith(".swift") and os.path.exists(os.path.join(ROOT, name)))


def places(files: list[str]) -> list[dict]:
    """Every place an operator applies: file, line number, the line and the mutated line."""
    found = []
    for name in files:
        lines = open(os.path.join(ROOT, name), encoding="utf-8").read().split("\n")
        for number, line in enumerate(lines, 1):
            code = line.split("//")[0]
            if not code.strip() or code.lstrip().startswith(("import ", "@available")):
                continue
            # Text inside string literals is not code.
            code = re.sub(r'"(?:\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), code)
            # Generic constraints (`where A == B`) and operator declarations (`func ==`) are not
            # operators a program runs: changed, they do not compile.
            if re.match(r"\s*(where|extension)\b", code) or re.search(r"[)>]\s*where\b", code) \
                    or re.search(r"->.*\bwhere\b", code) or re.search(r"\bfunc\s*[=!<>&|]", code):
                continue
            for label, pattern, replacement in OPERATORS:
                for match in re.finditer(pattern, code):
                    mutated = line[:match.start()] + replacement + line[match.end():]
                    found.append({
                        "file": name, "line": number, "before": line, "after": mutated,
                        "operator": label,
                        "above": lines[number - 2].strip() if number > 1 else ""})
    return found


# Modules whose tests are those of the product that re-exports them.
PRODUCT_OF = {"TerminalUICore": "TerminalUI", "TerminalUIWidgets": "TerminalUI"}


def own_tests(mutant: dict) -> str | None:
    """The test target named after the mutated module (`Sources/X/...` -> `XTests`), if any."""
    module = mutant["file"].split("/")[1]
    target = f"{PRODUCT_OF.get(module, module)}Tests"
    return target if os.path.isdir(os.path.join(ROOT, "Tests", target)) else None


def apply(mutant: dict, undo: bool = False) -> None:
    path = os.path.join(COPY, mutant["file"])
    lines = open(path, encoding="utf-8").read().split("\n")
    lines[mutant["line"] - 1] = mutant["before"] if undo else mutant["after"]
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=20)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--tmux", action="store_true")
    parser.add_argument("--list", action="store_true")
    arguments = parser.parse_args()

    files = changed_files(arguments.commits)
    known = equivalents()
    found = places(files)
    candidates = [mutant for mutant in found if not is_equivalent(mutant, known)]
    chosen = random.Random(arguments.seed).sample(
        candidates, min(arguments.count, len(candidates)))
    chosen.sort(key=lambda mutant: (mutant["file"], mutant["line"]))
    print(f"seed {arguments.seed}: {len(chosen)} of {len(candidates)} places in {len(files)} "
          f"files changed by the last {arguments.commits} commits ({len(found) - len(candidates)} "
          f"equivalent mutants left out)", flush=True)
    for number, mutant in enumerate(chosen, 1):
        mutant["number"] = number
        print(f"{number:3} {mutant['file']}:{mutant['line']}  {mutant['operator']}")
    if arguments.list:
        return 0

    mutate.copy_tree()
    os.makedirs(os.path.join(COPY, ".tmp"), exist_ok=True)
    print("Building the unchanged copy...", flush=True)
    status, _, output = mutate.run(["swift", "build", "--build-tests"])
    if status != 0:
        print(output[-4000:])
        sys.exit("the unchanged copy does not build")
    # A mutant counts as killed only if the suite passes without it.
    status, suite_time, output = mutate.run(
        ["swift", "test", "--skip-build"], timeout=mutate.TEST_TIMEOUT)
    if status != 0:
        print(output[-4000:])
        sys.exit("the unchanged copy fails its tests")
    # A mutant that makes a test hang (a loop that never ends) is killed when the suite takes
    # three times as long as it does unchanged.
    timeout = max(180.0, 3 * suite_time)

    results: dict[str, list[dict]] = {"killed": [], "survived": [], "does not compile": []}
    for mutant in chosen:
        apply(mutant)
        try:
            status, build_time, _ = mutate.run(["swift", "build", "--build-tests"])
            test_time = 0.0
            if status != 0:
                outcome = "does not compile"
            else:
                status, test_time = 0, 0.0
                if target := own_tests(mutant):
                    status, test_time, _ = mutate.run(
                        ["swift", "test", "--skip-build", "--filter", target], timeout=timeout)
                if status == 0:
                    status, suite_time, _ = mutate.run(
                        ["swift", "test", "--skip-build"], timeout=timeout)
                    test_time += suite_time
                outcome = "killed" if status != 0 else "survived"
                if outcome == "survived" and arguments.tmux:
                    status, tmux_time, _ = mutate.run(["make", "tmux-test"], timeout=1800)
                    test_time += tmux_time
                    outcome = "killed" if status != 0 else "survived"
        finally:
            apply(mutant, undo=True)
        results[outcome].append(mutant)
        print(f"{mutant['number']:3} {outcome:16} build {build_time:5.0f}s test {test_time:5.0f}s"
              f"  {mutant['file']}:{mutant['line']} {mutant['operator']}", flush=True)

    mutate.run(["swift", "build", "--build-tests"])
    score = mutate.killed_share(results)
    print()
    print(f"seed {arguments.seed}: {len(chosen)} mutants: {len(results['killed'])} killed, "
          f"{len(results['survived'])} survived, {len(results['does not compile'])} do not "
          f"compile; score {score:.1%} of compiling mutants killed")
    for mutant in results["survived"]:
        print(f"  survived: {mutant['file']}:{mutant['line']} {mutant['operator']}")
        print(f"    - {mutant['before'].strip()}")
        print(f"    + {mutant['after'].strip()}")
    return 0 if score >= 0.9 else 1


if __name__ == "__main__":
    sys.exit(main())
