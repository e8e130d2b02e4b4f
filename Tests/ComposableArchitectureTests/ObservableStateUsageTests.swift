import ComposableArchitecture
import Testing

// The observation macros used as a feature would use them: `@Presents` destinations driven by
// a `@Reducer enum`, ignored fields, and what tests and dumps show of macro-expanded state.

@Reducer
struct Inventory {
  @Reducer
  enum Destination {
    case edit(ItemForm)
    case alert(AlertState<Alert>)
    enum Alert: Equatable {
      case confirmDeletion
    }
  }

  @ObservableState
  struct State: Equatable {
    @Presents var destination: Destination.State?
    var items: [String] = []
    var note: String?
    @ObservationStateIgnored var renders = 0
  }

  enum Action {
    case addButtonTapped
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .edit(ItemForm.State())
        return .none
      case .deleteButtonTapped:
        state.destination = .alert(
          AlertState {
            TextState("Delete the last item?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          })
        return .none
      case .destination(.presented(.alert(.confirmDeletion))):
        state.items.removeLast()
        return .none
      case .destination(.presented(.edit(.saveButtonTapped))):
        guard case let .edit(form) = state.destination else { return .none }
        state.items.append(form.name)
        state.destination = nil
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension Inventory.Destination.State: Equatable {}

@Reducer
struct ItemForm {
  @ObservableState
  struct State: Equatable {
    var name = ""
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case saveButtonTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

@MainActor
struct ObservableStateUsageTests {
  @Test func aPresentedFormAndAnAlertRunThroughTheGeneratedDestination() async {
    let store = TestStore(initialState: Inventory.State(items: ["a"])) { Inventory() }
    await store.send(.addButtonTapped) {
      $0.destination = .edit(ItemForm.State())
    }
    await store.send(\.destination.edit.binding.name, "b") {
      $0.destination?.modify(\.edit) { $0.name = "b" }
    }
    await store.send(\.destination.edit.saveButtonTapped) {
      $0.items = ["a", "b"]
      $0.destination = nil
    }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(
        AlertState {
          TextState("Delete the last item?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        })
    }
    await store.send(\.destination.alert.confirmDeletion) {
      $0.items = ["a"]
      $0.destination = nil
    }
  }

  @Test func optionalFieldsDefaultToNilInTheMemberwiseInitializer() {
    let state = Inventory.State()
    #expect(state.note == nil)
    #expect(state.destination == nil)
    #expect(Inventory.State(note: "x").note == "x")
  }

  @Test func dumpsShowFieldNamesAndNoBookkeeping() {
    var state = Inventory.State(items: ["a"])
    state.destination = .edit(ItemForm.State(name: "b"))
    let dump = String(customDumping: state)
    #expect(!dump.contains("_$"))
    #expect(!dump.contains("_items"))
    #expect(dump.contains("items: ["))
    #expect(dump.contains("name: \"b\""))
  }

  @Test func presentingAndEditingADestinationFireTheRightObservers() {
    let store = Store(initialState: Inventory.State()) { Inventory() }
    let destinationChanged = LockIsolated(0)
    let itemsChanged = LockIsolated(0)
    func observeDestination() {
      withObservationTracking {
        _ = store.destination
      } onChange: {
        destinationChanged.withValue { $0 += 1 }
      }
    }
    withObservationTracking {
      _ = store.items
    } onChange: {
      itemsChanged.withValue { $0 += 1 }
    }
    observeDestination()
    store.send(.addButtonTapped)
    #expect(destinationChanged.value == 1)
    #expect(itemsChanged.value == 0)

    guard let formStore = store.scope(state: \.destination?.edit, action: \.destination.edit)
    else {
      Issue.record("no form store")
      return
    }
    let nameChanged = LockIsolated(false)
    observeDestination()
    withObservationTracking {
      _ = formStore.name
    } onChange: {
      nameChanged.setValue(true)
    }
    formStore.send(.binding(.set(\.name, "b")))
    #expect(nameChanged.value == true)
    #expect(destinationChanged.value == 1)
  }

  @Test func anIgnoredFieldFiresNothing() {
    var state = Inventory.State()
    let fired = LockIsolated(false)
    withObservationTracking {
      _ = state.renders
      _ = state.items
    } onChange: {
      fired.setValue(true)
    }
    state.renders += 1
    #expect(fired.value == false)
    state.items.append("a")
    #expect(fired.value == true)
  }
}
