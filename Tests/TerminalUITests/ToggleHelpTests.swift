import Observation
import TerminalUI
import Testing

// A focused toggle's key is in the help bar: Space flips it (on a sheet too, where the bar
// listed only the sheet's keys).

@MainActor
@Observable
private final class Preferences {
  var showsSheet = true
  var isCompact = false
}

@MainActor
struct ToggleHelpTests {
  @Test func aFocusedToggleOnASheetListsSpaceInTheHelpBar() {
    let preferences = Preferences()
    let backend = HeadlessBackend(width: 60, height: 10)
    let app = Application(backend: backend, showsHelpBar: true) {
      Text("Home")
        .sheet(
          isPresented: Binding(
            get: { preferences.showsSheet }, set: { preferences.showsSheet = $0 }),
          title: "Options"
        ) {
          Toggle(
            "Compact",
            isOn: Binding(get: { preferences.isCompact }, set: { preferences.isCompact = $0 }))
        }
    }
    app.renderIfNeeded()
    let bar = backend.buffer.lines.last ?? ""
    #expect(bar.hasPrefix("space toggle"), "the help bar: \(bar)")
    app.handle([.character(" ")])
    #expect(preferences.isCompact)
  }

  @Test func theKeysAndClicksAToggleTakesGoNoFurther() {
    let preferences = Preferences()
    var passedOn: [KeyEvent] = []
    let app = Application(
      backend: HeadlessBackend(width: 20, height: 2),
      onKey: { key in
        passedOn.append(key)
        return true
      }
    ) {
      Toggle(
        "Compact",
        isOn: Binding(get: { preferences.isCompact }, set: { preferences.isCompact = $0 }))
    }
    app.renderIfNeeded()
    app.handle([
      .character(" "), .enter, .mouse(MouseEvent(.press(.left), at: Position(x: 1, y: 0))),
    ])
    #expect(preferences.isCompact, "flipped three times")
    #expect(passedOn.isEmpty, "the toggle took them: \(passedOn)")
    app.handle([.character("x")])
    #expect(passedOn == [.character("x")], "a key it does not take goes on")
  }
}
