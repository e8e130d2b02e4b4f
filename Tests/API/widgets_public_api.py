#!/usr/bin/env python3
"""The built-in widgets use TerminalUI's core through its public API alone (make test).

The widgets are a target of their own, `TerminalUIWidgets`, that depends on `TerminalUICore`;
`TerminalUI` re-exports both. SwiftPM builds the widgets with the package's name, so a
`package` declaration of the core would still reach them, and a debug build lets them
`@testable import` it. This check closes both doors: it type-checks the files of
Sources/TerminalUIWidgets as a module outside the package against the debug build's
`TerminalUICore`, and fails on `@testable`, `@_spi` or a `package` declaration in them. A
widget that needs something of the core gets it as public API, which every widget author then
has too.

Usage: widgets_public_api.py [--bin-path PATH] [FILE ...]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "DocExamples"))
from doc_examples import ROOT, compiler_flags, debug_bin_path  # noqa: E402

WIDGETS = ROOT / "Sources" / "TerminalUIWidgets"
# What only a module of the package, or a test, may use.
BACK_DOORS = re.compile(r"@testable|@_spi\b|^\s*package\s|\bpackage (func|var|let|init|struct|class|enum)\b", re.M)


def errors(files: list[Path], bin_path: Path) -> list[str]:
    """The compiler's errors for `files` as a module outside the package that imports
    `TerminalUICore`, and each use of a back door into it."""
    doors = [f"{file}: error: {match.group(0).strip()} reaches past the public API"
             for file in files for match in BACK_DOORS.finditer(file.read_text(encoding="utf-8"))]
    with tempfile.TemporaryDirectory() as work:
        imports = Path(work) / "Imports.swift"
        imports.write_text("@_exported import TerminalUICore\n")
        result = subprocess.run(
            ["swiftc", "-typecheck", "-module-name", "PublicWidgets", *compiler_flags(bin_path),
             str(imports), *map(str, files)],
            capture_output=True, text=True)
    output = (result.stdout + result.stderr).splitlines()
    return doors + [line for line in output if ": error: " in line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-path")
    parser.add_argument("files", nargs="*", type=Path)
    arguments = parser.parse_args()
    files = arguments.files or sorted(WIDGETS.glob("*.swift"))
    found = errors(files, debug_bin_path(arguments.bin_path))
    if found:
        print("The built-in widgets use what TerminalUICore does not make public:")
        print("\n".join(found))
        return 1
    print(f"{len(files)} widget files use TerminalUICore's public API alone.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
