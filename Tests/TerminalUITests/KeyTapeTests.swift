import Clocks
import ComposableArchitecture
import TerminalUI
import TerminalUITesting
import Testing

@Reducer
private struct Loader {
  @ObservableState
  struct State: Equatable {
    var status = "idle"
  }
  enum Action {
    case loadTapped
    case loaded
  }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loadTapped:
        state.status = "loading"
        return .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.loaded)
        }
      case .loaded:
        state.status = "loaded"
        return .none
      }
    }
  }
}

@MainActor
struct KeyTapeTests {
  @Test func advanceReadsSecondsFractionsAndMilliseconds() throws {
    let tape = try KeyTape(parsing: "advance 2s\nadvance 1.5s\nadvance 150ms\nadvance 0s")
    #expect(
      tape.steps == [
        .advance(.seconds(2)), .advance(.milliseconds(1500)), .advance(.milliseconds(150)),
        .advance(.zero),
      ])
  }

  @Test func badLinesAreReportedWithTheirLineNumber() {
    #expect(
      throws: KeyTape.ParseError(
        line: 2, message: "advance needs a duration like 2s, 1.5s or 150ms")
    ) {
      try KeyTape(parsing: "key tab\nadvance soon")
    }
    #expect(
      throws: KeyTape.ParseError(
        line: 1, message: "advance needs a duration like 2s, 1.5s or 150ms")
    ) {
      try KeyTape(parsing: "advance -1s")
    }
    #expect(throws: KeyTape.ParseError(line: 3, message: "unknown key \"hyper\"")) {
      try KeyTape(parsing: "# c\n\nkey hyper")
    }
    #expect(throws: KeyTape.ParseError(line: 1, message: "expected a quoted string")) {
      try KeyTape(parsing: "type hello")
    }
  }

  @Test func advanceMovesTheTestClockSoAnEffectChangesTheScreen() async throws {
    let clock = TestClock()
    let store = Store.settling(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let backend = HeadlessBackend(width: 20, height: 2)
    let app = Application(backend: backend) {
      Button("Load", shortcut: .character("l")) { store.send(.loadTapped) }
      Text("Status: \(store.status)")
    }
    let tape = try KeyTape(
      parsing: "key l\nadvance 1s\nsnapshot waiting\nadvance 1s\nsnapshot loaded")
    await replay(tape, in: app, backend: backend, settle: store.settle) {
      await clock.advance(by: $0, settling: store)
    }
    #expect(store.status == "loaded")
    #expect(backend.buffer.lines[1].hasPrefix("Status: loaded"))
  }
}
