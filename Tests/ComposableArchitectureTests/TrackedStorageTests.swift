import Observation
import Testing

@testable import ComposableArchitecture

// The stack reducer writes a stack that `@ObservableState` tracks straight to its storage
// (`_path`), and tells the observers of `path` itself. These tests use the macros, so the
// storage is the one they generate; `ObservationTests` covers hand-expanded state, whose stack
// is written through its key path.

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.count += 1
      return .none
    }
  }
}

/// A feature whose state is not observable state: every change of it is a change of the field
/// that holds it (a stack here, a presentation in `TrackedPresentationTests`).
struct PlainRow: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case increment
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

@Reducer
private struct Stacks {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Row.State>()
    var plain = StackState<PlainRow.State>()
    @ObservationStateIgnored var ignored = StackState<Row.State>()
    var title = ""
  }
  enum Action {
    case path(StackActionOf<Row>)
    case plain(StackAction<PlainRow.State, PlainRow.Action>)
    case ignored(StackActionOf<Row>)
    case pushFromParent
    case popAllFromParent
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .pushFromParent:
        state.path.append(Row.State())
      case .popAllFromParent:
        state.path.removeAll()
      case .path, .plain, .ignored:
        break
      }
      return .none
    }
    .forEach(\.path, action: \.path) { Row() }
    .forEach(\.plain, action: \.plain) { PlainRow() }
    .forEach(\.ignored, action: \.ignored) { Row() }
  }
}

@MainActor
struct TrackedStorageTests {
  private func makeStore() -> StoreOf<Stacks> {
    Store(initialState: Stacks.State()) {
      Stacks()
    } withDependencies: {
      $0.stackElementID = .incrementing()
    }
  }

  @Test func aTrackedFieldIsFoundWithItsStorageAndOthersAreNot() {
    #expect(_TrackedStorage.of(\Stacks.State.path)?.storage == \Stacks.State._path)
    #expect(_TrackedStorage.of(\Stacks.State.plain)?.storage == \Stacks.State._plain)
    // Asked twice: the second answer comes from the cache, and is the same.
    #expect(_TrackedStorage.of(\Stacks.State.path)?.storage == \Stacks.State._path)
    #expect(_TrackedStorage.of(\Stacks.State.ignored) == nil)
    #expect(_TrackedStorage.of(\Stacks.State.title)?.storage == \Stacks.State._title)
    // A key path through the field reaches further than the field: not its storage.
    #expect(_TrackedStorage.of(\Stacks.State.path[id: 0]) == nil)
    // Hand-expanded state has no shape, so its stack is written through its key path.
    #expect(_TrackedStorage.of(\ObservedParent.State.path) == nil)
  }

  @Test func aPushAndAPopNotifyReadersOfTheStack() {
    let store = makeStore()
    let pushed = observe { _ = store.path }
    store.send(.path(.push(id: 0, state: Row.State())))
    #expect(pushed.value)
    #expect(store.path.ids == [0])

    let popped = observe { _ = store.path }
    store.send(.path(.popFrom(id: 0)))
    #expect(popped.value)
    #expect(store.path.isEmpty)
  }

  @Test func anElementChangedInPlaceNotifiesItsFieldNotTheStack() throws {
    let store = makeStore()
    store.send(.path(.push(id: 0, state: Row.State())))
    let element = try #require(store.scope(state: \.path[id: 0], action: \.path[id: 0]))
    let path = observe { _ = store.path }
    let title = observe { _ = store.title }
    let count = observe { _ = element.count }
    element.send(.increment)
    #expect(!path.value)
    #expect(!title.value)
    #expect(count.value)
    #expect(store.path[id: 0]?.count == 1)
  }

  @Test func anElementThatIsNotObservableStateNotifiesTheStackWhenItChanges() {
    let store = makeStore()
    store.send(.plain(.push(id: 0, state: PlainRow.State())))
    let plain = observe { _ = store.plain }
    let path = observe { _ = store.path }
    store.send(.plain(.element(id: 0, action: .increment)))
    #expect(plain.value)
    #expect(!path.value)
    #expect(store.plain[id: 0]?.count == 1)
  }

  @Test func anIgnoredStackIsWrittenThroughItsKeyPath() {
    let store = makeStore()
    store.send(.ignored(.push(id: 0, state: Row.State())))
    store.send(.ignored(.element(id: 0, action: .increment)))
    #expect(store.ignored[id: 0]?.count == 1)
    store.send(.ignored(.popFrom(id: 0)))
    #expect(store.ignored.isEmpty)
  }

  @Test func theParentsOwnPushesAndPopsStillNotify() {
    let store = makeStore()
    let pushed = observe { _ = store.path }
    store.send(.pushFromParent)
    #expect(pushed.value)
    #expect(store.path.count == 1)
    let popped = observe { _ = store.path }
    store.send(.popAllFromParent)
    #expect(popped.value)
    #expect(store.path.isEmpty)
  }

  @Test func aTestStoreAssertsThePushTheSendAndThePopOfATrackedStack() async {
    let store = TestStore(initialState: Stacks.State()) { Stacks() }
    await store.send(.path(.push(id: 0, state: Row.State()))) {
      $0.path[id: 0] = Row.State()
    }
    await store.send(.path(.element(id: 0, action: .increment))) {
      $0.path[id: 0]?.count = 1
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }
}
