import ComposableArchitecture
import Testing

/// `store.scope(state: \.child, action: \.child)` resolves `\.child` to the case's own
/// `AllCasePaths` property, which a short list finds by identity; these tests pin that it
/// answers exactly as scoping through a case key path does.
@MainActor
struct ScopedStoreCacheTests {
  struct Holder: Reducer {
    struct State: Equatable {
      var child: Counter.State?
      var rows: IdentifiedArrayOf<Counter.State> = []
    }
    @CasePathable
    enum Action: Equatable {
      case child(Counter.Action)
      case rows(IdentifiedActionOf<Counter>)
      case present(Int)
      case dismiss
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .present(count):
          state.child = Counter.State(count: count)
        case .dismiss:
          state.child = nil
        case .child, .rows:
          break
        }
        return .none
      }
      .ifLet(\.child, action: \.child) { Counter() }
      .forEach(\.rows, action: \.rows) { Counter() }
    }
  }

  /// Rows, one of which an action replaces by another.
  struct Replacing: Reducer {
    struct State: Equatable { var rows: IdentifiedArrayOf<Counter.State> = [] }
    @CasePathable
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Counter>)
      case replace(Int, with: Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case let .replace(old, new) = action {
          state.rows.remove(id: old)
          state.rows.append(Counter.State(id: new))
        }
        return .none
      }
      .forEach(\.rows, action: \.rows) { Counter() }
    }
  }

  /// Ten children, more than the short list holds.
  struct Many: Reducer {
    struct State: Equatable {
      var a = Counter.State(count: 0)
      var b = Counter.State(count: 1)
      var c = Counter.State(count: 2)
      var d = Counter.State(count: 3)
      var e = Counter.State(count: 4)
      var f = Counter.State(count: 5)
      var g = Counter.State(count: 6)
      var h = Counter.State(count: 7)
      var i = Counter.State(count: 8)
      var j = Counter.State(count: 9)
    }
    @CasePathable
    enum Action: Equatable {
      case a(Counter.Action), b(Counter.Action), c(Counter.Action), d(Counter.Action)
      case e(Counter.Action), f(Counter.Action), g(Counter.Action), h(Counter.Action)
      case i(Counter.Action), j(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.j, action: \.j) { Counter() }
    }
  }

  @Test func aCaseKeyPathAndTheCaseItselfScopeToTheSameStore() {
    let store = Store(initialState: StoreTests.Parent.State()) { StoreTests.Parent() }
    let path: CaseKeyPath<StoreTests.Parent.Action, Counter.Action> = \.child
    let throughPath = store.scope(state: \.child, action: path)
    #expect(store.scope(state: \.child, action: \.child) === throughPath)
    #expect(store.scope(\.child, action: \.child) === throughPath)
    #expect(store.scope(state: \.child, action: path) === throughPath)
  }

  @Test func theCaseItselfFirstThenACaseKeyPath() {
    let store = Store(initialState: StoreTests.Parent.State()) { StoreTests.Parent() }
    let throughCase = store.scope(state: \.child, action: \.child)
    let path: CaseKeyPath<StoreTests.Parent.Action, Counter.Action> = \.child
    #expect(store.scope(state: \.child, action: path) === throughCase)
    throughCase.send(.incrementButtonTapped)
    #expect(store.child.count == 1)
    #expect(store.log == ["parent saw incrementButtonTapped"])
  }

  @Test func anOptionalChildComesAndGoesWithItsState() throws {
    let store = Store(initialState: Holder.State()) { Holder() }
    #expect(store.scope(state: \.child, action: \.child) == nil)
    #expect(store.scope(state: \.child, action: \.child) == nil)

    store.send(.present(5))
    let first = try #require(store.scope(state: \.child, action: \.child))
    #expect(store.scope(state: \.child, action: \.child) === first)
    #expect(store.scope(\.child, action: \.child) === first)
    first.send(.incrementButtonTapped)
    #expect(first.count == 6)

    store.send(.dismiss)
    #expect(store.scope(state: \.child, action: \.child) == nil)
    #expect(first.count == 6)  // the last state it read

    store.send(.present(1))
    let second = try #require(store.scope(state: \.child, action: \.child))
    #expect(second !== first)
    #expect(second.count == 1)
    let path: CaseKeyPath<Holder.Action, Counter.Action> = \.child
    #expect(store.scope(state: \.child, action: path) === second)
  }

  @Test func anOptionalChildDismissedThroughACaseKeyPathIsGoneForTheCaseToo() throws {
    let store = Store(initialState: Holder.State(child: Counter.State(count: 3))) { Holder() }
    let first = try #require(store.scope(state: \.child, action: \.child))
    store.send(.dismiss)
    let path: CaseKeyPath<Holder.Action, Counter.Action> = \.child
    #expect(store.scope(state: \.child, action: path) == nil)
    store.send(.present(7))
    let second = try #require(store.scope(state: \.child, action: \.child))
    #expect(second !== first)
    #expect(second.count == 7)
  }

  @Test func moreScopesThanTheShortListHoldsStillFindTheirStores() {
    let store = Store(initialState: Many.State()) { Many() }
    func all() -> [Store<Counter.State, Counter.Action>] {
      [
        store.scope(state: \.a, action: \.a), store.scope(state: \.b, action: \.b),
        store.scope(state: \.c, action: \.c), store.scope(state: \.d, action: \.d),
        store.scope(state: \.e, action: \.e), store.scope(state: \.f, action: \.f),
        store.scope(state: \.g, action: \.g), store.scope(state: \.h, action: \.h),
        store.scope(state: \.i, action: \.i), store.scope(state: \.j, action: \.j),
      ]
    }
    let first = all()
    #expect(first.map(\.count) == Array(0..<10))
    for _ in 0..<3 {
      #expect(zip(all(), first).allSatisfy { $0 === $1 })
    }
    first[9].send(.incrementButtonTapped)
    #expect(store.j.count == 10)
  }

  @Test func rowsScopedThroughTheirCaseAreACollectionOfStores() {
    let store = Store(
      initialState: Holder.State(rows: [Counter.State(id: 1), Counter.State(id: 2, count: 4)])
    ) {
      Holder()
    }
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.count) == [0, 4])
    rows[1].send(.incrementButtonTapped)
    #expect(store.rows[id: 2]?.count == 5)
    #expect(store.scope(state: \.rows, action: \.rows)[1] === rows[1])
  }

  @Test func aRowKeepsItsStoreFromFrameToFrameAndWhenRowsMove() {
    let store = Store(
      initialState: Holder.State(rows: [Counter.State(id: 1), Counter.State(id: 2, count: 4)])
    ) {
      Holder()
    }
    let first = Array(store.scope(state: \.rows, action: \.rows))
    let rowsStore: Store<IdentifiedArrayOf<Counter.State>, IdentifiedActionOf<Counter>> =
      store.scope(state: \.rows, action: \.rows)
    let path: CaseKeyPath<IdentifiedActionOf<Counter>, Counter.Action> = \.[id: 2]
    #expect(rowsStore.scope(state: \.[id: 2], action: path) === first[1])
    #expect(zip(store.scope(state: \.rows, action: \.rows), first).allSatisfy { $0 === $1 })

    var state = store.withState { $0 }
    state.rows.swapAt(0, 1)
    let moved = Store(initialState: state) { Holder() }
    let movedRows = Array(moved.scope(state: \.rows, action: \.rows))
    #expect(movedRows.map(\.state.id) == [2, 1])
    #expect(movedRows.map(\.count) == [4, 0])
  }

  @Test func aReplacedRowsStoreIsFreedWhenTheNewRowsStoreIsMade() {
    let store = Store(
      initialState: Replacing.State(rows: [Counter.State(id: 1), Counter.State(id: 2)])
    ) {
      Replacing()
    }
    weak var replaced: Store<Counter.State, Counter.Action>?
    do {
      let rows = store.scope(state: \.rows, action: \.rows)
      replaced = rows[0]
      _ = rows[1]
    }
    #expect(replaced != nil)
    store.send(.replace(1, with: 3))
    let rows = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.state.id) == [2, 3])
    #expect(replaced == nil)
  }
}
