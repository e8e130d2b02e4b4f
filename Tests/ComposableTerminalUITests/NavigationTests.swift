import ComposableTerminalUI
import TerminalUI
import TerminalUITesting
import Testing

@Reducer
private struct Step {
  @ObservableState
  struct State: Equatable {
    var title: String
    var text = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
  var body: some ReducerOf<Self> { BindingReducer() }
}

@Reducer
private struct Flow {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Step.State>()
    var popped: [StackElementID] = []
  }
  enum Action {
    case path(StackActionOf<Step>)
    case pushTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path(.popFrom(let id)):
        state.popped.append(id)
        return .none
      case .path:
        return .none
      case .pushTapped:
        state.path.append(Step.State(title: "Step \(state.path.count + 1)"))
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Step() }
  }
}

private struct StepView: View {
  @Bindable var store: StoreOf<Step>
  var body: some View {
    VStack {
      TextField("Notes", text: $store.text)
      Button("Done") {}
    }
    .navigationTitle(store.title)
  }
}

private struct FlowView: View {
  @Bindable var store: StoreOf<Flow>
  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      VStack {
        Text("Welcome")
        Button("Next", shortcut: .ctrl("n")) { store.send(.pushTapped) }
      }
      .navigationTitle("Sign up")
    } destination: { store in
      StepView(store: store)
    }
  }
}

private struct LinkingFlowView: View {
  @Bindable var store: StoreOf<Flow>
  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      NavigationLink("First", state: Step.State(title: "Linked 1"), shortcut: .ctrl("l"))
    } destination: { store in
      VStack {
        NavigationLink("Deeper", state: Step.State(title: "Linked 2"), shortcut: .ctrl("l"))
        NavigationLink("Wrong type", state: 42, shortcut: .ctrl("w"))
      }
      .navigationTitle(store.title)
    }
  }
}

@MainActor
struct NavigationTests {
  @Test func changesToADeepLinkedCoveredScreenDrawNoFrame() {
    var state = Flow.State()
    state.path.append(Step.State(title: "Covered"))
    state.path.append(Step.State(title: "Top"))
    let covered = state.path.ids[0]
    let store = Store(initialState: state) { Flow() }
    let app = Application(backend: HeadlessBackend(width: 40, height: 4)) {
      NavigationStack(path: store.scope(state: \.path, action: \.path)) {
        Text("Root")
      } destination: { step in
        Text("Notes: \(step.text)").navigationTitle(step.title)
      }
    }
    app.renderIfNeeded()
    #expect(app.backend.size.width == 40)
    let frames = app.frameCount
    for index in 0..<20 {
      store.send(.path(.element(id: covered, action: .binding(.set(\.text, "\(index)")))))
      app.renderIfNeeded()
    }
    #expect(store.path[id: covered]?.text == "19")
    #expect(app.frameCount == frames)
  }

  @Test func aLinkPushesItsStateWithTheNextIdAndALinkNoStackTakesIsDisabled() {
    let store = Store(initialState: Flow.State()) { Flow() }
    let backend = HeadlessBackend(width: 50, height: 6)
    let app = Application(backend: backend) { LinkingFlowView(store: store) }
    app.renderIfNeeded()
    app.handle([.ctrl("l")])
    app.handle([.ctrl("l")])
    #expect(store.path.map(\.title) == ["Linked 1", "Linked 2"])
    #expect(store.path.ids.count == 2 && store.path.ids[0] < store.path.ids[1])
    app.handle([.ctrl("w")])
    #expect(store.path.count == 2)
    #expect(backend.buffer.lines[0].hasPrefix("Linked 1 › Linked 2"))
    app.handle([.tab])
    #expect(app.focusedIndex == 0, "the disabled link is skipped by Tab")
  }

  @Test func escPopsTheTopScreenBySendingTheStackAction() {
    let store = Store(initialState: Flow.State()) { Flow() }
    let backend = HeadlessBackend(width: 40, height: 6)
    let app = Application(backend: backend) { FlowView(store: store) }
    app.renderIfNeeded()
    app.handle([.ctrl("n")])
    app.handle([.ctrl("n")])
    #expect(store.path.count == 1, "the root's shortcut is inactive under the pushed screen")
    store.send(.pushTapped)
    app.renderIfNeeded()
    #expect(store.path.count == 2)
    #expect(backend.buffer.lines[0].hasPrefix("Sign up › Step 1 › Step 2"))
    app.handle([.escape])
    #expect(store.path.count == 1)
    #expect(store.popped == [1])
    #expect(backend.buffer.lines[0].hasPrefix("Sign up › Step 1 "))
    app.handle([.escape, .escape])
    #expect(store.path.isEmpty)
    #expect(store.popped == [1, 0])
  }

  @Test func onlyTheTopScreensControlsAreFocusedAndFocusStartsOnThem() {
    let store = Store(initialState: Flow.State()) { Flow() }
    let backend = HeadlessBackend(width: 40, height: 6)
    let app = Application(backend: backend) { FlowView(store: store) }
    app.renderIfNeeded()
    app.handle([.ctrl("n")])
    app.handle(Array("hi").map { .character($0) })
    #expect(store.path.first?.text == "hi")
    app.handle([.tab, .tab])
    #expect(app.focusedIndex == 0)
  }

  @Test func theBreadcrumbMatchesItsSnapshotWideAndNarrow() {
    let store = Store(
      initialState: Flow.State(
        path: StackState([Step.State(title: "Basics"), Step.State(title: "Personal info")]))
    ) { Flow() }
    let wide = HeadlessBackend(width: 50, height: 5)
    Application(backend: wide) { FlowView(store: store) }.renderIfNeeded()
    assertScreen(wide, named: "wide")
    let narrow = HeadlessBackend(width: 20, height: 5)
    Application(backend: narrow) { FlowView(store: store) }.renderIfNeeded()
    assertScreen(narrow, named: "narrow")
    let tiny = HeadlessBackend(width: 1, height: 1)
    Application(backend: tiny) { FlowView(store: store) }.renderIfNeeded()
    #expect(tiny.buffer.lines.count == 1)
  }

  @Test func nestedStacksPopTheInnermostFirstAndShowTheWholeChain() {
    let outer = Store(initialState: Flow.State()) { Flow() }
    let inner = Store(initialState: Flow.State()) { Flow() }
    let backend = HeadlessBackend(width: 60, height: 6)
    let app = Application(backend: backend) {
      NavigationStack(path: outer.scope(state: \.path, action: \.path)) {
        Button("Open", shortcut: .character("o")) { outer.send(.pushTapped) }
          .navigationTitle("Studies")
      } destination: { _ in
        FlowView(store: inner)
      }
    }
    app.renderIfNeeded()
    app.handle([.character("o")])
    app.handle([.ctrl("n")])
    #expect(backend.buffer.lines[0].hasPrefix("Studies › Sign up › Step 1"))
    app.handle([.escape])
    #expect(inner.path.isEmpty)
    #expect(outer.path.count == 1)
    app.handle([.escape])
    #expect(outer.path.isEmpty)
  }
}
