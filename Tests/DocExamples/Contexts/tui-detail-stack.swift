// A feature that pushes details onto a stack (`path`), its root and detail views, and a view
// over `@Bindable var store` whose body is the example.
@Reducer
struct Detail {
  @ObservableState
  struct State: Equatable { var title = "" }
  enum Action { case closeButtonTapped }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .run { _ in await dismiss() } }
  }
}

@Reducer
struct Root {
  @ObservableState
  struct State: Equatable { var path = StackState<Detail.State>() }
  enum Action { case path(StackActionOf<Detail>) }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path) { Detail() }
  }
}

struct RootView: View {
  let store: StoreOf<Root>
  var body: some View { NavigationLink("Open", state: Detail.State(title: "Details")) }
}

struct DetailView: View {
  let store: StoreOf<Detail>
  var body: some View { Text(store.title).navigationTitle(store.title) }
}

struct RootStack: View {
  @Bindable var store: StoreOf<Root>
  var body: some View {
    // example
  }
}
