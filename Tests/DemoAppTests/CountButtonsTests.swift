import DemoSupport
import TerminalUI
import TerminalUITesting
import Testing

/// `CountButtons`, a widget written outside TerminalUI against its public `Widget` protocol,
/// draws, focuses, dispatches and lists its keys exactly as the two library buttons it
/// replaced, at every size.
@MainActor
struct CountButtonsTests {
  final class Presses {
    var log: [String] = []
  }

  /// The same screen with the widget or with the library's buttons; `Tab` presses move focus
  /// through both buttons and a third control after them.
  func screens(width: Int, height: Int, tabs: Int, keys: [KeyEvent]) -> [(String, String, [String])]
  {
    [true, false].map { usesWidget in
      let presses = Presses()
      let backend = HeadlessBackend(width: width, height: height)
      let app = Application(backend: backend, showsHelpBar: true) {
        VStack {
          Text("Count").bold()
          if usesWidget {
            CountButtons {
              presses.log.append("-")
            } increment: {
              presses.log.append("+")
            }
          } else {
            HStack {
              Button("-", shortcut: .character("-"), help: "decrement") { presses.log.append("-") }
              Button("+", shortcut: .character("+"), help: "increment") { presses.log.append("+") }
            }
          }
          Button("Done") { presses.log.append("done") }
        }
      }
      app.renderIfNeeded()
      app.handle(Array(repeating: .tab, count: tabs) + keys)
      app.setNeedsDisplay()
      app.renderIfNeeded()
      return (screenText(backend.buffer), app.helpText, presses.log)
    }
  }

  @Test func theWidgetMatchesTwoLibraryButtonsAtEverySize() {
    for width in 0...14 {
      for height in 0...4 {
        for tabs in 0...3 {
          let pair = screens(
            width: width, height: height, tabs: tabs,
            keys: [.enter, .character("+"), .character("-")])
          #expect(pair[0].0 == pair[1].0, "screen at \(width)×\(height), \(tabs) tabs")
          #expect(pair[0].1 == pair[1].1, "help at \(width)×\(height), \(tabs) tabs")
          #expect(pair[0].2 == pair[1].2, "presses at \(width)×\(height), \(tabs) tabs")
        }
      }
    }
  }

  @Test func enterPressesTheFocusedButtonAndTheKeysWorkFromAnywhere() {
    let (screen, help, presses) = screens(
      width: 20, height: 4, tabs: 1, keys: [.enter, .character("-"), .tab, .enter])[0]
    #expect(presses == ["+", "-", "done"])
    #expect(screen.hasPrefix("Count\n[ - ] [ + ]\n[ Done ]\n"))
    #expect(help.hasPrefix("- decrement  + increment  tab focus"))
  }
}
