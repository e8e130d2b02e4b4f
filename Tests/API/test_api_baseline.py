#!/usr/bin/env python3
"""The public-API check can fail: a symbol removed without a deprecation, removed after one but
with no CHANGELOG entry, newly deprecated without one, or added without the baseline written
anew is each caught (make test runs this before the check itself)."""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from api_baseline import Symbol, problems  # noqa: E402


def symbol(path: str, deprecated: bool = False, identifier: str | None = None) -> Symbol:
    return Symbol(
        identifier or f"s:{path}", "TerminalUINCurses", path, f"func {path}", deprecated)


class BaselineCheckTests(unittest.TestCase):
    def test_a_symbol_moved_to_a_module_the_product_re_exports_is_the_same_api(self):
        before = [symbol("Button.init(_:)", identifier="s:10TerminalUI6ButtonV")]
        moved = [symbol("Button.init(_:)", identifier="s:14TerminalUICore6ButtonV")]
        self.assertEqual(problems(before, moved, ""), [])

    def test_the_same_api_passes(self):
        api = [symbol("TerminalSession.input()"), symbol("TerminalSession.end(interrupted:)")]
        self.assertEqual(problems(api, api, ""), [])

    def test_a_symbol_removed_without_a_deprecation_fails(self):
        found = problems([symbol("TerminalSession.events()")], [], "`events()` is gone")
        self.assertEqual(len(found), 1)
        self.assertIn("removed: TerminalUINCurses TerminalSession.events()", found[0])
        self.assertIn("was not deprecated first", found[0])

    def test_a_deprecated_symbol_goes_only_with_a_changelog_entry(self):
        old = [symbol("TerminalSession.events()", deprecated=True)]
        self.assertIn("CHANGELOG.md does not name `events`", problems(old, [], "")[0])
        self.assertEqual(problems(old, [], "- Removed: `TerminalSession.events()`."), [])

    def test_a_new_deprecation_needs_a_changelog_entry(self):
        before = [symbol("TableSort")]
        after = [symbol("TableSort", deprecated=True)]
        self.assertIn("deprecated: TerminalUINCurses TableSort", problems(before, after, "")[0])
        self.assertEqual(problems(before, after, "`TableSort` still works, deprecated"), [])

    def test_a_changed_signature_is_a_removal_and_an_addition(self):
        before = [symbol("TerminalSession.end()", identifier="s:end")]
        after = [symbol("TerminalSession.end(interrupted:)", identifier="s:endInterrupted")]
        found = problems(before, after, "")
        self.assertEqual(len(found), 2)
        self.assertTrue(found[0].startswith("removed:"))
        self.assertIn("new public symbols", found[1])

    def test_an_addition_asks_for_the_baseline_to_be_written_anew(self):
        found = problems([], [symbol("View.defaultFocus()")], "")
        self.assertEqual(len(found), 1)
        self.assertIn("TerminalUINCurses View.defaultFocus()", found[0])
        self.assertIn("make api-baseline", found[0])

    def test_a_line_reads_back_as_its_symbol(self):
        for value in [symbol("TableSort", deprecated=True), symbol("KeyTape.keyNames")]:
            self.assertEqual(Symbol.parse(value.line()), value)


if __name__ == "__main__":
    unittest.main()
