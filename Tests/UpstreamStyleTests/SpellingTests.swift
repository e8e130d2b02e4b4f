import ComposableArchitecture
import Testing

// Spellings upstream users write that a terminal has no use for (animations) or that few tests
// reach (case paths of stack and identified actions, a shared reader's conveniences): each
// compiles and does what upstream's does.

@Reducer
private struct Lamp {
  @ObservableState
  struct State: Equatable {
    var isOn = false
    var switches = 0
  }
  enum Action: Equatable {
    case switchTapped
    case flipped
    case counted
    case reported(Int)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .switchTapped:
        return .run { send in await send(.flipped, animation: .easeIn(duration: 0.2)) }
      case .flipped:
        state.isOn.toggle()
        return .send(.counted, animation: .spring(duration: 0.3, bounce: 0.1))
      case .counted:
        state.switches += 1
        return .send(.reported(state.switches))
      case .reported:
        return .none
      }
    }
  }
}

@MainActor
struct SpellingTests {
  @Test func actionsSentWithAnAnimationArriveAsIfSentWithout() async {
    let store = TestStore(initialState: Lamp.State()) { Lamp() }
    await store.send(.switchTapped)
    await store.receive(\.flipped) { $0.isOn = true }
    await store.receive(\.counted) { $0.switches = 1 }
    await store.receive(\.reported, 1)
  }

  @Test func timeoutsInNanosecondsAsUpstreamsOlderTestsWriteThem() async {
    let store = TestStore(initialState: Lamp.State()) { Lamp() }
    let task = await store.send(.switchTapped)
    await store.receive({ $0 == .flipped }, timeout: 1_000_000_000) { $0.isOn = true }
    await store.receive(.counted, timeout: 1_000_000_000) { $0.switches = 1 }
    await store.receive(\.reported, 1, timeout: 1_000_000_000)
    await task.finish(timeout: 1_000_000_000)
    await store.send(.switchTapped)
    await store.receive(\.flipped, timeout: 1_000_000_000) { $0.isOn = false }
    await store.receive(\.counted) { $0.switches = 2 }
    await store.receive(\.reported)
    await store.finish(timeout: 1_000_000_000)
  }

  @Test func animationsKeepWhatWasAskedForAndDifferByIt() {
    #expect(Animation.linear(duration: 0.25).name == "linear(0.25)")
    #expect(Animation.easeOut(duration: 1).name == "easeOut(1.0)")
    #expect(Animation.easeIn(duration: 1) != .easeOut(duration: 1))
    #expect(Animation.spring(duration: 0.5) == .spring(duration: 0.5, bounce: 0))
    #expect(Animation.spring(duration: 0.5, bounce: 0.2) != .spring(duration: 0.5))
  }

  @Test func aSignpostedReducerRunsAsItWouldWithout() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { state, action in
        state += action ? 1 : -1
        return .none
      }
      .signpost("Counter")
    }
    await store.send(true) { $0 = 1 }
    await store.send(false) { $0 = 0 }
  }

  @Test func interpolatingSpringsAsSwiftUINamesThem() {
    #expect(Animation.interpolatingSpring.name == "interpolatingSpring")
    #expect(
      Animation.interpolatingSpring(stiffness: 170, damping: 15)
        != Animation.interpolatingSpring(stiffness: 170, damping: 20))
    #expect(
      Animation.interpolatingSpring(duration: 0.3)
        == Animation.interpolatingSpring(duration: 0.3, bounce: 0))
  }

  @Test func aButtonSendsItsActionWithTheAnimationItWasGiven() {
    let plain = ButtonState<String>(action: .send("delete")) { TextState("Delete") }
    let animated = ButtonState<String>(action: .send("delete", animation: .default)) {
      TextState("Delete")
    }
    #expect(animated.action.action == "delete")
    #expect(animated.action.animation == .default)
    #expect(plain.action.animation == nil)
    #expect(animated.action != plain.action, "told apart by the animation, as upstream")
    #expect(animated.action.map { $0.uppercased() }.animation == .default)
    #expect(
      String(customDumping: animated.action) == """
        ButtonStateAction.animatedSend(
          action: "delete",
          animation: "default"
        )
        """)
  }

  @Test func aStackActionsCasePathsEmbedAndExtractEachCase() {
    typealias Action = StackAction<String, Int>
    let element = Action.allCasePaths.element
    #expect(element.embed((id: 3, action: 7)) == .element(id: 3, action: 7))
    #expect(
      element.extract(from: .element(id: 3, action: 7)).map { [$0.id.description, "\($0.action)"] }
        == ["#3", "7"])
    #expect(element.extract(from: .popFrom(id: 3)) == nil)

    let push = Action.allCasePaths.push
    #expect(push.embed((id: 4, state: "four")) == .push(id: 4, state: "four"))
    #expect(push.extract(from: .push(id: 4, state: "four"))?.state == "four")
    #expect(push.extract(from: .element(id: 4, action: 1)) == nil)

    let action: Action = .push(id: 5, state: "five")
    #expect(action[case: \.push]?.id == 5)
    #expect(action[case: \.element] == nil)
  }

  @Test func anIdentifiedActionsCasePathEmbedsAndExtractsTheElement() {
    typealias Action = IdentifiedAction<String, Int>
    let element = Action.allCasePaths.element
    #expect(element.embed((id: "a", action: 1)) == .element(id: "a", action: 1))
    #expect(element.extract(from: .element(id: "b", action: 2))?.id == "b")
    let action: Action = .element(id: "c", action: 3)
    #expect(action[case: \.element]?.action == 3)
  }

  @Test func aSharedReaderOfAConstantAndItsConveniences() async throws {
    @SharedReader var total: Int
    _total = SharedReader(value: 42)
    #expect(total == 42)
    #expect($total.isLoading == false)
    try await $total.load()
    #expect(total == 42)

    @Shared(value: 1) var count: Int
    var reader = $count.reader
    let copy = SharedReader(projectedValue: reader)
    $count.withLock { $0 = 2 }
    #expect(copy.wrappedValue == 2)
    reader.projectedValue = SharedReader(value: 9)
    #expect(reader.wrappedValue == 9)
    #expect(String(customDumping: copy) == "2")
  }
}
