#!/usr/bin/env python3
"""Builds each library product's DocC catalog to static HTML under .build/docs (make docs).

For each product module it extracts the symbol graph of its public API from the debug build
(swift-symbolgraph-extract), converts `Sources/<Module>/<Module>.docc` with it (docc convert,
static hosting under /<Module>/), and fails when

- DocC warns about anything: a link to a symbol that does not exist or is ambiguous, a
  parameter missing or documented that the declaration does not have, a malformed directive.
  Each catalog is built on its own, so a symbol of another module is named in code voice
  (`Name`); a module's own extensions of another module's types link as
  ``OtherModule/Type/member``;
- a doc-example marker (`<!-- context: … -->`, Tests/DocExamples) shows on a page, or
- a public top-level symbol of the module is not curated: every one must be linked (``Name``)
  from a page of its catalog, so that the landing page's topics group them all.

Usage: build_docs.py [--bin-path PATH] [Module ...]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "DocExamples"))
from doc_examples import ROOT, debug_bin_path, module_search_flags  # noqa: E402

MODULES = [
    "ComposableArchitecture",
    "TerminalUI",
    "ComposableTerminalUI",
    "TerminalUINCurses",
    "TerminalUITesting",
]
# A product module that re-exports others (`@_exported import`) documents their symbols as its
# own: `TerminalUI` is its core and its built-in widgets.
REEXPORTED = {"TerminalUI": ["TerminalUICore", "TerminalUIWidgets"]}
GRAPHS = ROOT / ".build" / "symbol-graphs"
OUTPUT = ROOT / ".build" / "docs"


def extract(module: str, bin_path: Path, triple: str, out: Path | None = None) -> Path:
    out = out or GRAPHS / module
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    command = [
        "swift-symbolgraph-extract", "-module-name", module, "-target", triple,
        *module_search_flags(bin_path),
        "-minimum-access-level", "public", "-skip-inherited-docs", "-emit-extension-block-symbols",
        "-output-dir", str(out),
    ]
    if module in REEXPORTED:
        command.append("-experimental-allowed-reexported-modules=" + ",".join(REEXPORTED[module]))
    subprocess.run(command, check=True)
    return out


def target_triple() -> str:
    result = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True,
                            check=True)
    return json.loads(result.stdout)["target"]["triple"]


def uncurated(module: str, graphs: Path, catalog: Path) -> list[str]:
    """The module's public top-level symbols that no page of its catalog links to."""
    graph = json.loads((graphs / f"{module}.symbols.json").read_text(encoding="utf-8"))
    names = sorted({symbol["pathComponents"][0] for symbol in graph["symbols"]
                    if len(symbol["pathComponents"]) == 1})
    text = "\n".join(page.read_text(encoding="utf-8") for page in catalog.rglob("*.md"))
    links = set(re.findall(r"``([^`]+)``", text))
    # A link names a symbol by its path, with DocC's disambiguation suffix (-swift.protocol,
    # -5x8q2) when several share the name; a function's link may leave out its parameters.
    linked = set()
    for link in links:
        first = link.split("/")[0]
        linked.add(first)
        linked.add(re.sub(r"-[A-Za-z0-9.]+$", "", first))
        linked.add(first.split("(")[0])
    return [name for name in names if name not in linked and name.split("(")[0] not in linked]


def convert(module: str, graphs: Path, catalog: Path) -> list[str]:
    out = OUTPUT / module
    shutil.rmtree(out, ignore_errors=True)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    command = [
        "docc", "convert", str(catalog),
        "--additional-symbol-graph-dir", str(graphs),
        "--fallback-display-name", module, "--fallback-bundle-identifier", module,
        "--output-path", str(out),
        "--transform-for-static-hosting", "--hosting-base-path", module,
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    output = result.stdout + result.stderr
    if result.returncode != 0:
        return [output.strip() or f"docc convert failed ({result.returncode})"]
    warnings = []
    block: list[str] = []
    for line in output.splitlines():
        if re.match(r"^(warning|error):", line):
            if block:
                warnings.append("\n".join(block))
            block = [line]
        elif block:
            block.append(line)
    if block:
        warnings.append("\n".join(block))
    return warnings


def shown_markers(module: str) -> list[str]:
    """The pages of a built module that show a doc-example marker: markers are HTML comments,
    which DocC drops, so none may show."""
    pages = (OUTPUT / module / "data").rglob("*.json")
    return [f"{page.relative_to(OUTPUT)}: a doc-example marker shows on the page"
            for page in pages
            if re.search(r"<!--\s*(context|fragment|file):", page.read_text(encoding="utf-8"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin-path", help="the debug build's bin path (swift build --show-bin-path)")
    parser.add_argument("modules", nargs="*", default=MODULES)
    arguments = parser.parse_args()
    bin_path = debug_bin_path(arguments.bin_path)
    triple = target_triple()

    failed = False
    for module in arguments.modules:
        catalog = ROOT / "Sources" / module / f"{module}.docc"
        if not catalog.is_dir():
            print(f"{module}: no catalog at {catalog.relative_to(ROOT)}")
            failed = True
            continue
        graphs = extract(module, bin_path, triple)
        warnings = convert(module, graphs, catalog)
        missing = uncurated(module, graphs, catalog)
        for warning in warnings:
            print(warning)
        if missing:
            print(f"{module}: public symbols no page of {catalog.relative_to(ROOT)} links to "
                  f"(add them to the landing page's topics): {', '.join(missing)}")
        warnings += shown_markers(module)
        pages = len(list((OUTPUT / module / "data").rglob("*.json")))
        print(f"{module}: {pages} pages in .build/docs/{module}, {len(warnings)} warnings, "
              f"{len(missing)} symbols not curated")
        failed = failed or bool(warnings) or bool(missing)
    if not failed:
        print("docs: open .build/docs/<Module>/index.html through a web server, for example "
              "`python3 -m http.server -d .build/docs` and /ComposableArchitecture/documentation/"
              "composablearchitecture")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
