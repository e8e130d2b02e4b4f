import ComposableArchitecture
import Synchronization
import Testing

// A reducer with no stored properties can build only one body, so it is built once per type and
// reused (issue 21: building a body instantiates its case key paths, about 2 µs each on Linux);
// a reducer with stored properties builds its body for every action, as upstream does.

private let statelessBuilds = Mutex(0)
private let configuredBuilds = Mutex(0)

@Reducer
private struct Stateless {
  @ObservableState
  struct State: Equatable {
    var count = 0
    @Presents var child: Stateless.State?
  }
  enum Action {
    case tap
    indirect case child(PresentationAction<Stateless.Action>)
  }
  var body: some ReducerOf<Self> {
    let _ = statelessBuilds.withLock { $0 += 1 }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Stateless() }
  }
}

@Reducer
private struct Configured {
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case tap
  }
  let step: Int
  var body: some ReducerOf<Self> {
    let _ = configuredBuilds.withLock { $0 += 1 }
    Reduce { state, _ in
      state.count += step
      return .none
    }
  }
}

@MainActor
struct BodyCacheTests {
  @Test func aReducerWithoutStoredPropertiesBuildsItsBodyOncePerType() async {
    let store = TestStore(
      initialState: Stateless.State(child: Stateless.State(child: Stateless.State()))
    ) {
      Stateless()
    }
    await store.send(.tap) { $0.count = 1 }
    await store.send(.child(.presented(.tap))) { $0.child?.count = 1 }
    await store.send(.child(.presented(.child(.presented(.tap))))) {
      $0.child?.child?.count = 1
    }
    // Every level is the same type: one body for the root and both children, for every
    // action (another test of this suite may have built it first).
    #expect(statelessBuilds.withLock { $0 } == 1)
  }

  @Test func aReducerWithStoredPropertiesBuildsItsBodyForEveryAction() async {
    let before = configuredBuilds.withLock { $0 }
    let store = TestStore(initialState: Configured.State()) { Configured(step: 2) }
    await store.send(.tap) { $0.count = 2 }
    await store.send(.tap) { $0.count = 4 }
    let other = TestStore(initialState: Configured.State()) { Configured(step: 5) }
    await other.send(.tap) { $0.count = 5 }
    #expect(configuredBuilds.withLock { $0 } - before == 3)
  }
}
