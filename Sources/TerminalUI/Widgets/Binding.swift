import ComposableArchitecture

/// A value a widget reads and writes without owning it: a getter and a setter.
///
/// For example, a text field bound to a store's field:
///
/// ```swift
/// TextField("Email", text: store.binding(\.email))
/// ```
///
/// A member of the bound value is a binding too: `$store.signUpData.email`. When the binding
/// comes from a store, writing the member sends a binding action for the whole key path
/// (`.set(\.signUpData.email, value)`), so reducers can react to that field.
@MainActor
@dynamicMemberLookup
public struct Binding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void
  private let parent: (any BindingParent<Value>)?

  /// Creates a binding from a getter and a setter.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.init(get: get, set: set, parent: nil)
  }

  init(
    get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void,
    parent: (any BindingParent<Value>)?
  ) {
    self.get = get
    self.set = set
    self.parent = parent
  }

  /// A binding to a member of the value.
  public subscript<Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Binding<Member> {
    if let parent { return parent.binding(to: keyPath) }
    let path = UncheckedSendable(keyPath)
    return Binding<Member>(
      get: { self.wrappedValue[keyPath: path.value] },
      set: { newValue in
        var value = self.wrappedValue
        value[keyPath: path.value] = newValue
        self.wrappedValue = value
      })
  }

  /// The current value; setting it calls the setter.
  public var wrappedValue: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }

  /// A binding that always reads `value` and ignores writes, for previews and tests.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }
}

extension Store where State: ObservableState, Action: BindableAction, Action.State == State {
  /// A binding to a field of the state that sends `.binding(.set(keyPath, value))` on writes.
  ///
  /// For example, `store.binding(\.email)` gives a `Binding<String>` for a `TextField`. Reads
  /// go through the store, so a view that reads the binding redraws when the field changes.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>
  ) -> Binding<Value> {
    let path = UncheckedSendable(keyPath)
    return Binding(
      get: { self.state[keyPath: path.value] },
      set: { self.send(.binding(.set(path.value, $0))) },
      parent: StoreBindingParent(store: self, keyPath: keyPath)
    )
  }
}

/// Makes bindings to members of a bound value.
@MainActor
protocol BindingParent<Value> {
  associatedtype Value
  func binding<Member: Equatable & Sendable>(to keyPath: WritableKeyPath<Value, Member>)
    -> Binding<Member>
}

/// Members of a store binding are store bindings of the longer key path.
struct StoreBindingParent<State: ObservableState, Action: BindableAction, Value>: BindingParent
where Action.State == State {
  let store: Store<State, Action>
  let keyPath: WritableKeyPath<State, Value>

  func binding<Member: Equatable & Sendable>(to member: WritableKeyPath<Value, Member>)
    -> Binding<Member>
  {
    store.binding(keyPath.appending(path: member))
  }
}
