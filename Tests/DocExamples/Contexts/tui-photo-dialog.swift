// A photo feature that presents a confirmation dialog (`@Presents var dialog`), its view, and a
// view over `@Bindable var store` whose body is the example.
@Reducer
struct Photo {
  @ObservableState
  struct State: Equatable {
    var name = "Beach"
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
  }
  enum Action {
    case dialog(PresentationAction<Dialog>)
    case shareButtonTapped
    enum Dialog: Equatable { case copyLink }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dialog:
        return .none
      case .shareButtonTapped:
        state.dialog = ConfirmationDialogState {
          TextState("Share \(state.name)")
        } actions: {
          ButtonState(action: .copyLink) { TextState("Copy link") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      }
    }
    .ifLet(\.$dialog, action: \.dialog)
  }
}

struct PhotoView: View {
  let store: StoreOf<Photo>
  var body: some View { Text(store.name) }
}

struct PhotoScreen: View {
  @Bindable var store: StoreOf<Photo>
  var body: some View {
    // example
  }
}
