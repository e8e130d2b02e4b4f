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

/// A screen whose rows come from an effect its first frame starts (`.task`), as a process list
/// loads its processes.
@Reducer
private struct Processes {
  @ObservableState
  struct State: Equatable {
    var names: [String] = []
    var selection: String?
  }
  enum Action {
    case loaded([String])
    case select(String?)
    case task
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .loaded(let names):
        state.names = names
        return .none
      case .select(let name):
        state.selection = name
        return .none
      case .task:
        return .run { send in await send(.loaded(["init", "sshd", "vim"])) }
      }
    }
  }
}

private struct ProcessesView: View {
  let store: StoreOf<Processes>
  var body: some View {
    VStack {
      Text("\(store.names.count) processes")
      List(
        store.names, id: \.self,
        selection: Binding(get: { store.selection }, set: { store.send(.select($0)) })
      ) { Text($0) }
    }
    .task { await store.send(.task).finish() }
  }
}

@MainActor
struct TapeFirstStepTests {
  /// A tape's first step sees the first frame after the effects that frame started had their
  /// chance to run, as every later step does; the key after a snapshot step is handled.
  @Test func aSnapshotFirstSeesTheFirstFramesEffectsAndTheNextKeyIsHandled() async throws {
    let store = Store.settling(initialState: Processes.State()) { Processes() }
    let backend = HeadlessBackend(width: 20, height: 5)
    let app = Application(backend: backend) { ProcessesView(store: store) }
    var screens: [String: [String]] = [:]
    let tape = try KeyTape(parsing: "snapshot first\nkey down\nsnapshot moved")
    await play(tape, in: app, backend: backend, settle: store.settle) { name in
      screens[name] = backend.buffer.lines.map { $0.trimmingSuffix() }
    }
    #expect(screens["first"]?.first == "3 processes")
    #expect(store.selection == "init", "the key after the snapshot selected the first row")
    #expect(screens["moved"]?.first == "3 processes")
  }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    String(self.reversed().drop { $0 == " " }.reversed())
  }
}
