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

/// A stack whose pages each watch something while on screen; `n` on the root pushes a page.
@Reducer
private struct Pages {
  @ObservableState
  struct State: Equatable {
    var path = StackState<Page.State>()
  }
  enum Action {
    case path(StackActionOf<Page>)
    case newPageTapped
  }
  @Reducer
  struct Page {
    @ObservableState
    struct State: Equatable {
      var starts = 0
    }
    enum Action {
      case task
      case ticked
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .task:
          state.starts += 1
          return .run { send in
            while true {
              try await Task.sleep(for: .seconds(1_000))
              await send(.ticked)
            }
          }
        case .ticked:
          return .none
        }
      }
    }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .path:
        return .none
      case .newPageTapped:
        state.path.append(Page.State())
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Page() }
  }
}

private struct PagesView: View {
  @Bindable var store: StoreOf<Pages>
  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      Text("Pages")
        .keys(KeyTable { KeyBinding(.character("n"), "new page", Pages.Action.newPageTapped) }) {
          store.send($0)
        }
    } destination: { page in
      Text("Page")
        .task { await page.send(.task).finish() }
    }
  }
}

@MainActor
struct TaskModifierTests {
  /// Esc and `n` read together (one terminal read) pop a page and push another in its place
  /// before any frame is drawn: the new page's task is its own, and the popped page's task
  /// stops (before, the new page shared the popped page's task, which went on sending actions
  /// to an element that was gone and the new page never started watching).
  @Test func aPagePoppedAndAnotherPushedInOneBatchEachHaveTheirOwnTask() async throws {
    let store = Store.settling(initialState: Pages.State()) { Pages() }
    let app = Application(backend: HeadlessBackend(width: 20, height: 3)) {
      PagesView(store: store)
    }
    app.handle([.character("n")])
    await store.settle()
    let first = try #require(store.path.ids.last)
    #expect(store.path.last?.starts == 1)
    #expect(store.runningEffectCount == 1)
    app.handle([.escape, .character("n")])
    await store.settle()
    #expect(store.path.count == 1)
    #expect(store.path.ids.last != first)
    #expect(store.path.last?.starts == 1, "the pushed page's task started")
    #expect(store.runningEffectCount == 1, "the popped page's task stopped")
    app.finish()
    await store.settle()
    #expect(store.runningEffectCount == 0)
  }

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
