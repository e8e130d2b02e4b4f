#!/usr/bin/env python3
"""The public API of every library product, against a checked-in baseline (make test).

Each product module's public symbols are read from the debug build (swift-symbolgraph-extract,
as Tests/Docs/build_docs.py reads them) and compared with Tests/API/baseline.txt, a line per
symbol: module, path, declaration, and `deprecated` when it is. Names that start with `_` are an
implementation detail, not API, and are left out. The check fails when

- a symbol of the baseline is gone, unless the baseline already had it deprecated and
  CHANGELOG.md names it (an app that used it had a release of warnings and a note saying what
  to do): a public API that moves or is renamed keeps its old spelling, deprecated, for a
  release;
- a symbol is deprecated now that was not, and CHANGELOG.md does not name it;
- a symbol is new: the baseline is written anew (`--update`, `make api-baseline`) and the
  change reviewed as a diff, so that every addition is seen once.

Usage: api_baseline.py [--update] [--bin-path PATH]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "Docs"))
sys.path.insert(0, str(HERE.parent / "DocExamples"))
import build_docs  # noqa: E402
from doc_examples import ROOT, debug_bin_path  # noqa: E402

BASELINE = HERE / "baseline.txt"
CHANGELOG = ROOT / "CHANGELOG.md"


@dataclass(frozen=True)
class Symbol:
    """A public symbol: its precise identifier, and what a reader sees of it."""

    identifier: str
    module: str
    path: str
    declaration: str
    deprecated: bool

    @property
    def name(self) -> str:
        """Its own name, without parameters: `events` for `TerminalSession.events()`."""
        return re.sub(r"\(.*", "", self.path.split(".")[-1])

    @property
    def seen(self) -> tuple[str, str, str]:
        """What a user of the product sees of it: product module, path and declaration."""
        return (self.module, self.path, self.declaration)

    def line(self) -> str:
        flag = " | deprecated" if self.deprecated else ""
        return f"{self.module} | {self.path} | {self.declaration}{flag} | {self.identifier}"

    @staticmethod
    def parse(line: str) -> Symbol:
        parts = [part.strip() for part in line.split(" | ")]
        deprecated = len(parts) == 5 and parts[3] == "deprecated"
        return Symbol(parts[-1], parts[0], parts[1], parts[2], deprecated)


def is_deprecated(symbol: dict) -> bool:
    return any(
        entry.get("isUnconditionallyDeprecated") or "deprecated" in entry
        for entry in symbol.get("availability", []))


def symbols(graphs: Path, module: str) -> list[Symbol]:
    """The public symbols of a module's symbol graphs (its own and its extensions of others')."""
    found: dict[str, Symbol] = {}
    for file in sorted(graphs.glob("*.symbols.json")):
        graph = json.loads(file.read_text(encoding="utf-8"))
        for symbol in graph["symbols"]:
            path = symbol["pathComponents"]
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if any(component.startswith("_") for component in path):
                continue
            declaration = "".join(
                fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
            declaration = " ".join(declaration.split())
            identifier = symbol["identifier"]["precise"]
            # A protocol extension's member, repeated on each conforming type, is one symbol.
            if "::SYNTHESIZED::" in identifier:
                continue
            found[identifier] = Symbol(
                identifier, module, ".".join(path), declaration, is_deprecated(symbol))
    return list(found.values())


def current_symbols(bin_path: Path) -> list[Symbol]:
    triple = build_docs.target_triple()
    result: list[Symbol] = []
    for module in build_docs.MODULES:
        graphs = Path(tempfile.mkdtemp(prefix=f"api-{module}-"))
        build_docs.extract(module, bin_path, triple, out=graphs)
        result += symbols(graphs, module)
    return sorted(result, key=lambda symbol: (symbol.module, symbol.path, symbol.identifier))


def problems(baseline: list[Symbol], current: list[Symbol], changelog: str) -> list[str]:
    """Why the current API may not replace the baseline; nothing when it may."""
    before = {symbol.identifier: symbol for symbol in baseline}
    now = {symbol.identifier: symbol for symbol in current}
    # A symbol that moved to another module the product re-exports (`TerminalUI`'s widgets) has
    # another identifier but the same product, path and declaration: the same API.
    before_seen = {symbol.seen: symbol for symbol in baseline}
    now_seen = {symbol.seen for symbol in current}
    found: list[str] = []
    for identifier, symbol in before.items():
        if identifier in now or symbol.seen in now_seen:
            continue
        if symbol.deprecated and symbol.name in changelog:
            continue
        what = "was not deprecated first" if not symbol.deprecated else (
            f"CHANGELOG.md does not name `{symbol.name}`")
        found.append(
            f"removed: {symbol.module} {symbol.path} ({symbol.declaration}): {what}. Keep the "
            "old spelling for a release, deprecated (@available(*, deprecated, renamed:) or a "
            "message saying what to use), with a CHANGELOG.md entry saying what to do.")
    for identifier, symbol in now.items():
        old = before.get(identifier) or before_seen.get(symbol.seen)
        if old is not None and symbol.deprecated and not old.deprecated \
                and symbol.name not in changelog:
            found.append(
                f"deprecated: {symbol.module} {symbol.path}: CHANGELOG.md does not name "
                f"`{symbol.name}`; say what changed and what to do.")
    added = [symbol for identifier, symbol in now.items()
             if identifier not in before and symbol.seen not in before_seen]
    if added:
        listed = "\n".join(f"  {symbol.module} {symbol.path}" for symbol in added[:20])
        more = f"\n  … and {len(added) - 20} more" if len(added) > 20 else ""
        found.append(
            f"new public symbols not in Tests/API/baseline.txt:\n{listed}{more}\n"
            "Review them and write the baseline anew: make api-baseline.")
    return found


def read_baseline() -> list[Symbol]:
    if not BASELINE.exists():
        return []
    return [Symbol.parse(line) for line in BASELINE.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]


def write_baseline(current: list[Symbol]) -> None:
    header = (
        "# The public API of the library products (Tests/API/api_baseline.py; make api-baseline\n"
        "# writes it anew). module | path | declaration [| deprecated] | precise identifier\n")
    BASELINE.write_text(header + "".join(symbol.line() + "\n" for symbol in current),
                        encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the baseline anew")
    parser.add_argument("--bin-path", type=Path, default=None)
    arguments = parser.parse_args()
    current = current_symbols(arguments.bin_path or debug_bin_path())
    if arguments.update:
        write_baseline(current)
        print(f"api baseline: {len(current)} public symbols written to {BASELINE.relative_to(ROOT)}")
        return 0
    changelog = CHANGELOG.read_text(encoding="utf-8") if CHANGELOG.exists() else ""
    found = problems(read_baseline(), current, changelog)
    for problem in found:
        print("api baseline: " + problem, file=sys.stderr)
    if found:
        return 1
    print(f"api baseline: {len(current)} public symbols, as the baseline has them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
