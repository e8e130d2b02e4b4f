import ComposableArchitecture
import Testing

/// Every operator given case key paths as values (as a path through several cases, or one held
/// in a variable, reaches them), rather than `\.child` written at the call, which Swift resolves
/// to the faster twin taking the case's own `AllCasePaths` key path.
struct CaseKeyPathParent: Reducer {
  struct State: Equatable {
    var scoped = Counter.State()
    var optional: Counter.State?
    @PresentationState var sheet: Counter.State?
    var rows: IdentifiedArrayOf<Counter.State> = []
    var path = StackState<Counter.State>()
    var mode = Mode.counter(Counter.State())
  }
  @CasePathable
  enum Mode: Equatable {
    case counter(Counter.State)
    case idle
  }
  @CasePathable
  enum Action: Equatable {
    case scoped(Counter.Action)
    case optional(Counter.Action)
    case sheet(PresentationAction<Counter.Action>)
    case rows(IdentifiedActionOf<Counter>)
    case path(StackActionOf<Counter>)
    case mode(Counter.Action)
  }

  static var scoped: CaseKeyPath<Action, Counter.Action> { \.scoped }
  static var optional: CaseKeyPath<Action, Counter.Action> { \.optional }
  static var sheet: CaseKeyPath<Action, PresentationAction<Counter.Action>> { \.sheet }
  static var rows: CaseKeyPath<Action, IdentifiedActionOf<Counter>> { \.rows }
  static var path: CaseKeyPath<Action, StackActionOf<Counter>> { \.path }
  static var modeCounter: CaseKeyPath<Mode, Counter.State> { \.counter }
  static var mode: CaseKeyPath<Action, Counter.Action> { \.mode }

  var body: some ReducerOf<Self> {
    Scope(state: \.scoped, action: Self.scoped) { Counter() }
    Scope(state: \.mode, action: \.self) {
      EmptyReducer<Mode, Action>()
        .ifCaseLet(Self.modeCounter, action: Self.mode) { Counter() }
    }
    EmptyReducer()
      .ifLet(\.optional, action: Self.optional) { Counter() }
      .ifLet(\.$sheet, action: Self.sheet) { Counter() }
      .forEach(\.rows, action: Self.rows) { Counter() }
      .forEach(\.path, action: Self.path) { Counter() }
  }
}

@MainActor
struct CaseKeyPathOperatorTests {
  @Test func eachOperatorRunsItsChildThroughACaseKeyPathValue() async {
    let store = TestStore(
      initialState: CaseKeyPathParent.State(
        optional: Counter.State(count: 10),
        sheet: Counter.State(count: 20),
        rows: [Counter.State(id: 1, count: 30)],
        path: StackState([Counter.State(count: 40)])
      )
    ) {
      CaseKeyPathParent()
    }
    await store.send(.scoped(.incrementButtonTapped)) { $0.scoped.count = 1 }
    await store.send(.optional(.incrementButtonTapped)) { $0.optional?.count = 11 }
    await store.send(.sheet(.presented(.incrementButtonTapped))) { $0.sheet?.count = 21 }
    await store.send(.rows(.element(id: 1, action: .incrementButtonTapped))) {
      $0.rows[id: 1]?.count = 31
    }
    await store.send(.path(.element(id: 0, action: .incrementButtonTapped))) {
      $0.path[id: 0]?.count = 41
    }
    await store.send(.mode(.incrementButtonTapped)) {
      $0.mode = .counter(Counter.State(count: 1))
    }
    await store.send(.sheet(.dismiss)) { $0.sheet = nil }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func scopedStoresReachTheSameChildrenThroughACaseKeyPathValue() {
    let store = Store(
      initialState: CaseKeyPathParent.State(optional: Counter.State(count: 10))
    ) {
      CaseKeyPathParent()
    }
    let optional = store.scope(state: \.optional, action: CaseKeyPathParent.optional)
    optional?.send(.incrementButtonTapped)
    #expect(store.optional?.count == 11)
    #expect(store.scope(state: \.optional, action: \.optional) === optional)
  }
}

/// `\.sheet.presented` as a key path of case paths (what `store.scope(state:action:)` takes
/// written at the call) goes through the library's subscript for presented children, which
/// finds the child's case path once: it embeds and extracts as the general one does.
struct PresentedCasePathTests {
  typealias Action = CaseKeyPathParent.Action

  @Test func aPresentedChildsCasePathEmbedsAndExtractsThroughItsParent() {
    let keyPath: KeyPath<Action.AllCasePaths, AnyCasePath<Action, Counter.Action>> =
      \.sheet.presented
    let casePath = Action.allCasePaths[keyPath: keyPath]
    #expect(casePath.embed(.incrementButtonTapped) == .sheet(.presented(.incrementButtonTapped)))
    #expect(casePath.extract(from: .sheet(.presented(.timerTicked))) == .timerTicked)
    #expect(casePath.extract(from: .sheet(.dismiss)) == nil)
    #expect(casePath.extract(from: .scoped(.timerTicked)) == nil)
    // The same through swift-case-paths' case key path.
    let caseKeyPath: CaseKeyPath<Action, Counter.Action> = \.sheet.presented
    #expect(casePath.embed(.stopTimer) == caseKeyPath(.stopTimer))
  }
}
