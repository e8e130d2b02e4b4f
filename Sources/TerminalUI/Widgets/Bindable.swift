import ComposableArchitecture

/// Gives a view `$store.field` bindings, as SwiftUI's `@Bindable` does.
///
/// For example:
///
/// ```swift
/// struct SignInView: View {
///   @Bindable var store: StoreOf<SignIn>
///   var body: some View {
///     TextField("Email", text: $store.email)
///   }
/// }
/// ```
///
/// Writing through such a binding sends `.binding(.set(\.email, value))` to the store.
@MainActor
@propertyWrapper
public struct Bindable<Value: AnyObject> {
  /// The wrapped object, usually a store.
  public var wrappedValue: Value

  /// Wraps an object.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The `$` form, whose members are bindings.
  public var projectedValue: Bindings<Value> { Bindings(root: wrappedValue) }
}

/// The bindings of a `@Bindable` store: `$store.email` is a `Binding<String>`.
@MainActor
@dynamicMemberLookup
public struct Bindings<Root: AnyObject> {
  let root: Root

  /// A binding to a field of the store's state that sends a binding action when written.
  public subscript<State: ObservableState, Action: BindableAction, Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<State, Member>
  ) -> Binding<Member> where Root == Store<State, Action>, Action.State == State {
    root.binding(keyPath)
  }
}

extension Bindings {
  /// A child store of a stack, for ``NavigationStack``: `$store.scope(state: \.path, action:
  /// \.path)`.
  public func scope<State, Action, ElementState, ElementAction>(
    state: KeyPath<State, StackState<ElementState>>,
    action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>
  ) -> Store<StackState<ElementState>, StackAction<ElementState, ElementAction>>
  where Root == Store<State, Action> {
    root.scope(state: state, action: action)
  }

  /// A binding to a presented child's store, for overlays: `nil` while nothing is presented,
  /// and setting it to `nil` sends `.dismiss`.
  ///
  /// For example, `.sheet(item: $store.scope(state: \.destination?.edit, action:
  /// \.destination.edit)) { EditView(store: $0) }`.
  public func scope<State, Action, ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, PresentationAction<ChildAction>>
  ) -> Binding<Store<ChildState, ChildAction>?> where Root == Store<State, Action> {
    let store = root
    let statePath = UncheckedSendable(state)
    let actionPath = UncheckedSendable(action)
    return Binding(
      get: {
        store.scope(state: statePath.value, action: actionPath.value.appending(path: \.presented))
      },
      set: { newValue in
        if newValue == nil, store.withState({ $0[keyPath: statePath.value] }) != nil {
          store.send(actionPath.value(.dismiss))
        }
      }
    )
  }

  /// A member of the state as a source of bindings that send actions:
  /// `$store.tab.sending(\.tabSelected)`.
  public subscript<State, Action, Member>(
    dynamicMember keyPath: KeyPath<State, Member>
  ) -> BindingSource<State, Action, Member> where Root == Store<State, Action> {
    BindingSource(store: root, keyPath: keyPath)
  }
}

/// A member of a store's state from which ``sending(_:)`` makes a binding.
@MainActor
public struct BindingSource<State, Action, Member> {
  let store: Store<State, Action>
  let keyPath: KeyPath<State, Member>

  /// A binding that reads the member and sends `action` with the new value when written.
  ///
  /// For example, `TabView(selection: $store.tab.sending(\.tabSelected)) { … }`.
  public func sending(_ action: CaseKeyPath<Action, Member>) -> Binding<Member> {
    let store = store
    let keyPath = UncheckedSendable(keyPath)
    let action = UncheckedSendable(action)
    return Binding(
      get: { store.withState { $0[keyPath: keyPath.value] } },
      set: { store.send(action.value($0)) }
    )
  }
}
