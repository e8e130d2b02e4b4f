import Clocks
import ComposableTerminalUI
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
