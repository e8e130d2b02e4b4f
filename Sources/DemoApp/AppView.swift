import ComposableArchitecture
import ComposableTerminalUI
import DemoSupport

/// The demo's root screen: the menu of studies on a navigation stack.
public struct AppView: View {
  @Bindable var store: StoreOf<AppFeature>

  /// Creates the root view.
  public init(store: StoreOf<AppFeature>) {
    self.store = store
  }

  public var body: some View {
    Group {
      NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
        VStack {
          Text("Case studies: ↑/↓ choose, enter opens, esc comes back.").dim()
          List(
            Study.allCases, id: \.self, selection: $store.selection.sending(\.selectionChanged),
            onActivate: { store.send(.studyTapped($0)) }
          ) { study in
            Text("\(study.title): \(study.summary)")
          }
        }
        .navigationTitle("Composable demo")
      } destination: { store in
        AnyStudy.view(store)
      }
    }
  }
}
