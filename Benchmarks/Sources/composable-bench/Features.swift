import ComposableArchitecture

// The features the store benchmarks drive, shaped like TCA's own benchmark suite.

@Reducer
struct Leaf {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case tap
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

@Reducer
struct Parent {
  @ObservableState
  struct State: Equatable {
    var child = Leaf.State()
  }
  enum Action {
    case child(Leaf.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) { Leaf() }
  }
}

/// A feature that presents itself: ten levels deep in the nested benchmarks.
@Reducer
struct Nested {
  @ObservableState
  struct State: Equatable {
    var count = 0
    @Presents var child: Nested.State?
  }
  enum Action {
    case tap
    indirect case child(PresentationAction<Nested.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .tap = action { state.count &+= 1 }
      return .none
    }
    .ifLet(\.$child, action: \.child) { Nested() }
  }

  /// A state presenting `depth` levels of children.
  static func state(depth: Int) -> State {
    var state = State()
    for _ in 0..<depth {
      var parent = State()
      parent.child = state
      state = parent
    }
    return state
  }

  /// What a tap `levels` down does, written by hand through the same state accessors: the
  /// baseline of the nested benchmarks.
  static func bumpByHand(_ state: inout State, levels: Int) {
    if levels == 0 {
      state.count &+= 1
    } else {
      bumpByHand(&state.child!, levels: levels - 1)
    }
  }

  /// The action that taps the child `depth` levels down.
  static func tap(depth: Int) -> Action {
    var action = Action.tap
    for _ in 0..<depth { action = .child(.presented(action)) }
    return action
  }
}

@Reducer
struct StackRoot {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Leaf.State>()
  }
  enum Action {
    case path(StackActionOf<Leaf>)
    case push
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .push = action { state.path.append(Leaf.State()) }
      return .none
    }
    .forEach(\.path, action: \.path) { Leaf() }
  }
}

@Reducer
struct StatsHolder {
  @ObservableState
  struct State: Equatable {
    @Shared var stats: BenchStats
  }
  enum Action {
    case increment
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stats.increment()
    return .none
  }
}

struct BenchStats: Equatable, Sendable {
  var count = 0
  var maxCount = 0
  var numberOfCounts = 0
  mutating func increment() {
    count &+= 1
    numberOfCounts &+= 1
    maxCount = max(maxCount, count)
  }
}

/// Twenty rows, each a feature: what a view's `ForEach(store.scope(state: \.rows, action:
/// \.rows))` walks every frame.
@Reducer
struct Rows {
  @ObservableState
  struct State: Equatable {
    var rows = IdentifiedArray(uniqueElements: (0..<20).map { _ in Leaf.State() })
  }
  enum Action {
    case rows(IdentifiedActionOf<Leaf>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: \.rows) { Leaf() }
  }
}

/// A row is told apart by its identity as observable state, unique to each new state.
extension Leaf.State: Identifiable {
  var id: ObservableStateID { _$id }
}
