/// A value a widget reads and writes without owning it: a getter and a setter.
///
/// For example, a text field bound to a property of an `@Observable` model:
///
/// <!-- context: tui-sign-up-model -->
/// ```swift
/// TextField("Name", text: Binding(get: { model.name }, set: { model.name = $0 }))
/// ```
///
/// or, with `@Bindable var model`, simply `$model.name`. A member of the bound value is a
/// binding too: `$model.address.city`. A binding made with a ``BindingParent`` asks it for its
/// members' bindings instead of writing the whole value back (a store's bindings send an action
/// for the member's whole key path that way).
@MainActor
@dynamicMemberLookup
public struct Binding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void
  private let parent: (any BindingParent<Value>)?

  /// Creates a binding from a getter and a setter.
  ///
  /// For example, `Binding(get: { count }, set: { count = $0 })`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.init(get: get, set: set, parent: nil)
  }

  /// Creates a binding from a getter and a setter whose members' bindings `parent` makes.
  ///
  /// For example, a binding to a whole settings value whose members are bound one by one:
  ///
  /// <!-- context: tui-settings-model, tui-settings-fields -->
  /// ```swift
  /// Binding(
  ///   get: { model.settings }, set: { model.settings = $0 },
  ///   parent: SettingsFields(model: model))
  /// ```
  public init(
    get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void,
    parent: (any BindingParent<Value>)?
  ) {
    self.get = get
    self.set = set
    self.parent = parent
  }

  /// A binding to a member of the value: from the parent when the binding has one, otherwise
  /// reading the member and writing the whole value back with it changed.
  ///
  /// For example, `$model.address.city` is a `Binding<String>` when `$model.address` is a
  /// `Binding<Address>`.
  public subscript<Member: Equatable & Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Binding<Member> {
    if let parent { return parent.binding(to: keyPath) }
    let path = Unchecked(keyPath)
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
  ///
  /// For example, `Toggle("Enabled", isOn: .constant(true))`.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }
}

/// Makes the bindings to members of a bound value, for a ``Binding`` created with it: a
/// store's bindings, for example, bind a member by sending an action for the longer key path
/// rather than writing the whole value back.
///
/// For example, members of a model's settings bound through the model itself:
///
/// <!-- context: tui-settings-model -->
/// ```swift
/// struct SettingsFields: BindingParent {
///   let model: SettingsModel
///   func binding<Member: Equatable & Sendable>(
///     to member: WritableKeyPath<Settings, Member>
///   ) -> Binding<Member> {
///     let path = (\SettingsModel.settings).appending(path: member)
///     return Binding(get: { model[keyPath: path] }, set: { model[keyPath: path] = $0 })
///   }
/// }
/// ```
@MainActor
public protocol BindingParent<Value> {
  /// The type of the bound value.
  associatedtype Value
  /// A binding to a member of the bound value.
  func binding<Member: Equatable & Sendable>(to keyPath: WritableKeyPath<Value, Member>)
    -> Binding<Member>
}

/// Wraps a value that is not `Sendable` (a key path) for capture in a `@Sendable`-checked
/// closure that only ever runs on the main actor.
struct Unchecked<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
