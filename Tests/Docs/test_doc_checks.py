#!/usr/bin/env python3
"""The documentation checks can fail: a broken example, a stale file, a broken symbol link and
an uncurated symbol are each caught (make test runs this before the checks themselves)."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "DocExamples"))

import build_docs  # noqa: E402
import doc_examples  # noqa: E402

ROOT = doc_examples.ROOT


class ExtractionTests(unittest.TestCase):
    def lines(self, text: str) -> list[tuple[int, str | None]]:
        return doc_examples.doc_comment_lines(text)

    def test_examples_in_doc_comments_keep_their_markers(self):
        source = "\n".join([
            "/// Adds one.",
            "///",
            "/// <!-- context: counter-store -->",
            "/// ```swift",
            "/// store.send(.incrementButtonTapped)",
            "/// ```",
            "///",
            "/// <!-- fragment: a member shown alone -->",
            "/// ```swift",
            "/// var body: some View { Text(\"\") }",
            "/// ```",
            "func add() {}",
        ])
        problems: list[str] = []
        found = doc_examples.examples_in(self.lines(source), ROOT / "Sources" / "X.swift", None,
                                         problems)
        self.assertEqual(problems, [])
        self.assertEqual([e.contexts for e in found], [["counter-store"], []])
        self.assertEqual([e.fragment for e in found], [None, "a member shown alone"])
        self.assertEqual(found[0].code, "store.send(.incrementButtonTapped)\n")

    def test_a_marker_without_an_example_or_a_reason_is_a_problem(self):
        source = "\n".join([
            "/// <!-- fragment -->",
            "/// ```swift",
            "/// x",
            "/// ```",
            "/// <!-- context: counter-store -->",
            "/// Some prose.",
            "/// <!-- context: no-such-context -->",
            "/// ```swift",
            "/// y",
            "/// ```",
        ])
        problems: list[str] = []
        doc_examples.examples_in(self.lines(source), ROOT / "Sources" / "X.swift", None, problems)
        self.assertEqual(len(problems), 3, problems)
        self.assertIn("must say why", problems[0])
        self.assertIn("no ```swift example right after it", problems[1])
        self.assertIn("no context named no-such-context", problems[2])


class CheckingTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = Path(tempfile.mkdtemp(prefix="doc-checks-"))
        cls.flags = doc_examples.compiler_flags(doc_examples.debug_bin_path())
        cls.prelude = doc_examples.build_prelude(cls.flags, cls.work)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def example(self, code: str, contexts: list[str] | None = None) -> doc_examples.Example:
        return doc_examples.Example(ROOT / "Sources" / "ComposableArchitecture" / "Store.swift",
                                    1, "ComposableArchitecture", code, None, contexts or [])

    def check(self, example: doc_examples.Example) -> str | None:
        return doc_examples.check(example, 0, self.flags, self.prelude, set(), self.work)[1]

    def test_an_example_that_compiles_passes(self):
        self.assertIsNone(self.check(self.example("store.send(.incrementButtonTapped)\n",
                                                  ["counter-store"])))

    def test_an_example_that_does_not_compile_fails_where_the_doc_says_it(self):
        error = self.check(self.example("store.send(.noSuchAction)\n", ["counter-store"]))
        self.assertIsNotNone(error)
        self.assertIn("Store.swift:2", error)
        self.assertIn("noSuchAction", error)

    def test_an_example_showing_a_file_must_be_that_file(self):
        path = "Examples/FirstApp/Sources/counter-app/main.swift"
        text = (ROOT / path).read_text(encoding="utf-8")
        shown = doc_examples.Example(ROOT / "README.md", 1, None, "// main.swift\n" + text, None,
                                     [], path)
        self.assertIsNone(doc_examples.differs_from_file(shown))
        shown.code = text.replace("Store(", "Store (")
        self.assertIn("+let store = Store (", doc_examples.differs_from_file(shown) or "")


class CatalogTests(unittest.TestCase):
    def setUp(self):
        self.work = Path(tempfile.mkdtemp(prefix="docc-checks-"))
        self.catalog = self.work / "Trial.docc"
        self.catalog.mkdir()
        self.graphs = self.work / "graphs"
        self.graphs.mkdir()
        symbol = {"kind": {"identifier": "swift.struct", "displayName": "Structure"},
                  "identifier": {"precise": "s:5Trial6WidgetV", "interfaceLanguage": "swift"},
                  "pathComponents": ["Widget"], "names": {"title": "Widget"},
                  "accessLevel": "public"}
        graph = {"metadata": {"formatVersion": {"major": 0, "minor": 6, "patch": 0},
                              "generator": "test"},
                 "module": {"name": "Trial", "platform": {}},
                 "symbols": [symbol], "relationships": []}
        (self.graphs / "Trial.symbols.json").write_text(json.dumps(graph), encoding="utf-8")
        self.output = build_docs.OUTPUT
        build_docs.OUTPUT = self.work / "docs"

    def tearDown(self):
        build_docs.OUTPUT = self.output
        shutil.rmtree(self.work, ignore_errors=True)

    def page(self, topics: str) -> None:
        (self.catalog / "Trial.md").write_text(
            "# ``Trial``\n\nA module.\n\n## Topics\n\n### Things\n\n" + topics + "\n",
            encoding="utf-8")

    def test_a_catalog_that_links_its_symbols_passes(self):
        self.page("- ``Widget``")
        self.assertEqual(build_docs.convert("Trial", self.graphs, self.catalog), [])
        self.assertEqual(build_docs.uncurated("Trial", self.graphs, self.catalog), [])

    def test_a_broken_symbol_link_is_a_warning(self):
        self.page("- ``Widget``\n- ``NoSuchSymbol``")
        warnings = build_docs.convert("Trial", self.graphs, self.catalog)
        self.assertEqual(len(warnings), 1, warnings)
        self.assertIn("NoSuchSymbol", warnings[0])

    def test_a_marker_that_shows_on_a_page_is_a_warning(self):
        # A marker inside a code span is text DocC keeps, as a broken marker would be.
        self.page("- ``Widget``\n\nSee `<!-- context: counter-store -->`.")
        warnings = build_docs.convert("Trial", self.graphs, self.catalog)
        warnings += build_docs.shown_markers("Trial")
        self.assertEqual(len(warnings), 1, warnings)
        self.assertIn("marker shows on the page", warnings[0])

    def test_a_symbol_no_page_links_is_uncurated(self):
        self.page("Nothing here.")
        self.assertEqual(build_docs.uncurated("Trial", self.graphs, self.catalog), ["Widget"])


if __name__ == "__main__":
    unittest.main()
