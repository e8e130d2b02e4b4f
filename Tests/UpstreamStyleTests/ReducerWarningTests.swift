import ComposableArchitecture
import Testing

// Runtime warnings of the scoping reducers, and what a stack does with pushed ids, written as
// upstream's reducer tests write them.

private struct PushChild: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {}
  var body: some Reducer<State, Action> {
    EmptyReducer()
  }
}

@MainActor
struct StackPushTests {
  fileprivate struct Parent: Reducer {
    struct State: Equatable {
      var children = StackState<PushChild.State>()
    }
    @CasePathable
    enum Action: Equatable {
      case child(StackActionOf<PushChild>)
      case push
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child:
          return .none
        case .push:
          state.children.append(PushChild.State())
          return .none
        }
      }
      .forEach(\.children, action: \.child) { PushChild() }
    }
  }
  let line: UInt = #line - 3

  @Test func pushAppendPushAndPushAgainAfterPoppingEverything() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 1] = PushChild.State()
    }
    await store.send(.child(.push(id: 2, state: PushChild.State()))) {
      $0.children[id: 2] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 3] = PushChild.State()
    }
    await store.send(.child(.popFrom(id: 0))) {
      $0.children = StackState()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await store.send(.push) {
      $0.children[id: 4] = PushChild.State()
    }
  }

  @Test func pushReusedID() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await store.send(.child(.push(id: 0, state: PushChild.State()))) {
      $0.children[id: 0] = PushChild.State()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 0, state: PushChild.State())))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received a "push" action for an element it already \
        contains. …

          ID:
            #0
          Path IDs:
            [#0]
        """
    }
  }

  @Test func pushIDGreaterThanNextGeneration() async {
    let store = TestStore(initialState: Parent.State()) {
      Parent()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 1, state: PushChild.State()))) {
        $0.children[id: 1] = PushChild.State()
      }
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received a "push" action with an unexpected \
        generational ID. …

          Received ID:
            #1
          Expected ID:
            #0
        """
    }
    // The generator moved past the pushed id.
    await store.send(.push) {
      $0.children[id: 2] = PushChild.State()
    }
  }
}

@MainActor
struct StackWarningTests {
  fileprivate struct Parent: Reducer {
    struct State: Equatable {
      var path = StackState<Int>()
    }
    @CasePathable
    enum Action {
      case path(StackAction<Int, Void>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path) {}
    }
  }
  let line: UInt = #line - 3

  @Test func sendActionWithIDThatDoesNotExist() async {
    let store = TestStore(initialState: Parent.State(path: StackState([1]))) {
      Parent()
    }
    await withKnownIssue {
      await store.send(.path(.element(id: 999, action: ())))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received an action for a missing element. …

          Action:
            ()

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        • This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a store when \
        its state contains an element at this id. In SwiftUI applications, use \
        "NavigationStack.init(path:)" with a binding to a store.
        """
    }
  }

  @Test func popIDThatDoesNotExist() async {
    let store = TestStore(initialState: Parent.State(path: StackState([1]))) {
      Parent()
    }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 999)))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received a "popFrom" action for a missing element. …

          ID:
            #999
          Path IDs:
            [#0]
        """
    }
  }

  @Test func mismatchedIDFailureShowsTheStackKeyedByID() async {
    let store = TestStore(initialState: StackPushTests.Parent.State()) {
      StackPushTests.Parent()
    }
    await withKnownIssue {
      await store.send(.child(.push(id: 0, state: PushChild.State()))) {
        $0.children[id: 1] = PushChild.State()
      }
    } matching: { issue in
      plainMessage(of: issue) == """
        A state change does not match expectation: …

              StackPushTests.Parent.State(
                children: [
            −     #1: PushChild.State()
            +     #0: PushChild.State()
                ]
              )

        (Expected: −, Actual: +)
        """
    }
  }

  @Test func stackStateDump() {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      #expect(String(customDumping: StackState<Int>()) == "[:]")
      #expect(
        String(customDumping: StackState([10, 20])) == """
          [
            #0: 10,
            #1: 20
          ]
          """
      )
    }
  }
}

@Reducer
private struct Elements {
  struct State: Equatable {
    struct Row: Equatable, Identifiable {
      let id: Int
      var name = ""
    }
    var rows: IdentifiedArrayOf<Row> = []
  }
  enum Action {
    case rows(IdentifiedAction<Int, String>)
  }
}

@Reducer
private struct Child2 {
  @CasePathable
  enum State: Equatable {
    case count(Int)
    case name(String)
  }
  enum Action: Equatable {
    case count(Int)
    case name(String)
  }
}

private struct SomeError: Error, Equatable {}

@MainActor
struct AbsentChildWarningTests {
  @Test func forEachMissingElement() async {
    let store = TestStore(initialState: Elements.State()) {
      EmptyReducer<Elements.State, Elements.Action>()
        .forEach(\.rows, action: \.rows) {}
    }
    let line = #line - 2
    await withKnownIssue {
      await store.send(.rows(.element(id: 1, action: "Blob Esq.")))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "forEach" at "\(#fileID):\(line)" received an action for a missing element. …

          Action:
            Elements.Action.rows(.element(id:, action:))

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This reducer \
        must run before any other reducer removes an element, which ensures that element \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living effect.

        • This action was sent to the store while its state contained no element at this ID. To \
        fix this make sure that actions for this reducer can only be sent from a view store when \
        its state contains an element at this id. In SwiftUI applications, use "ForEachStore".
        """
    }
  }

  @Test func ifLetNilChild() async {
    let store = TestStore(initialState: Int?.none) {
      EmptyReducer<Int?, Void>()
        .ifLet(\.self, action: \.self) {}
    }
    let line = #line - 2
    await withKnownIssue {
      await store.send(())
    } matching: { issue in
      plainMessage(of: issue) == """
        An "ifLet" at "\(#fileID):\(line)" received a child action when child state was \
        "nil". …

          Action:
            ()

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer set child state to "nil" before this reducer ran. This reducer must \
        run before any other reducer sets child state to "nil". This ensures that child \
        reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was "nil". While it may be \
        perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state becomes "nil", especially if it is a long-living effect.

        • This action was sent to the store while state was "nil". Make sure that actions for \
        this reducer can only be sent from a view store when state is non-"nil". In SwiftUI \
        applications, use "IfLetStore".
        """
    }
  }

  @Test func ifCaseLetNilChild() async {
    let store = TestStore(initialState: Result<Int, SomeError>.failure(SomeError())) {
      EmptyReducer<Result<Int, SomeError>, Result<Int, SomeError>>()
        .ifCaseLet(\.success, action: \.success) {}
    }
    let line = #line - 2
    await withKnownIssue {
      await store.send(.success(1))
    } matching: { issue in
      plainMessage(of: issue) == """
        An "ifCaseLet" at "\(#fileID):\(line)" received a child action when child state was \
        set to a different case. …

          Action:
            Result.success(1)
          State:
            Result.failure(SomeError())

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer set "Result" to a different case before this reducer ran. This \
        reducer must run before any other reducer sets child state to a different case. This \
        ensures that child reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a view store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
    }
  }

  @Test func scopeNilChild() async {
    let store = TestStoreOf<Child2>(initialState: Child2.State.count(0)) {
      Scope(state: \.name, action: \.name) {}
    }
    let line = #line - 2
    await withKnownIssue {
      await store.send(.name("Blob"))
    } matching: { issue in
      plainMessage(of: issue) == """
        A "Scope" at "\(#fileID):\(line)" received a child action when child state was set to \
        a different case. …

          Action:
            Child2.Action.name
          State:
            Child2.State.count

        This is generally considered an application logic error, and can happen for a few reasons:

        • A parent reducer set "Child2.State" to a different case before the scoped reducer ran. \
        Child reducers must run before any parent reducer sets child state to a different case. \
        This ensures that child reducers can handle their actions while their state is still \
        available. Consider using "Reducer.ifCaseLet" to embed this child reducer in the \
        parent reducer that change its state to ensure the child reducer runs first.

        • An in-flight effect emitted this action when child state was unavailable. While it may \
        be perfectly reasonable to ignore this action, consider canceling the associated effect \
        before child state changes to another case, especially if it is a long-living effect.

        • This action was sent to the store while state was another case. Make sure that actions \
        for this reducer can only be sent from a view store when state is set to the appropriate \
        case. In SwiftUI applications, use "SwitchStore".
        """
    }
  }
}

@MainActor
struct EphemeralIfLetTests {
  fileprivate struct Parent: Reducer {
    struct State: Equatable {
      var alert: AlertState<AlertAction>?
    }
    @CasePathable
    enum Action: Equatable {
      case alert(AlertAction)
      case tap
    }
    enum AlertAction: Equatable {
      case again
      case ok
    }
    var withEmptyChild = false
    var body: some Reducer<State, Action> {
      let base = Reduce<State, Action> { state, action in
        switch action {
        case .alert(.ok):
          return .none
        case .alert(.again), .tap:
          state.alert = AlertState { TextState("Hi!") }
          return .none
        }
      }
      if withEmptyChild {
        base.ifLet(\.alert, action: \.alert) {}
      } else {
        base.ifLet(\.alert, action: \.alert)
      }
    }
  }

  @Test(arguments: [false, true])
  func ephemeralState(withEmptyChild: Bool) async {
    let store = TestStore(initialState: Parent.State()) {
      Parent(withEmptyChild: withEmptyChild)
    }
    await store.send(.tap) {
      $0.alert = AlertState { TextState("Hi!") }
    }
    // Another alert in its place stays up.
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }

  @Test func nonEphemeralChildStaysAfterItsActions() async {
    let store = TestStore(initialState: Int?.some(1)) {
      Reduce<Int?, Void> { state, _ in
        state? += 1
        return .none
      }
      .ifLet(\.self, action: \.self) {}
    }
    await store.send(()) { $0 = 2 }
  }

  @Test func olderEphemeralSpellingDismisses() async throws {
    // Found by a dynamic cast: naming the deprecated conformance here would warn.
    let scenario = try #require(OlderEphemeralSpelling() as Any as? any LegacySpellingScenario)
    await scenario.run()
  }
}

struct OlderEphemeralSpelling {}

@available(*, deprecated)
extension OlderEphemeralSpelling: LegacySpellingScenario {
  private struct Feature: Reducer {
    struct State: Equatable {
      var alert: AlertState<AlertAction>?
    }
    enum Action: Equatable {
      case alert(AlertAction)
      case tap
    }
    enum AlertAction: Equatable {
      case again
      case ok
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.ok):
          return .none
        case .alert(.again), .tap:
          state.alert = AlertState(title: TextState("Hello"))
          return .none
        }
      }
      .ifLet(\.alert, action: /Action.alert)
    }
  }

  @MainActor
  func run() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.tap) {
      $0.alert = AlertState(title: TextState("Hello"))
    }
    await store.send(.alert(.again))
    await store.send(.alert(.ok)) {
      $0.alert = nil
    }
  }
}

@MainActor
struct LegacyCaseSubscriptTests {
  @Test func stackAndPresentationStateSubscriptCase() async throws {
    // Found by a dynamic cast: naming the deprecated conformance here would warn.
    let scenario = try #require(LegacyCaseSubscripts() as Any as? any LegacySpellingScenario)
    await scenario.run()
  }
}

struct LegacyCaseSubscripts {}

@available(*, deprecated)
extension LegacyCaseSubscripts: LegacySpellingScenario {
  private enum Element: Equatable {
    case int(Int)
    case text(String)
  }
  private struct Parent: Equatable {
    @PresentationState var child: Element?
  }

  @MainActor
  func run() async {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      var stack = StackState<Element>([.int(42)])
      stack[id: 0, case: /Element.int]? += 1
      #expect(stack[id: 0] == .int(43))
      withKnownIssue {
        stack[id: 0, case: /Element.text]?.append("!")
      } matching: { issue in
        message(of: issue) == #"Can't modify unrelated case "int""#
      }
      withKnownIssue {
        stack[id: 0, case: /Element.text] = nil
      } matching: { issue in
        message(of: issue) == #"Can't modify unrelated case "int""#
      }
      #expect(Array(stack) == [.int(43)])
      stack[id: 0, case: /Element.int] = nil
      #expect(stack.isEmpty)
    }

    var parent = Parent(child: .int(42))
    parent.$child[case: /Element.int]? += 1
    #expect(parent.child == .int(43))
    withKnownIssue {
      parent.$child[case: /Element.text]?.append("!")
    } matching: { issue in
      message(of: issue) == #"Can't modify unrelated case "int""#
    }
    withKnownIssue {
      parent.$child[case: /Element.text] = nil
    } matching: { issue in
      message(of: issue) == #"Can't modify unrelated case "int""#
    }
    #expect(parent.child == .int(43))
    parent.$child[case: /Element.int] = nil
    #expect(parent.child == nil)
  }
}
