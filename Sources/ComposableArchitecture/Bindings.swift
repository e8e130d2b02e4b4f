@_spi(Reflection) import CasePaths
import CustomDump
import Synchronization

/// An action that writes a value into a field of state, sent by a bound view control.
///
/// <!-- context: arch-form -->
/// ```swift
/// store.send(.binding(.set(\.email, "blob@pointfree.co")))
/// ```
///
/// Match one field in a reducer with a key path pattern:
///
/// <!-- context: arch-form-case -->
/// ```swift
/// case .binding(\.email):
///   return .send(.validateEmail)
/// ```
public struct BindingAction<Root>: Equatable, @unchecked Sendable {
  /// The field the action writes.
  public let keyPath: PartialKeyPath<Root>

  let set: @Sendable (inout Root) -> Void
  let value: any Sendable
  let valueIsEqualTo: @Sendable (Any) -> Bool

  init(
    keyPath: PartialKeyPath<Root>,
    set: @escaping @Sendable (inout Root) -> Void,
    value: any Sendable,
    valueIsEqualTo: @escaping @Sendable (Any) -> Bool
  ) {
    self.keyPath = keyPath
    self.set = set
    self.value = value
    self.valueIsEqualTo = valueIsEqualTo
  }

  /// An action that `set` applies, naming the field `keyPath` and carrying `value`, equal to
  /// another of the same field and an equal value.
  init<Value: Equatable & Sendable>(
    keyPath: PartialKeyPath<Root>, value: Value,
    set: @escaping @Sendable (inout Root) -> Void
  ) {
    self.init(
      keyPath: keyPath, set: set, value: value, valueIsEqualTo: { $0 as? Value == value })
  }

  /// An action that writes `value` at `keyPath`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self {
    let keyPath = UncheckedSendable(keyPath)
    return Self(keyPath: keyPath.value, value: value) { $0[keyPath: keyPath.value] = value }
  }

  /// A binding action that writes nothing, used to find the binding case of an action enum.
  static var placeholder: Self {
    Self(keyPath: \Root.self, set: { _ in }, value: 0, valueIsEqualTo: { _ in false })
  }

  /// Whether the action writes the field at `keyPath`.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, bindingAction: Self) -> Bool
  {
    keyPath == bindingAction.keyPath
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }
}

extension BindingAction: CasePathable {
  /// A case path for each field of the state: `\.binding.email` sends or receives a binding
  /// action that writes `email`.
  ///
  /// <!-- context: arch-form -->
  /// ```swift
  /// store.send(\.binding.email, "blob@pointfree.co")
  /// await testStore.receive(\.binding.email)
  /// ```
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// Embeds a value as the action that sets the field; extracts the value of a
    /// binding action that writes the field.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      let set = UncheckedSendable(keyPath)
      return Self.field(keyPath) { .set(set.value, $0) }
    }

    /// The case path of the field `keyPath` names: `embed` makes the action that sets it, and
    /// an action that writes that field gives its value back.
    static func field<Value>(
      _ keyPath: AnyKeyPath, embed: @escaping @Sendable (Value) -> BindingAction
    ) -> AnyCasePath<BindingAction, Value> {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: embed,
        extract: { action in
          guard action.keyPath == keyPath.value else { return nil }
          return action.value as? Value
        }
      )
    }
  }

  public static var allCasePaths: AllCasePaths {
    AllCasePaths()
  }
}

extension BindingAction: CustomDumpReflectable {
  /// Dumps as `.set(keyPath, value)`; the value of a secure field (see ``SecureFields``) dumps
  /// as `"•••"`, so logs, `_printChanges` and test failures never show a password.
  public var customDumpMirror: Mirror {
    let isSecure = (Root.self as? any SecureFields.Type)?.isSecure(keyPath) ?? false
    let shown: Any = isSecure ? "•••" : value
    let keyPath: Any = SourceWriter.name(of: keyPath).map(NamedKeyPath.init) ?? keyPath
    return Mirror(self, children: ["set": (keyPath, shown)], displayStyle: .enum)
  }
}

/// A key path dumped by its fields' names (`\State.signUpData.email`) where the description
/// Swift gives it on Linux names a computed field by its address.
struct NamedKeyPath: CustomDumpStringConvertible {
  let name: String
  var customDumpDescription: String { name }
}

/// A state whose fields include secrets: binding actions that write them dump their value as
/// `"•••"`.
///
/// For example:
///
/// <!-- context: arch-signup -->
/// ```swift
/// extension BasicsFeature.State: SecureFields {
///   static var secureFields: [PartialKeyPath<Self>] {
///     [\.signUpData.password, \.signUpData.passwordConfirmation]
///   }
/// }
/// ```
///
/// Give the state (or the value holding the secret) a redacting `customDumpMirror` too, so
/// state diffs hide it as well.
public protocol SecureFields {
  /// The key paths of the secret fields, as binding actions name them.
  static var secureFields: [PartialKeyPath<Self>] { get }
}

extension SecureFields {
  static func isSecure(_ keyPath: AnyKeyPath) -> Bool {
    secureFields.contains { $0 == keyPath }
  }
}

/// An action type with a case that carries binding actions, so ``BindingReducer`` can apply them.
///
/// <!-- context: arch-form-state -->
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// ```
public protocol BindableAction {
  /// The state the binding actions write to.
  associatedtype State

  /// Embeds a binding action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, if any.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The binding action this action carries, found by comparing enum cases.
  public var binding: BindingAction<State>? {
    guard let metadata = EnumMetadata(Self.self) else { return nil }
    guard metadata.tag(of: self) == bindingCaseTag(metadata) else { return nil }
    return EnumMetadata.project(self) as? BindingAction<State>
  }

  /// The tag of the `binding` case, learned once per action type: finding it embeds a
  /// placeholder binding action, whose key path the runtime instantiates every time.
  private func bindingCaseTag(_ metadata: EnumMetadata) -> UInt32 {
    let type = ObjectIdentifier(Self.self)
    if let tag = bindingCaseTags.withLock({ $0[type] }) { return tag }
    let tag = metadata.tag(of: Self.binding(.placeholder))
    bindingCaseTags.withLock { $0[type] = tag }
    return tag
  }
}

/// The tag of each bindable action type's `binding` case.
private let bindingCaseTags = Mutex<[ObjectIdentifier: UInt32]>([:])
