import ComposableArchitecture
import Testing

// A child that goes away (a popped element, a dismissed sheet, a removed row) frees its state,
// its store and its effects, while the parent's store lives on. Each child's state holds a
// token, and the effect it starts captures another; weak references tell when they are freed.

private final class Token: Sendable {}

private struct Tracked: Equatable, Sendable {
  let token: Token
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.token === rhs.token }
}

private struct Holder: Reducer {
  struct State: Equatable, Identifiable {
    var id: Int
    var tracked: Tracked
  }
  enum Action {
    case start(Tracked)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .start(tracked):
      return .run { _ in
        try await Task.sleep(for: .seconds(3600))
        _ = tracked
      }
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable {
    @PresentationState var sheet: Holder.State?
    var path = StackState<Holder.State>()
    var rows: IdentifiedArrayOf<Holder.State> = []
  }
  @CasePathable
  enum Action {
    case sheet(PresentationAction<Holder.Action>)
    case path(StackActionOf<Holder>)
    case rows(IdentifiedActionOf<Holder>)
    case present(Tracked)
    case push(Tracked)
    case addRow(id: Int, Tracked)
    case removeRow(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .present(tracked):
        state.sheet = Holder.State(id: 0, tracked: tracked)
      case let .push(tracked):
        state.path.append(Holder.State(id: state.path.count, tracked: tracked))
      case let .addRow(id, tracked):
        state.rows.append(Holder.State(id: id, tracked: tracked))
      case let .removeRow(id):
        state.rows.remove(id: id)
      case .sheet, .path, .rows:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Holder() }
    .forEach(\.path, action: \.path) { Holder() }
    .forEach(\.rows, action: \.rows) { Holder() }
  }
}

/// Weak references to what one child holds: its state's token, its effect's and its store.
@MainActor
private final class Watched {
  weak var state: Token?
  weak var effect: Token?
  weak var store: StoreOf<Holder>?

  var freed: Bool { state == nil && effect == nil && store == nil }

  /// Makes the child with `make` (given its state's token), scopes to its store with `scope`,
  /// and starts its effect.
  init(
    make: (Tracked) -> Void,
    scope: () -> StoreOf<Holder>?
  ) {
    let stateToken = Token()
    let effectToken = Token()
    state = stateToken
    effect = effectToken
    make(Tracked(token: stateToken))
    let child = scope()
    store = child
    child?.send(.start(Tracked(token: effectToken)))
  }
}

/// How long a test waits for a child to be freed: under ThreadSanitizer, with the whole suite
/// running, these tests have taken 74 s (2026-11-28); a child never freed fails after it.
private let lifetimeWait: Double = 300

@MainActor
struct ChildLifetimeTests {
  @Test func aDismissedSheetFreesItsStateItsStoreAndItsEffect() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let sheet = Watched(
      make: { store.send(.present($0)) },
      scope: { store.scope(state: \.sheet, action: \.sheet.presented) })
    #expect(sheet.store != nil && sheet.effect != nil, "presented and running")
    store.send(.sheet(.dismiss))
    // A view asks for the sheet's store on its next frame, and finds none.
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) == nil)
    let freed = await eventually(within: lifetimeWait) { sheet.freed }
    #expect(freed)
    #expect(store.runningEffectCount == 0)
  }

  @Test func aPoppedElementFreesItsStateItsStoreAndItsEffect() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    let path = store.scope(state: \.path, action: \.path)
    let first = Watched(
      make: { store.send(.push($0)) },
      scope: { path.scope(state: \.[id: path.state.ids[0]], action: \.[id: path.state.ids[0]]) })
    #expect(first.store != nil && first.effect != nil, "pushed and running")
    path.send(.popFrom(id: path.state.ids[0]))
    // The next element pushed and shown: the popped one's store is not kept for it.
    let second = Watched(
      make: { store.send(.push($0)) },
      scope: { path.scope(state: \.[id: path.state.ids[0]], action: \.[id: path.state.ids[0]]) })
    let freed = await eventually(within: lifetimeWait) { first.freed }
    #expect(freed)
    #expect(!second.freed, "the element on screen lives")
    #expect(store.runningEffectCount == 1)
  }

  @Test func removedRowsFreeTheirStoresAndDoNotPileUp() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    var removed: [Watched] = []
    for id in 0..<20 {
      removed.append(
        Watched(
          make: { store.send(.addRow(id: id, $0)) },
          scope: { store.scope(state: \.rows, action: \.rows).first }))
      store.send(.removeRow(id))
    }
    let freed = await eventually(within: lifetimeWait) { removed.dropLast().allSatisfy(\.freed) }
    #expect(freed, "every removed row but the last is freed by the next one's store")
    #expect(store.runningEffectCount == 0)
  }
}
