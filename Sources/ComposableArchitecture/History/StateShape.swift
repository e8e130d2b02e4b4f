/// How a state struct is made, as `@ObservableState` writes it: each stored field's name, key
/// path, kind and default value, and the initializers that take fields by name.
///
/// Swift cannot list a type's initializers or name a computed key path at run time; the test an
/// inspector exports (``StoreHistory/exportTest(_:)``) needs both to write a state back as
/// source. Not meant to be written by hand.
public struct _StateShape {
  /// A stored field.
  public struct Field {
    /// What the field holds and how it is written.
    public enum Kind: Equatable, Sendable {
      /// A plain field (tracked or ignored).
      case value
      /// A `let` without an initial value: set only by an initializer.
      case constant
      /// `@Shared` without a key: a reference handed in by an initializer (at ``storage``).
      case shared
      /// `@Shared` with a key or an initial value: the value comes from its storage.
      case persisted
      /// `@Presents`: an optional child, with its `PresentationState` at ``storage``.
      case presents
      /// Another property wrapper.
      case wrapped
    }

    /// The field's name.
    public let name: String
    /// The key path to the field's value.
    public let keyPath: AnyKeyPath
    /// Its kind.
    public let kind: Kind
    /// The value the field starts with when an initializer leaves it alone.
    public let defaultValue: (() -> Any)?
    /// The key path to the wrapper (`$stats`) of a shared or presented field.
    public var storage: AnyKeyPath?
    /// The key path to the backing storage of a field `@ObservableState` tracks (`_path`), or of
    /// a presented field (`_destination`): what its accessors read and write around the
    /// registrar's bookkeeping.
    public var trackedStorage: AnyKeyPath?
    /// For a presented field whose child is observable state: a function of the state
    /// (`(Self) -> ObservableStateID?`) that reads the identity of the presented child in
    /// place, compiled for the state's own types.
    public var presentedIdentity: Any?

    public static func value(
      _ name: String, _ keyPath: AnyKeyPath, tracked trackedStorage: AnyKeyPath? = nil,
      default defaultValue: (() -> Any)? = nil
    ) -> Self {
      Self(
        name: name, keyPath: keyPath, kind: .value, defaultValue: defaultValue,
        trackedStorage: trackedStorage)
    }

    public static func constant(_ name: String, _ keyPath: AnyKeyPath) -> Self {
      Self(name: name, keyPath: keyPath, kind: .constant, defaultValue: nil)
    }

    public static func shared(_ name: String, _ keyPath: AnyKeyPath, _ storage: AnyKeyPath)
      -> Self
    {
      Self(
        name: name, keyPath: keyPath, kind: .shared, defaultValue: nil, storage: storage)
    }

    public static func persisted(_ name: String, _ keyPath: AnyKeyPath) -> Self {
      Self(name: name, keyPath: keyPath, kind: .persisted, defaultValue: nil)
    }

    public static func presents(
      _ name: String, _ keyPath: AnyKeyPath, _ storage: AnyKeyPath,
      tracked trackedStorage: AnyKeyPath? = nil, identity presentedIdentity: Any? = nil,
      default defaultValue: (() -> Any)? = nil
    ) -> Self {
      Self(
        name: name, keyPath: keyPath, kind: .presents, defaultValue: defaultValue,
        storage: storage, trackedStorage: trackedStorage, presentedIdentity: presentedIdentity)
    }

    public static func wrapped(_ name: String, _ keyPath: AnyKeyPath) -> Self {
      Self(name: name, keyPath: keyPath, kind: .wrapped, defaultValue: nil)
    }
  }

  /// A parameter of an initializer.
  public struct Parameter {
    /// Its argument label; `nil` for `_`.
    public let label: String?
    /// Its name inside the initializer: by convention, the field it sets.
    public let name: String
    /// Its default argument, if it has one.
    public let defaultValue: (() -> Any)?

    public init(label: String?, name: String, default defaultValue: (() -> Any)? = nil) {
      self.label = label
      self.name = name
      self.defaultValue = defaultValue
    }
  }

  /// The stored fields, in declaration order.
  public let fields: [Field]
  /// The initializers declared in the struct's body (or its memberwise initializer), by their
  /// parameters.
  public let initializers: [[Parameter]]

  /// The key path to the state's `ObservationStateRegistrar`.
  public let registrar: AnyKeyPath?

  public init(fields: [Field], initializers: [[Parameter]], registrar: AnyKeyPath? = nil) {
    self.fields = fields
    self.initializers = initializers
    self.registrar = registrar
  }
}
