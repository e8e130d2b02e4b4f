import ComposableArchitecture
import Testing

struct AlertStateTests {
  enum Action: Equatable, Hashable, Sendable {
    case archive
    case confirm
    case select(id: Int)
  }

  enum ParentAction: Equatable, Sendable {
    case child(Action)
  }

  static func deleteAlert() -> AlertState<Action> {
    AlertState {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
  }

  // MARK: TextState

  @Test func textStateHoldsItsCharacters() {
    let name = "Notes"
    let interpolated = TextState("Delete \(name)?")
    let literal: TextState = "Cancel"
    #expect(String(state: interpolated) == "Delete Notes?")
    #expect(String(state: literal) == "Cancel")
    #expect(TextState(verbatim: "a") == TextState("a"))
    #expect(TextState(name[...]) == "Notes")
    #expect(String(state: TextState("Hello, ") + TextState(name)) == "Hello, Notes")
    #expect(TextState("a") != TextState("b"))
    #expect(Set([TextState("a"), "a", "b"]).count == 2)
    #expect("\(TextState("Hi"))" == "Hi")
  }

  @Test func textStateDumpsAsItsString() {
    #expect(String(customDumping: TextState("Hi")) == #""Hi""#)
  }

  // MARK: ButtonState

  @Test func buttonEqualityIgnoresIDs() {
    let first = ButtonState<Action>(role: .destructive, action: .confirm) { TextState("Delete") }
    let second = ButtonState<Action>(role: .destructive, action: .confirm) { TextState("Delete") }
    #expect(first.id != second.id)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(Set([first, second]).count == 1)

    #expect(first != ButtonState(role: .cancel, action: .confirm) { TextState("Delete") })
    #expect(first != ButtonState(role: .destructive, action: .archive) { TextState("Delete") })
    #expect(first != ButtonState(role: .destructive, action: .confirm) { TextState("Remove") })
    #expect(first != ButtonState(role: .destructive) { TextState("Delete") })
  }

  @Test func buttonInitializers() {
    let direct = ButtonState<Action>(action: .confirm, label: { TextState("OK") })
    let sent = ButtonState<Action>(action: .send(.confirm)) { TextState("OK") }
    let cancel = ButtonState<Action>(role: .cancel) { TextState("Cancel") }
    #expect(direct == sent)
    #expect(direct.role == nil)
    #expect(direct.action.action == .confirm)
    #expect(direct.label == "OK")
    #expect(cancel.role == .cancel)
    #expect(cancel.action.action == nil)
    #expect(cancel.action == .send(nil))
  }

  @Test func withActionPassesTheAction() {
    var received: [Action?] = []
    ButtonState<Action>(action: .select(id: 3)) { TextState("Third") }
      .withAction { received.append($0) }
    ButtonState<Action>(role: .cancel) { TextState("Cancel") }
      .withAction { received.append($0) }
    #expect(received == [.select(id: 3), nil])
  }

  @Test func buttonMapTransformsTheAction() {
    let button = ButtonState<Action>(role: .destructive, action: .confirm) { TextState("Delete") }
    let mapped = button.map(ParentAction.child)
    #expect(mapped.id == button.id)
    #expect(mapped.role == .destructive)
    #expect(mapped.label == "Delete")
    #expect(mapped.action.action == .child(.confirm))

    let cancel = ButtonState<Action>(role: .cancel) { TextState("Cancel") }.map(ParentAction.child)
    #expect(cancel.action.action == nil)
  }

  @Test func buttonDump() {
    #expect(
      String(
        customDumping: ButtonState<Action>(role: .destructive, action: .select(id: 3)) {
          TextState("Delete")
        }
      ) == """
        ButtonState(
          role: .destructive,
          action: .send(
            .select(id: 3)
          ),
          label: "Delete"
        )
        """
    )
    #expect(
      String(customDumping: ButtonState<Action>(role: .cancel) { TextState("Cancel") }) == """
        ButtonState(
          role: .cancel,
          label: "Cancel"
        )
        """
    )
  }

  // MARK: AlertState

  @Test func alertEqualityIgnoresButtonIDs() {
    let first = Self.deleteAlert()
    let second = Self.deleteAlert()
    #expect(first.buttons.map(\.id) != second.buttons.map(\.id))
    #expect(first == second)
    #expect(Set([first, second]).count == 1)

    var changed = second
    changed.message = nil
    #expect(first != changed)
  }

  @Test func alertFields() {
    let alert = Self.deleteAlert()
    #expect(alert.title == "Delete?")
    #expect(alert.message == "This cannot be undone.")
    #expect(alert.buttons.map(\.label) == ["Delete", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirm, nil])

    let titleOnly = AlertState<Action> { TextState("Saved") }
    #expect(titleOnly.message == nil)
    #expect(titleOnly.buttons.isEmpty)
  }

  @Test func memberwiseInitMatchesBuilder() {
    let memberwise = AlertState<Action>(
      title: "Delete?",
      message: "This cannot be undone.",
      buttons: [
        ButtonState(role: .destructive, action: .confirm) { TextState("Delete") },
        ButtonState(role: .cancel) { TextState("Cancel") },
      ]
    )
    #expect(memberwise == Self.deleteAlert())
    #expect(AlertState<Action>(title: "Saved") == AlertState { TextState("Saved") })
  }

  @Test func builderSupportsControlFlow() {
    func alert(canArchive: Bool, extra: Int?, destructive: Bool) -> AlertState<Action> {
      AlertState {
        TextState("Choose")
      } actions: {
        if canArchive {
          ButtonState(action: .archive) { TextState("Archive") }
        }
        if let extra {
          ButtonState(action: .select(id: extra)) { TextState("Item \(extra)") }
        }
        if destructive {
          ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
        } else {
          ButtonState(action: .confirm) { TextState("Keep") }
        }
        for id in 1...2 {
          ButtonState(action: .select(id: id)) { TextState("Pick \(id)") }
        }
        [ButtonState(role: .cancel) { TextState("Cancel") }]
      }
    }

    #expect(
      alert(canArchive: false, extra: nil, destructive: true).buttons.map(\.label) == [
        "Delete", "Pick 1", "Pick 2", "Cancel",
      ]
    )
    let full = alert(canArchive: true, extra: 7, destructive: false)
    #expect(
      full.buttons.map(\.label) == ["Archive", "Item 7", "Keep", "Pick 1", "Pick 2", "Cancel"]
    )
    #expect(
      full.buttons.map(\.action.action) == [
        .archive, .select(id: 7), .confirm, .select(id: 1), .select(id: 2), nil,
      ]
    )
  }

  @Test func alertMapTransformsActions() {
    let alert = Self.deleteAlert()
    let mapped: AlertState<ParentAction> = alert.map(ParentAction.child)
    #expect(mapped.title == alert.title)
    #expect(mapped.message == alert.message)
    #expect(mapped.buttons.map(\.id) == alert.buttons.map(\.id))
    #expect(mapped.buttons.map(\.action.action) == [.child(.confirm), nil])

    var received: [ParentAction?] = []
    for button in mapped.buttons {
      button.withAction { received.append($0) }
    }
    #expect(received == [.child(.confirm), nil])
  }

  @Test func alertDump() {
    #expect(
      String(customDumping: Self.deleteAlert()) == """
        AlertState(
          title: "Delete?",
          message: "This cannot be undone.",
          buttons: [
            [0]: ButtonState(
              role: .destructive,
              action: .send(.confirm),
              label: "Delete"
            ),
            [1]: ButtonState(
              role: .cancel,
              label: "Cancel"
            )
          ]
        )
        """
    )
    #expect(
      String(customDumping: AlertState<Action> { TextState("Saved") }) == """
        AlertState(title: "Saved")
        """
    )
  }

  @Test func alertDiff() {
    var changed = Self.deleteAlert()
    changed.message = "Really?"
    #expect(
      diff(Self.deleteAlert(), changed) == """
          AlertState(
            title: "Delete?",
        -   message: "This cannot be undone.",
        +   message: "Really?",
            buttons: […]
          )
        """
    )
  }

  // MARK: ConfirmationDialogState

  @Test func confirmationDialog() {
    func dialog() -> ConfirmationDialogState<Action> {
      ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share")
      } actions: {
        ButtonState(action: .archive) { TextState("Archive") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      } message: {
        TextState("Pick one.")
      }
    }

    let first = dialog()
    #expect(first == dialog())
    #expect(first.titleVisibility == .visible)
    #expect(first.title == "Share")
    #expect(first.message == "Pick one.")
    #expect(first.buttons.map(\.action.action) == [.archive, nil])

    let plain = ConfirmationDialogState<Action> { TextState("Sort") }
    #expect(plain.titleVisibility == .automatic)
    #expect(plain.buttons.isEmpty)
    #expect(plain == ConfirmationDialogState(title: "Sort"))
    #expect(plain != ConfirmationDialogState(titleVisibility: .hidden, title: "Sort"))

    let mapped = first.map(ParentAction.child)
    #expect(mapped.titleVisibility == .visible)
    #expect(mapped.buttons.map(\.action.action) == [.child(.archive), nil])

    #expect(
      String(customDumping: first) == """
        ConfirmationDialogState(
          titleVisibility: .visible,
          title: "Share",
          message: "Pick one.",
          buttons: [
            [0]: ButtonState(
              action: .send(.archive),
              label: "Archive"
            ),
            [1]: ButtonState(
              role: .cancel,
              label: "Cancel"
            )
          ]
        )
        """
    )
  }

  // MARK: Sendable

  @Test func alertsCrossConcurrencyDomains() async {
    func requireSendable<T: Sendable>(_ value: T) -> T { value }

    let alert = requireSendable(Self.deleteAlert())
    let dialog = requireSendable(ConfirmationDialogState<Action> { TextState("Sort") })
    let button = requireSendable(ButtonState<Action>(role: .cancel) { TextState("Cancel") })
    _ = requireSendable(ButtonStateAction<Action>.send(.confirm))
    _ = requireSendable(TextState("Hi"))

    let fromTask = await Task.detached { () -> AlertState<Action> in
      #expect(dialog.title == "Sort")
      #expect(button.role == .cancel)
      return alert.map { $0 }
    }.value
    #expect(fromTask == alert)
  }

  // MARK: In reducer state

  struct Feature: Reducer {
    struct State: Equatable {
      var alert: AlertState<Action.Alert>?
      var deleted = false
    }
    @CasePathable
    enum Action: Equatable {
      case alert(Alert)
      case deleteButtonTapped
      enum Alert: Equatable, Sendable {
        case confirmDeletion
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .alert(.confirmDeletion):
        state.alert = nil
        state.deleted = true
        return .none
      case .deleteButtonTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none
      }
    }
  }

  @MainActor
  @Test func alertInReducerState() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    var tapped: Feature.Action.Alert?
    store.state.alert?.buttons.first?.withAction { tapped = $0 }
    #expect(tapped == .confirmDeletion)
    await store.send(.alert(.confirmDeletion)) {
      $0.alert = nil
      $0.deleted = true
    }
  }
}
