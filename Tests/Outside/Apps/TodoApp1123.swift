// A todo app as a user wrote it on 2026-11-23, against that day's products: its own key loop on
// `Application` and `TerminalSession.events()`, a stack, an alert and a list of a set. One line
// differs from what was written then: the store glue moved to ComposableTerminalUI that evening,
// and `import TerminalUI` (with `import ComposableArchitecture`) became `import
// ComposableTerminalUI` (CHANGELOG.md says why the old import cannot stay). Tests/Outside builds
// it against this release and runs it on a pseudo-terminal.
import ComposableTerminalUI
import TerminalUINCurses

@Reducer
struct Todos {
  @ObservableState
  struct State: Equatable {
    var titles: Set<String> = ["Buy milk", "Call Ada"]
    var selection: String?
    var path = StackState<Detail.State>()
    @Presents var alert: AlertState<Action.Alert>?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case deleteTapped
    case openTapped
    case path(StackActionOf<Detail>)
    case select(String?)
    enum Alert: Equatable { case confirmDeletion }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmDeletion)):
        if let selection = state.selection { state.titles.remove(selection) }
        return .none
      case .deleteTapped:
        state.alert = AlertState {
          TextState("Delete it?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .openTapped:
        if let selection = state.selection { state.path.append(Detail.State(title: selection)) }
        return .none
      case .select(let title):
        state.selection = title
        return .none
      case .alert, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Detail() }
    .ifLet(\.$alert, action: \.alert)
  }
}

@Reducer
struct Detail {
  @ObservableState
  struct State: Equatable {
    var title: String
  }
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

struct TodosView: View {
  @Bindable var store: StoreOf<Todos>
  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      VStack {
        Text("Todos: \(store.titles.count)")
        List(
          store.titles.sorted(), id: \.self,
          selection: Binding(get: { store.selection }, set: { store.send(.select($0)) }),
          onActivate: { _ in store.send(.openTapped) }
        ) { Text($0) }
        Button("Delete", shortcut: .character("d")) { store.send(.deleteTapped) }
      }
    } destination: { store in
      Text("Todo: \(store.title)")
    }
    .alert($store.scope(state: \.alert, action: \.alert))
  }
}

let store = Store(initialState: Todos.State()) { Todos() }
let session = TerminalSession.start()
let app = Application(backend: session.backend, showsHelpBar: true) { TodosView(store: store) }
app.renderIfNeeded()
for await keys in session.events() {
  app.handleWithinFrameRate(keys)
  if app.isFinished { break }
}
session.end()
