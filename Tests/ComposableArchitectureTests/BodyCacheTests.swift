import ComposableArchitecture
import Synchronization
import Testing

// A reducer with no stored properties builds the same body every time in a store, so a store
// builds it once and reuses it (issue 21: building a body instantiates its case key paths,
// about 2 µs each on Linux); a reducer with stored properties builds its body for every action,
// as upstream does, and so does any reducer called outside a store.

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

private struct Greeter: Sendable {
  var greeting: @Sendable () -> String
}

extension Greeter: TestDependencyKey {
  static let testValue = Greeter { "test" }
}

extension DependencyValues {
  fileprivate var greeter: Greeter {
    get { self[Greeter.self] }
    set { self[Greeter.self] = newValue }
  }
}

/// A child that reads a dependency through a stored `@Dependency`, made by a parent without
/// stored properties while it builds its body.
@Reducer
private struct Greeting {
  struct State: Equatable {
    var text = ""
  }
  enum Action {
    case greet
  }
  @Dependency(\.greeter) var greeter
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.text = greeter.greeting()
    return .none
  }
}

@Reducer
private struct Host {
  struct State: Equatable {
    var greeting = Greeting.State()
  }
  enum Action {
    case greeting(Greeting.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.greeting, action: \.greeting) { Greeting() }
  }
}

/// The same feature twice, once under an override of the dependency its child reads.
@Reducer
private struct TwoHosts {
  struct State: Equatable {
    var french = Host.State()
    var plain = Host.State()
  }
  enum Action {
    case french(Host.Action)
    case plain(Host.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.french, action: \.french) {
      Host().dependency(\.greeter, Greeter { "bonjour" })
    }
    Scope(state: \.plain, action: \.plain) { Host() }
  }
}

/// Serialized: the tests count body builds in shared counters.
@MainActor
@Suite(.serialized)
struct BodyCacheTests {
  @Test func aReducerWithoutStoredPropertiesBuildsItsBodyOncePerStore() async {
    let before = statelessBuilds.withLock { $0 }
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
    // action.
    #expect(statelessBuilds.withLock { $0 } - before == 1)

    let other = TestStore(initialState: Stateless.State()) { Stateless() }
    await other.send(.tap) { $0.count = 1 }
    #expect(statelessBuilds.withLock { $0 } - before == 2)
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

  /// The child reducers a reused body holds were made under their own store's dependencies:
  /// a store never sees another store's.
  @Test func eachStoreSeesItsOwnDependenciesThroughAReusedBody() async {
    let english = TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.greeter = Greeter { "hello" }
    }
    await english.send(.greeting(.greet)) { $0.greeting.text = "hello" }
    let french = TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.greeter = Greeter { "bonjour" }
    }
    await french.send(.greeting(.greet)) { $0.greeting.text = "bonjour" }
    let plain = TestStore(initialState: Host.State()) { Host() }
    await plain.send(.greeting(.greet)) { $0.greeting.text = "test" }
    await english.send(.greeting(.greet))
  }

  /// A body built under `.dependency(_:_:)` is not reused where the override does not hold.
  @Test func aBodyBuiltUnderAnOverrideStaysUnderIt() async {
    let store = TestStore(initialState: TwoHosts.State()) { TwoHosts() }
    await store.send(.french(.greeting(.greet))) { $0.french.greeting.text = "bonjour" }
    await store.send(.plain(.greeting(.greet))) { $0.plain.greeting.text = "test" }
    await store.send(.french(.greeting(.greet)))
  }

  @Test func aReducerCalledOutsideAStoreBuildsItsBodyEveryTime() {
    let before = statelessBuilds.withLock { $0 }
    var state = Stateless.State()
    for _ in 0..<3 { _ = Stateless().reduce(into: &state, action: .tap) }
    #expect(state.count == 3)
    #expect(statelessBuilds.withLock { $0 } - before == 3)
  }
}
