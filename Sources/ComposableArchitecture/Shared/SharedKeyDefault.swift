/// A key that carries its own default value, so that `@Shared(.isOn) var isOn` needs no initial
/// value: upstream's `SharedKey.Default`.
///
/// ```swift
/// extension SharedKey where Self == AppStorageKey<Bool>.Default {
///   static var isOn: Self {
///     Self[.appStorage("isOn"), default: false]
///   }
/// }
///
/// @ObservableState
/// struct State {
///   @Shared(.isOn) var isOn  // false until something is stored
/// }
/// ```
///
/// Every holder of the key shares one reference, as with the key it wraps; a holder that gives
/// a value of its own (`@Shared(.isOn) var isOn = true`) uses it in place of the default.
public struct _SharedKeyDefault<Base: SharedKey>: SharedKey {
  public typealias Value = Base.Value

  let base: Base
  let defaultValue: UncheckedSendable<@Sendable () -> Base.Value>

  /// The key with a default value.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: UncheckedSendable(value))
  }

  public var id: Base.ID { base.id }

  public func load(initialValue: Value) -> Value? {
    base.load(initialValue: initialValue)
  }

  public func subscribe(
    initialValue: Value, didSet: @escaping @Sendable (Value) -> Void
  ) -> SharedSubscription {
    base.subscribe(initialValue: initialValue, didSet: didSet)
  }

  public func save(_ value: Value) {
    base.save(value)
  }
}

extension _SharedKeyDefault: FlushableSharedKey where Base: FlushableSharedKey {
  public func flushPendingWrite() {
    base.flushPendingWrite()
  }
}

extension SharedKey {
  /// This key with a default value of its own: see `_SharedKeyDefault`.
  public typealias Default = _SharedKeyDefault<Self>
}

extension Shared {
  /// A shared value from a key that carries its default.
  public init<Key: SharedKey>(_ key: _SharedKeyDefault<Key>) where Key.Value == Value {
    self.init(wrappedValue: key.defaultValue.value(), key)
  }
}

extension SharedReader {
  /// A read-only shared value from a key that carries its default.
  public init<Key: SharedKey>(_ key: _SharedKeyDefault<Key>) where Key.Value == Value {
    self.init(wrappedValue: key.defaultValue.value(), key)
  }
}
