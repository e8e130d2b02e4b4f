import Foundation
import Observation
import TerminalUI
import Testing

// A long batch of keys (a flood of input) asks the runner every 10 ms whether a Ctrl-C waits
// behind it, and stops at once when one does: Ctrl-C quits within moments, not after the flood.

@MainActor
@Observable
private final class Counter {
  var count = 0
}

@MainActor
struct InterruptCheckTests {
  @Test func aWaitingCtrlCStopsALongBatchAndFinishesAsInterrupted() {
    let counter = Counter()
    let app = Application(backend: HeadlessBackend(width: 20, height: 4)) {
      Button("Add", shortcut: .character("+")) {
        counter.count += 1
        usleep(2_000)  // a key that takes a while to handle (a file written, say)
      }
    }
    app.renderIfNeeded()
    app.interruptCheck = { counter.count >= 10 }
    app.handle(Array(repeating: KeyEvent.character("+"), count: 1_000))
    #expect(app.isFinished)
    #expect(app.isInterrupted)
    #expect(counter.count >= 10)
    #expect(counter.count < 100, "the flood behind the Ctrl-C is left")
  }

  @Test func withNoCtrlCWaitingEveryKeyIsHandled() {
    let counter = Counter()
    let app = Application(backend: HeadlessBackend(width: 20, height: 4)) {
      Button("Add", shortcut: .character("+")) {
        counter.count += 1
        usleep(200)
      }
    }
    app.renderIfNeeded()
    let asked = Counter()
    app.interruptCheck = {
      asked.count += 1
      return false
    }
    app.handle(Array(repeating: KeyEvent.character("+"), count: 200))
    #expect(counter.count == 200)
    #expect(!app.isFinished)
    #expect(asked.count >= 1, "a batch of 40 ms asks at least once")
  }
}
