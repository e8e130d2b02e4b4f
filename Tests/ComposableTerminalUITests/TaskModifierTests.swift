import ComposableTerminalUI
import TerminalUI
import Testing

@Reducer
private struct Watcher {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Watcher.Page.State>()
    var starts = 0
  }
  enum Action {
    case path(StackActionOf<Page>)
    case task
  }
  @Reducer
  struct Page {
    @ObservableState
    struct State: Equatable {}
    enum Action {}
    var body: some ReducerOf<Self> { EmptyReducer() }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path:
        return .none
      case .task:
        state.starts += 1
        return .run { _ in try await Task.sleep(for: .seconds(1_000_000)) }
      }
    }
    .forEach(\.path, action: \.path) { Page() }
  }
}

private struct WatcherView: View {
  @Bindable var store: StoreOf<Watcher>
  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      Text("Watching")
        .task { await store.send(.task).finish() }
    } destination: { _ in
      Text("Covering")
    }
  }
}

@MainActor
struct TaskModifierTests {
  @Test func aTaskRunsWhileItsViewIsOnScreenAndStopsWhenAScreenCoversIt() async {
    let store = Store.settling(initialState: Watcher.State()) { Watcher() }
    let app = Application(backend: HeadlessBackend(width: 20, height: 3)) {
      WatcherView(store: store)
    }
    app.renderIfNeeded()
    await store.settle()
    #expect(store.starts == 1)
    #expect(store.runningEffectCount == 1)
    app.renderIfNeeded()
    await store.settle()
    #expect(store.starts == 1, "a task starts once, not on every frame")
    store.scope(state: \.path, action: \.path).push(Watcher.Page.State())
    app.renderIfNeeded()
    await store.settle()
    #expect(store.runningEffectCount == 0, "the covered view's task was cancelled")
    app.handle([.escape])
    await store.settle()
    #expect(store.starts == 2, "the view's task starts again when it is back on screen")
    #expect(store.runningEffectCount == 1)
    app.finish()
    await store.settle()
    #expect(store.runningEffectCount == 0)
  }
}
