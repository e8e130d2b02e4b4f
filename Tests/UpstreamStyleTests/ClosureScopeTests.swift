import ComposableArchitecture
import Testing

// Upstream's older store scoping with closures (`store.scope(state: { $0.child }, action: {
// .child($0) })`), as its store tests write it: deprecated, and still working.

@Reducer
private struct Child {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action: Equatable {
    case incrementButtonTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.count += 1
      return .none
    }
  }
}

@Reducer
private struct Parent {
  @ObservableState
  struct State: Equatable {
    var child = Child.State()
    var log: [String] = []
  }
  enum Action: Equatable {
    case child(Child.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.child, action: \.child) {
      Child()
    }
    Reduce { state, action in
      state.log.append("child: \(state.child.count)")
      return .none
    }
  }
}

/// Code written with the closure scope, run by ``ClosureScopeTests``.
protocol ClosureScopeScenario {
  @MainActor func run()
}
struct ClosureScopeSpellings {}

@MainActor
struct ClosureScopeTests {
  @Test func aStoreScopedWithClosuresReadsAndSendsThroughItsParent() throws {
    // Found by a dynamic cast: naming the deprecated conformance here would warn.
    let scenario = try #require(ClosureScopeSpellings() as Any as? any ClosureScopeScenario)
    scenario.run()
  }
}

@available(*, deprecated)
extension ClosureScopeSpellings: ClosureScopeScenario {
  @MainActor
  func run() {
    let parent = Store(initialState: Parent.State()) {
      Parent()
    }
    let child = parent.scope(state: { $0.child }, action: { .child($0) })
    #expect(child.count == 0)
    child.send(.incrementButtonTapped)
    #expect(child.count == 1, "the child reads the parent's state as it is now")
    #expect(parent.log == ["child: 1"], "the parent's reducer got the child's action")

    // Scoped again, with closures or key paths.
    let count = child.scope(state: { $0.count }, action: { $0 })
    parent.send(.child(.incrementButtonTapped))
    #expect(count.withState { $0 } == 2)
    let grandchild = parent.scope(state: { $0 }, action: { $0 }).scope(
      state: \.child, action: \.child)
    grandchild.send(.incrementButtonTapped)
    #expect(parent.child.count == 3)
  }
}
