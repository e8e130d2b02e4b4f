import ComposableTerminalUI
import Testing

@Reducer
private struct Photo {
  @ObservableState
  struct State: Equatable {
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
    var shared: [String] = []
  }
  enum Action {
    case dialog(PresentationAction<Dialog>)
    case deleteTapped
    case shareTapped
    enum Dialog: Equatable { case copyLink, deletePhoto, mail }
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .dialog(.presented(.copyLink)):
        state.shared.append("link")
        return .none
      case .dialog(.presented(.mail)):
        state.shared.append("mail")
        return .none
      case .dialog(.presented(.deletePhoto)):
        state.shared.append("deleted")
        return .none
      case .deleteTapped:
        state.dialog = ConfirmationDialogState {
          TextState("Delete the photo?")
        } actions: {
          ButtonState(role: .destructive, action: .deletePhoto) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      case .dialog:
        return .none
      case .shareTapped:
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Share")
        } actions: {
          ButtonState(action: .copyLink) { TextState("Copy link") }
          ButtonState(action: .mail) { TextState("Mail") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("How?")
        }
        return .none
      }
    }
    .ifLet(\.$dialog, action: \.dialog)
  }
}

private struct PhotoView: View {
  @Bindable var store: StoreOf<Photo>
  var body: some View {
    VStack {
      Button("Share", shortcut: .character("s")) { store.send(.shareTapped) }
      Button("Delete", shortcut: .character("d")) { store.send(.deleteTapped) }
      Text("Shared: \(store.shared.joined(separator: ", "))")
    }
    .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
  }
}

@MainActor
struct ConfirmationDialogTests {
  @Test func aChoiceSendsItsActionAndTheReducerDismissesTheDialog() {
    let store = Store(initialState: Photo.State()) { Photo() }
    let backend = HeadlessBackend(width: 30, height: 10)
    let app = Application(backend: backend) { PhotoView(store: store) }
    app.renderIfNeeded()
    app.handle([.character("s")])
    #expect(store.dialog != nil)
    let lines = backend.buffer.lines
    #expect(lines.contains { $0.contains("Share") && $0.contains("┌") })
    #expect(lines.contains { $0.contains("How?") })
    #expect(lines.contains { $0.contains("[ Copy link ]") })
    #expect(lines.contains { $0.contains("[ Mail ]") })
    #expect(app.focusableCount == 3)
    app.handle([.tab, .enter])
    #expect(store.shared == ["mail"])
    #expect(store.dialog == nil)
    app.handle([.character("s"), .tab, .tab, .enter])
    #expect(store.dialog == nil, "Cancel dismisses")
    app.handle([.character("s"), .escape])
    #expect(store.dialog == nil, "Esc dismisses")
    #expect(store.shared == ["mail"])
  }

  @Test func aDialogWithADestructiveChoiceOpensOnCancelSoEnterDestroysNothing() {
    let store = Store(initialState: Photo.State()) { Photo() }
    let app = Application(backend: HeadlessBackend(width: 30, height: 10)) {
      PhotoView(store: store)
    }
    app.renderIfNeeded()
    app.handle([.character("d"), .enter])
    #expect(store.dialog == nil, "Enter pressed Cancel")
    #expect(store.shared == [])
    app.handle([.character("d"), .backTab, .enter])
    #expect(store.shared == ["deleted"])
  }
}
