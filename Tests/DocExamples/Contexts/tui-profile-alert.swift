// A profile feature that presents an alert (`@Presents var alert`), its view, and a view over
// `@Bindable var store` whose body is the example.
@Reducer
struct Profile {
  @ObservableState
  struct State: Equatable {
    var name = "Blob"
    @Presents var alert: AlertState<Action.Alert>?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case deleteButtonTapped
    enum Alert: Equatable { case confirmDeletion }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete \(state.name)?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        }
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

struct ProfileView: View {
  let store: StoreOf<Profile>
  var body: some View { Text("Name: \(store.name)") }
}

struct ProfileScreen: View {
  @Bindable var store: StoreOf<Profile>
  var body: some View {
    // example
  }
}
