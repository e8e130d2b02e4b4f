import ComposableArchitecture
import DemoApp
import Foundation
import SettingsStudy
import TerminalUI
import TerminalUITesting
import Testing

/// `--theme` and `--colors`, and the settings study's accent, which tints the whole app.
@MainActor
struct ThemeOptionTests {
  func configuration(theme: String? = nil, colors: String? = nil, replay: String? = "tape")
    throws(DemoError) -> DemoConfiguration
  {
    try DemoConfiguration(
      open: "settings", deepLink: nil, stateDirectory: NSTemporaryDirectory() + "/\(UUID())",
      logFile: nil, replay: replay, record: nil, size: "40x12", noColor: false, theme: theme,
      colors: colors, environment: [:])
  }

  @Test func theOptionsNameAThemeAndAColourDepth() throws {
    #expect(try configuration().theme == nil)
    #expect(try configuration(theme: "auto").theme == nil)
    #expect(try configuration(theme: "LIGHT").theme == .light)
    #expect(try configuration().colorDepth == nil)
    #expect(try configuration(colors: "16").colorDepth == .ansi16)
    #expect(try configuration(colors: "none").colorDepth == .monochrome)
    #expect(try configuration(colors: "truecolor").colorDepth == .trueColor)
  }

  @Test func aWrongNameIsRefusedWithWhatIsAllowed() {
    #expect(throws: DemoError("--theme takes dark, light or auto (got \"solarized\")")) {
      try configuration(theme: "solarized")
    }
    #expect(
      throws: DemoError("--colors takes none, 8, 16, 256, truecolor or auto (got \"88\")")
    ) {
      try configuration(colors: "88")
    }
  }

  @Test func aReplayDrawsInTheThemeAndAtTheDepthAskedFor() throws {
    let demo = try HeadlessDemo(configuration(theme: "light", colors: "16"))
    #expect(demo.app.theme == .light)
    #expect(demo.app.colorDepth == .ansi16)
    let styles = (0..<12).flatMap { y in (0..<40).map { demo.backend.buffer[$0, y].style } }
    #expect(styles.contains { $0.foreground == .blue })
    #expect(styles.allSatisfy { ($0.foreground.paletteIndex ?? 0) < 16 })
  }

  @Test func theSettingsAccentTintsTheWholeApp() async throws {
    let demo = try HeadlessDemo(configuration())
    #expect(demo.app.theme == .dark)
    // The sheet's theme list: ↓ chooses Ocean, saved at once and followed by the app.
    await play(
      try KeyTape(parsing: "key s\nkey down"), in: demo.app, backend: demo.backend,
      settle: demo.store.settle)
    await waitUntil { demo.app.theme.accent.foreground == .cyan }
    #expect(demo.app.theme == Theme.dark.withAccent(.cyan))
    #expect(demo.backend.buffer[0, 0].style.foreground == .cyan, "the title bar")
  }
}
