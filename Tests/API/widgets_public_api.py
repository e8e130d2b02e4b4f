#!/usr/bin/env python3
"""The built-in widgets use TerminalUI's public API alone (make test).

The files of Sources/TerminalUI/Widgets (buttons, fields, lists, tables, pickers, tabs, the
editor, the scroll view) are type-checked as a module of their own that imports the debug
build's TerminalUI: only what `public` gives them resolves, as for a third party's widget. A
widget that reaches for something internal (the frame's focus session, a helper of the core)
fails the check with the compiler's error, and the core gains the public API it needs, which
every widget author then has too.

Usage: widgets_public_api.py [--bin-path PATH] [FILE ...]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "DocExamples"))
from doc_examples import ROOT, compiler_flags, debug_bin_path  # noqa: E402

WIDGETS = ROOT / "Sources" / "TerminalUI" / "Widgets"


def errors(files: list[Path], bin_path: Path) -> list[str]:
    """The compiler's errors for `files` as a module that sees TerminalUI's public API only."""
    with tempfile.TemporaryDirectory() as work:
        imports = Path(work) / "Imports.swift"
        imports.write_text("@_exported import TerminalUI\n")
        result = subprocess.run(
            ["swiftc", "-typecheck", "-module-name", "PublicWidgets", *compiler_flags(bin_path),
             str(imports), *map(str, files)],
            capture_output=True, text=True)
    return [line for line in (result.stdout + result.stderr).splitlines() if ": error: " in line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-path")
    parser.add_argument("files", nargs="*", type=Path)
    arguments = parser.parse_args()
    files = arguments.files or sorted(WIDGETS.glob("*.swift"))
    found = errors(files, debug_bin_path(arguments.bin_path))
    if found:
        print("The built-in widgets use what TerminalUI does not make public:")
        print("\n".join(found))
        return 1
    print(f"{len(files)} widget files use TerminalUI's public API alone.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
