#!/usr/bin/env python3
"""Every ```swift example in a doc comment or a DocC article compiles (make doc-examples).

The examples are found in the `///` doc comments of Sources/ and Examples/ and in the Markdown
files of every DocC catalog (`*.docc`). Each example is type-checked on its own, as the main
file of a module of its own (so statements and `await` may stand at the top level), against the
package's debug build:

- it imports every library product, Testing and XCTest, and the module whose source holds it
  (`@testable`, so a demo module's internal names can be shown);
- an example in a library product's doc comments or in an article also imports
  `DocExamplePrelude` (Tests/DocExamples/Prelude.swift), which declares the few names examples
  take as given (a `CounterFeature` and its `CounterView`, `Stats`); a name the example declares
  itself hides the prelude's. (An example in a demo module has its module's names instead.)

An example that needs names of its own around it (a `store` of some feature, the `switch` of a
reducer it is a case of) says so by the line `<!-- context: NAME -->` right before its opening
fence; DocC drops the comment from the page. Tests/DocExamples/Contexts/NAME.swift is then
compiled with the example: in place of its line `// example`, or before the example when it has
no such line. `<!-- context: a, b -->` puts several contexts, in that order. The example is
framed by `#sourceLocation` lines (so errors point at the doc), which Swift accepts between
statements, declarations and `case`s but not as a switch's first line or inside a method chain:
a context's `// example` slot in a `switch` comes after one case of its own.

An example that shows a file of a target in this package, whole, says so by the line
`<!-- file: PATH -->` right before its fence (PATH from the package's root): the example must
then be that file as it is (after a first line `// NAME` naming the file, if it has one), and is
not compiled again here, since the target is. That is how the tutorial and the getting-started
article show their apps' code without it ever going stale.

A fragment that cannot stand alone (a member shown outside its type, say) is marked by the line
`<!-- fragment: why -->` right before its opening fence; DocC drops the comment from the page.
A fragment without a reason, or a marker with no example after it, fails the check.

Usage: doc_examples.py [--list] [--only SUBSTRING] [--bin-path PATH] [--sync-files]

`--sync-files` rewrites, in the articles, each example marked with a file as that file is now
(after changing the tutorial's code, say), then stops; review the change as a diff.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / ".build" / "doc-examples"  # each run works in a folder of its own in here
PRELUDE = Path(__file__).resolve().parent / "Prelude.swift"
CONTEXTS = Path(__file__).resolve().parent / "Contexts"

# The modules every example sees, in this order.
IMPORTS = [
    "ComposableArchitecture",
    "TerminalUI",
    "ComposableTerminalUI",
    "TerminalUINCurses",
    "TerminalUITesting",
    "Testing",
    "XCTest",
]

FENCE_OPEN = re.compile(r"^```swift\s*$")
FENCE_CLOSE = re.compile(r"^```\s*$")
FRAGMENT = re.compile(r"^<!--\s*fragment(?::\s*(?P<why>.*?))?\s*-->\s*$")
CONTEXT = re.compile(r"^<!--\s*context:\s*(?P<names>.*?)\s*-->\s*$")
FILE = re.compile(r"^<!--\s*file:\s*(?P<path>\S+)\s*-->\s*$")


@dataclass
class Example:
    path: Path
    line: int  # 1-based line of the opening fence
    module: str | None
    code: str
    fragment: str | None  # the reason, for a marked fragment
    contexts: list[str]
    file: str | None = None  # the package file the example shows whole

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def doc_comment_lines(text: str) -> list[tuple[int, str | None]]:
    """Each line of a Swift file as (number, its doc-comment text or None)."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        if stripped.startswith("///"):
            body = stripped[3:]
            out.append((number, body[1:] if body.startswith(" ") else body))
        else:
            out.append((number, None))
    return out


def examples_in(lines: list[tuple[int, str | None]], path: Path, module: str | None,
                problems: list[str]) -> list[Example]:
    found: list[Example] = []
    index = 0
    pending_fragment: tuple[int, str | None] | None = None
    pending_contexts: list[str] = []
    pending_file: str | None = None
    while index < len(lines):
        number, text = lines[index]
        if text is None:
            if pending_fragment is not None:
                problems.append(f"{path.relative_to(ROOT)}:{pending_fragment[0]}: "
                                "a fragment marker with no ```swift example right after it")
                pending_fragment = None
            index += 1
            continue
        shown = FILE.match(text.strip())
        if shown:
            pending_file = shown.group("path")
            if not (ROOT / pending_file).is_file():
                problems.append(f"{path.relative_to(ROOT)}:{number}: no file {pending_file}")
            index += 1
            continue
        context = CONTEXT.match(text.strip())
        if context:
            pending_contexts = [name.strip() for name in context.group("names").split(",")]
            for name in pending_contexts:
                if not (CONTEXTS / f"{name}.swift").exists():
                    problems.append(f"{path.relative_to(ROOT)}:{number}: no context named {name}"
                                    f" (Tests/DocExamples/Contexts/{name}.swift)")
            index += 1
            continue
        marker = FRAGMENT.match(text.strip())
        if marker:
            if not (marker.group("why") or "").strip():
                problems.append(f"{path.relative_to(ROOT)}:{number}: "
                                "a fragment marker must say why: <!-- fragment: why -->")
            pending_fragment = (number, (marker.group("why") or "").strip())
            index += 1
            continue
        if FENCE_OPEN.match(text.strip()):
            indent = len(text) - len(text.lstrip())
            body: list[str] = []
            index += 1
            while index < len(lines) and lines[index][1] is not None \
                    and not FENCE_CLOSE.match(lines[index][1].strip()):
                line = lines[index][1]
                body.append(line[indent:] if line[:indent].strip() == "" else line.lstrip())
                index += 1
            if index >= len(lines) or lines[index][1] is None:
                problems.append(f"{path.relative_to(ROOT)}:{number}: an example never closed")
            found.append(Example(path, number, module, "\n".join(body) + "\n",
                                 pending_fragment[1] if pending_fragment else None,
                                 pending_contexts, pending_file))
            pending_fragment = None
            pending_contexts = []
            pending_file = None
            index += 1
            continue
        if (pending_fragment is not None or pending_contexts or pending_file) and text.strip():
            problems.append(f"{path.relative_to(ROOT)}:{number - 1}: "
                            "a marker with no ```swift example right after it")
            pending_fragment = None
            pending_contexts = []
            pending_file = None
        index += 1
    if pending_fragment is not None:
        problems.append(f"{path.relative_to(ROOT)}:{pending_fragment[0]}: "
                        "a fragment marker with no ```swift example right after it")
    return found


# Modules a product re-exports, whose examples are checked as the product's users write them.
PRODUCT_OF = {"TerminalUICore": "TerminalUI", "TerminalUIWidgets": "TerminalUI"}


def module_of(path: Path) -> str | None:
    relative = path.relative_to(ROOT).parts
    if relative[0] == "Sources" and len(relative) > 2:
        return PRODUCT_OF.get(relative[1], relative[1])
    if relative[0] == "Examples" and "Sources" in relative:
        sources = relative.index("Sources")
        if len(relative) > sources + 2:
            return relative[sources + 1]
    return None


def collect(problems: list[str]) -> list[Example]:
    examples: list[Example] = []
    for base in ("Sources", "Examples"):
        for path in sorted((ROOT / base).rglob("*.swift")):
            if ".docc" in path.parts:
                continue
            lines = doc_comment_lines(path.read_text(encoding="utf-8"))
            examples += examples_in(lines, path, module_of(path), problems)
        for path in sorted((ROOT / base).rglob("*.md")):
            if not any(part.endswith(".docc") for part in path.parts):
                continue
            lines = list(enumerate(path.read_text(encoding="utf-8").splitlines(), start=1))
            examples += examples_in(lines, path, module_of(path), problems)
    return examples


def executable_modules() -> set[str]:
    """Targets whose module is an executable's (they cannot be imported)."""
    names = set()
    for base in (ROOT / "Sources").iterdir():
        if (base / "main.swift").exists():
            names.add(base.name)
    for main in (ROOT / "Examples").rglob("main.swift"):
        names.add(main.parent.name)
    return names


def debug_bin_path(given: str | None = None) -> Path:
    """The debug build's bin path: `given`, or what `swift build --show-bin-path` says."""
    if given:
        return Path(given)
    return Path(subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip())


def module_search_flags(bin_path: Path) -> list[str]:
    """Where the build's modules are, the ncurses module map included (also for
    swift-symbolgraph-extract, Tests/Docs/build_docs.py)."""
    cflags = subprocess.run(["pkg-config", "--cflags", "ncursesw"], capture_output=True,
                            text=True).stdout.split()
    return [
        "-I", str(bin_path / "Modules"),
        "-I", str(ROOT / "Sources" / "CNCurses"),
        *[flag for c in cflags for flag in ("-Xcc", c)],
    ]


def compiler_flags(bin_path: Path) -> list[str]:
    plugins = []
    for tool in sorted(p for p in bin_path.glob("*-tool") if p.is_file()):
        module = tool.name[: -len("-tool")]
        plugins += ["-load-plugin-executable", f"{tool}#{module}"]
    return [
        "-swift-version", "6",
        "-enable-upcoming-feature", "ExistentialAny",
        *module_search_flags(bin_path),
        *plugins,
    ]


def build_prelude(flags: list[str], work: Path) -> Path:
    out = work / "prelude"
    out.mkdir(parents=True, exist_ok=True)
    source = "".join(f"import {name}\n" for name in IMPORTS) + PRELUDE.read_text(encoding="utf-8")
    (out / "Prelude.swift").write_text(source, encoding="utf-8")
    command = ["swiftc", "-emit-module", "-module-name", "DocExamplePrelude", "-parse-as-library",
               "-enable-testing", "-emit-module-path", str(out / "DocExamplePrelude.swiftmodule"),
               *flags, str(out / "Prelude.swift")]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        sys.exit("doc examples: the prelude (Tests/DocExamples/Prelude.swift) does not compile")
    return out


def sync_files(examples: list[Example]) -> int:
    """Rewrites each article example that shows a file with the file's text."""
    by_article: dict[Path, list[Example]] = {}
    for example in examples:
        by_article.setdefault(example.path, []).append(example)
    for article, shown in by_article.items():
        lines = article.read_text(encoding="utf-8").splitlines(keepends=True)
        for example in sorted(shown, key=lambda e: e.line, reverse=True):
            start = example.line  # the first line after the fence (0-based index)
            end = start + len(example.code.splitlines())
            text = (ROOT / example.file).read_text(encoding="utf-8")
            name = f"// {Path(example.file).name}\n"
            header = [name] if lines[start] == name else []
            lines[start:end] = header + text.splitlines(keepends=True)
        article.write_text("".join(lines), encoding="utf-8")
        print(f"{article.relative_to(ROOT)}: {len(shown)} file examples rewritten")
    return 0


def differs_from_file(example: Example) -> str | None:
    """Why an example that shows a file whole is not that file, or None when it is."""
    path = ROOT / example.file
    if not path.is_file():
        return f"{example.file} does not exist"
    shown = example.code.splitlines()
    if shown and shown[0].strip() == f"// {path.name}":
        shown = shown[1:]
    actual = path.read_text(encoding="utf-8").splitlines()
    if shown == actual:
        return None
    diff = difflib.unified_diff(actual, shown, f"{example.file} (the file)",
                                f"{example.where} (the example)", lineterm="")
    return "\n".join(diff)


def check(example: Example, index: int, flags: list[str], prelude: Path,
          executables: set[str], work: Path) -> tuple[Example, str | None]:
    folder = work / f"example-{index:03d}"
    folder.mkdir(parents=True, exist_ok=True)
    header = "".join(f"import {name}\n" for name in IMPORTS)
    if example.module and example.module not in IMPORTS:
        if example.module not in executables:
            header += f"@testable import {example.module}\n"
    else:
        header += "import DocExamplePrelude\n"
    located = (f"#sourceLocation(file: \"{example.path}\", line: {example.line + 1})\n"
               + example.code + "#sourceLocation()\n")
    for name in reversed(example.contexts):
        context = (CONTEXTS / f"{name}.swift").read_text(encoding="utf-8")
        lines = context.splitlines(keepends=True)
        slot = next((i for i, line in enumerate(lines) if line.strip() == "// example"), None)
        if slot is None:
            located = context + ("" if context.endswith("\n") else "\n") + located
        else:
            indent = lines[slot][: len(lines[slot]) - len(lines[slot].lstrip())]
            body = "".join(indent + line if line.strip() and not line.startswith("#sourceLocation")
                           else line for line in located.splitlines(keepends=True))
            located = "".join(lines[:slot]) + body + "".join(lines[slot + 1:])
    source = header + located
    main = folder / "main.swift"
    main.write_text(source, encoding="utf-8")
    command = ["swiftc", "-typecheck", "-module-name", f"DocExample{index:03d}", *flags,
               "-I", str(prelude), str(main)]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return example, (result.stdout + result.stderr).strip()
    return example, None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list the examples and stop")
    parser.add_argument("--only", help="check only examples whose place contains this")
    parser.add_argument("--bin-path", help="the debug build's bin path (swift build --show-bin-path)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--sync-files", action="store_true",
                        help="rewrite the articles' file examples from the files, and stop")
    arguments = parser.parse_args()

    problems: list[str] = []
    examples = collect(problems)
    if arguments.only:
        examples = [e for e in examples if arguments.only in e.where]
    if arguments.sync_files:
        return sync_files([e for e in examples if e.file and e.path.suffix == ".md"])
    if arguments.list:
        for example in examples:
            kind = f"fragment ({example.fragment})" if example.fragment is not None else "example"
            if example.contexts:
                kind += f" in {', '.join(example.contexts)}"
            if example.file:
                kind = f"the file {example.file}"
            print(f"{example.where}: {kind}")
        return 0
    for problem in problems:
        print(problem)

    flags = compiler_flags(debug_bin_path(arguments.bin_path))
    WORK.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(dir=WORK, prefix="run-"))
    try:
        return check_all(examples, problems, flags, work, arguments.jobs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def check_all(examples: list[Example], problems: list[str], flags: list[str],
              work: Path, jobs: int) -> int:
    prelude = build_prelude(flags, work)
    executables = executable_modules()

    failures = []
    for example in [e for e in examples if e.file]:
        error = differs_from_file(example)
        if error:
            failures.append((example, error))
    to_check = [e for e in examples if e.fragment is None and not e.file]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(check, example, index, flags, prelude, executables, work)
                   for index, example in enumerate(to_check)]
        for job in futures:
            example, error = job.result()
            if error is not None:
                failures.append((example, error))

    for example, error in failures:
        print(f"\n== {example.where}: this example does not compile\n{error}")
    shown = len([e for e in examples if e.file])
    fragments = len([e for e in examples if e.fragment is not None])
    print(f"doc examples: {len(to_check) + shown - len(failures)} of {len(to_check) + shown} hold"
          f" ({len(to_check)} type-checked, {shown} showing a file of the package as it is;"
          f" {fragments} fragments not checked)")
    return 1 if failures or problems else 0


if __name__ == "__main__":
    sys.exit(main())
