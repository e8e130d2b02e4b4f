import ComposableArchitecture

/// A value a widget reads and writes without owning it: a getter and a setter.
///
/// For example, a text field bound to a store's field:
///
/// ```swift
/// TextField("Email", text: store.binding(\.email))
/// ```
@MainActor
public struct Binding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// Creates a binding from a getter and a setter.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
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
      set: { self.send(.binding(.set(path.value, $0))) }
    )
  }
}
