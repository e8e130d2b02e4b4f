import ComposableArchitecture
import ComposableTerminalUI
import CounterStackStudy
import FavoritePrimesStudy
import InventoryStudy
import SettingsStudy
import SharedStateStudy
import SignUpStudy

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
        switch store.case {
        case .sharedState(let store): SharedStateStudyView(store: store)
        case .signUp(let store): SignUpView(store: store)
        case .favoritePrimes(let store): FavoritePrimesStudyView(store: store)
        case .counterStack(let store): CounterStackStudyView(store: store)
        case .inventory(let store): InventoryView(store: store)
        case .settings(let store): SettingsStudyView(store: store)
        }
      }
    }
  }
}
