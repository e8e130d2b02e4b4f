import CustomDump

/// A field of state that views may write directly, in the style before ``ObservableState()``:
/// binding actions name it by its projection, `\.$field`.
///
/// ```swift
/// @Reducer
/// struct Search {
///   struct State: Equatable {
///     @BindingState var query = ""
///     var results = ["milk"]
///   }
///   enum Action: BindableAction {
///     case binding(BindingAction<State>)
///   }
///   var body: some ReducerOf<Self> {
///     BindingReducer()
///     Reduce { state, action in
///       switch action {
///       case .binding(\.$query):
///         state.results = []
///         return .none
///       case .binding:
///         return .none
///       }
///     }
///   }
/// }
///
/// let store = Store(initialState: Search.State()) { Search() }
/// store.send(.binding(.set(\.$query, "eggs")))
/// ```
///
/// State marked ``ObservableState()`` needs no wrapper: every stored field can be bound, and
/// binding actions name it as `\.field`. Upstream marks this wrapper deprecated on Apple
/// platforms only, so ported code builds here without warnings.
@propertyWrapper
public struct BindingState<Value> {
  /// The field's value.
  public var wrappedValue: Value

  /// A field holding `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The wrapper itself: `\.$field` names the field in binding actions.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }
}

extension BindingState: Equatable where Value: Equatable {}
extension BindingState: Hashable where Value: Hashable {}
extension BindingState: Sendable where Value: Sendable {}

extension BindingState: Decodable where Value: Decodable {
  /// Decodes the bare value, as a field without the wrapper is encoded.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try Value(from: decoder))
  }
}

extension BindingState: Encodable where Value: Encodable {
  /// Encodes the bare value, as a field without the wrapper.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension BindingState: CustomReflectable {
  /// The value's mirror: the wrapper does not show in dumps or diffs.
  public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}

extension BindingState: CustomDumpRepresentable {
  /// The value, so test failures diff the field, not its wrapper.
  public var customDumpValue: Any { wrappedValue }
}

extension BindingState: CustomDebugStringConvertible where Value: CustomDebugStringConvertible {
  public var debugDescription: String { wrappedValue.debugDescription }
}

extension BindingAction {
  /// An action that writes `value` into the ``BindingState`` field at `keyPath` (`\.$field`).
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    let keyPath = UncheckedSendable(keyPath)
    return Self(keyPath: keyPath.value, value: value) {
      $0[keyPath: keyPath.value].wrappedValue = value
    }
  }

  /// Whether the action writes the ``BindingState`` field at `keyPath`: `case .binding(\.$query)`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, BindingState<Value>>,
    bindingAction: Self
  ) -> Bool {
    keyPath == bindingAction.keyPath
  }
}

extension BindingAction.AllCasePaths {
  /// A case path for a ``BindingState`` field: `\.binding.$query` embeds and extracts its value.
  public subscript<Value: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Root, BindingState<Value>>
  ) -> AnyCasePath<BindingAction, Value> {
    let set = UncheckedSendable(keyPath)
    return Self.field(keyPath) { .set(set.value, $0) }
  }
}

extension BindableAction {
  /// The binding action that writes a ``BindingState`` field: `.set(\.$query, "milk")` is
  /// `.binding(.set(\.$query, "milk"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, BindingState<Value>>,
    _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
