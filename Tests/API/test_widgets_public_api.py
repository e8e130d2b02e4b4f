#!/usr/bin/env python3
"""The widgets' public-API check can fail: a widget that reaches into the frame's internal
focus session, or imports the core `@testable`, is caught, and one written with the public API
passes (make test runs this before the check itself, against the debug build)."""

from __future__ import annotations

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from widgets_public_api import debug_bin_path, errors  # noqa: E402

WIDGET = """
%s
struct Mark: Widget {
  func measure(_ proposal: Size, context: RenderContext) -> Size { Size(width: 1, height: 1) }
  func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    %s
  }
}
"""


class WidgetsPublicAPICheckTests(unittest.TestCase):
    def check(self, line: str, imports: str = "import TerminalUICore") -> list[str]:
        with tempfile.TemporaryDirectory() as work:
            source = Path(work) / "Mark.swift"
            source.write_text(WIDGET % (imports, line))
            return errors([source], debug_bin_path())

    def test_a_widget_reaching_into_the_focus_session_fails(self):
        found = self.check('_ = context.session?.register(consumes: { _ in false }) { _, _ in true }')
        self.assertTrue(found)
        self.assertIn("session", found[0])

    def test_a_widget_importing_the_core_testable_fails(self):
        found = self.check('context.addControl(id: "mark") { _ in false }',
                           imports="@testable import TerminalUICore")
        self.assertTrue(any("@testable" in line for line in found))

    def test_a_widget_on_the_public_api_passes(self):
        self.assertEqual(self.check('context.addControl(id: "mark") { _ in false }'), [])


if __name__ == "__main__":
    unittest.main()
