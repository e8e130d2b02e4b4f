import TerminalUI
import TerminalUITesting
import Testing

@MainActor
struct ThemeTests {
  /// A button with focus, a list with a selection, muted and danger text, and a box.
  struct Sampler: View {
    var selection = Binding<Int?>.constant(1)
    var body: some View {
      VStack {
        Button("Save") {}
        Text("a hint").style(.muted)
        Text("⚠ wrong").style(.danger)
        Box(title: "Rows") {
          List(0..<3, id: \.self, selection: selection) { Text("Row \($0)") }
        }
      }
    }
  }

  private func cellStyle(_ backend: HeadlessBackend, _ x: Int, _ y: Int) -> Style {
    backend.buffer[x, y].style
  }

  @Test func widgetsDrawWithTheThemesNamedStyles() {
    let backend = HeadlessBackend(width: 20, height: 8)
    let app = Application(backend: backend, theme: .light) { Sampler() }
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Theme.light.focus)
    #expect(cellStyle(backend, 0, 1) == Theme.light.muted)
    #expect(cellStyle(backend, 0, 2) == Theme.light.danger)
    #expect(cellStyle(backend, 0, 3) == Theme.light.border)
    #expect(cellStyle(backend, 2, 3) == Theme.light.title)
    // The list has no focus (the button does): its selected row is the inactive selection.
    #expect(cellStyle(backend, 1, 5) == Theme.light.inactiveSelection)
    app.handle([.tab])
    #expect(cellStyle(backend, 1, 5) == Theme.light.selection)
    assertScreen(backend, named: "light")
  }

  @Test func aThemeWithPlainRolesLeavesNoColourAnywhere() {
    // Every role plain: whatever a widget draws in colour would be a raw colour of its own.
    let backend = HeadlessBackend(width: 60, height: 14)
    var selection: Int? = 0
    var text = ""
    var isOn = true
    var choice = "b"
    let app = Application(backend: backend, showsHelpBar: true, theme: Theme(name: "plain")) {
      VStack {
        TabView(selection: .constant(0)) {
          Tab("One", value: 0) {
            VStack {
              TextField("Field", text: Binding(get: { text }, set: { text = $0 }))
              Toggle("On", isOn: Binding(get: { isOn }, set: { isOn = $0 }))
              Picker(
                "Pick", selection: Binding(get: { choice }, set: { choice = $0 }),
                options: ["a", "b"]
              ) { $0 }
              Spinner(frame: 1, label: "busy")
              ProgressView("Done", value: 0.5)
              List(
                0..<30, id: \.self, selection: Binding(get: { selection }, set: { selection = $0 })
              ) {
                Text("Row \($0)")
              }
            }
          }
          Tab("Two", value: 1) { Text("two") }
        }
      }
    }
    for keys: [KeyEvent] in [
      [], [.tab], [.tab], [.tab, .enter], [.escape, .tab, .tab, .tab, .down],
    ] {
      app.handle(keys)
      for y in 0..<backend.size.height {
        for x in 0..<backend.size.width {
          let style = backend.buffer[x, y].style
          #expect(style.foreground == .default && style.background == .default, "cell \(x),\(y)")
        }
      }
    }
  }

  @Test func theApplicationDrawsEveryCellAtItsBackendsDepth() {
    let backend = HeadlessBackend(width: 20, height: 8)
    backend.colorDepth = .ansi16
    let app = Application(backend: backend) { Sampler() }
    #expect(app.colorDepth == .ansi16)
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Style(reverse: true, foreground: .brightBlue))
    #expect(cellStyle(backend, 0, 2) == Style(bold: true, foreground: .brightRed))
    // A new depth redraws every cell, though none changed before degrading.
    app.colorDepth = .ansi256
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Style(reverse: true, foreground: .indexed(75)))
    app.noColor = true
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Style(reverse: true))
    #expect(cellStyle(backend, 0, 2) == Style(bold: true))
    assertScreen(backend, named: "no-color")
    app.noColor = false
    app.colorDepth = .trueColor
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Theme.dark.focus)
  }

  @Test func aNewThemeRedrawsAndAnAccentRetintsWhatWasInTheAccent() {
    let backend = HeadlessBackend(width: 20, height: 8)
    let app = Application(backend: backend) { Sampler() }
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Theme.dark.focus)
    app.theme = Theme.dark.withAccent(.magenta)
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Style(reverse: true, foreground: .magenta))
    #expect(cellStyle(backend, 2, 3) == Style(bold: true, foreground: .magenta))
    // What was not in the accent keeps its colour.
    #expect(cellStyle(backend, 0, 2) == Theme.dark.danger)
  }

  @Test func aCustomRoleChangesEveryWidgetDrawnWithIt() {
    let backend = HeadlessBackend(width: 20, height: 8)
    let theme = Theme.dark.with(.focus, Style(underline: true))
    let app = Application(backend: backend, theme: theme) { Sampler() }
    app.renderIfNeeded()
    #expect(cellStyle(backend, 0, 0) == Style(underline: true))
  }

  @Test func partOfAScreenDrawsInAnotherThemeAndAtAnotherDepth() {
    let view = VStack {
      Text("dark").style(.accent)
      Text("light").style(.accent).theme(.light)
      Text("sixteen").style(.accent).colorDepth(.ansi16)
      Text("bold red").bold().foregroundColor(.rgb(255, 0, 0)).colorDepth(.monochrome)
    }
    let buffer = render(view, size: Size(width: 10, height: 4))
    #expect(buffer[0, 0].style == Theme.dark.accent)
    #expect(buffer[0, 1].style == Theme.light.accent)
    #expect(buffer[0, 2].style == Style(foreground: .brightBlue))
    #expect(buffer[0, 3].style == Style(bold: true))
  }

  @Test func textSetOnTheTextGoesOverItsRole() {
    let buffer = render(
      Text("x").style(.danger).underline().foregroundColor(.cyan), size: Size(width: 1, height: 1))
    #expect(buffer[0, 0].style == Style(bold: true, underline: true, foreground: .cyan))
  }

  @Test func theBackgroundPicksTheThemeAndNamesFindBuiltInThemes() {
    #expect(Theme.automatic(environment: ["COLORFGBG": "0;15"]) == .light)
    #expect(Theme.automatic(environment: ["COLORFGBG": "0;default;7"]) == .light)
    #expect(Theme.automatic(environment: ["COLORFGBG": "15;0"]) == .dark)
    #expect(Theme.automatic(environment: [:]) == .dark)
    #expect(Theme.named("Light") == .light)
    #expect(Theme.named("solarized") == nil)
    for role in Theme.Role.allCases {
      #expect(Theme.dark.with(role, Style(dim: true))[role] == Style(dim: true))
    }
  }

  @Test func withoutColourFocusAndSelectionStayVisible() {
    for theme in Theme.all {
      for role in [Theme.Role.focus, .selection, .bar] {
        #expect(theme[role].degraded(to: .monochrome).reverse, "\(theme.name) \(role)")
      }
      #expect(theme.muted.degraded(to: .monochrome).dim)
      #expect(theme.danger.degraded(to: .monochrome).bold)
    }
  }
}
