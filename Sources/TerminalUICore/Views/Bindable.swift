import Observation

/// Gives a view `$model.property` bindings to an `@Observable` object, as SwiftUI's
/// `@Bindable` does.
///
/// For example:
///
/// ```swift
/// @MainActor @Observable final class Profile {
///   var name = ""
/// }
///
/// struct ProfileView: View {
///   @Bindable var profile: Profile
///   var body: some View {
///     TextField("Name", text: $profile.name)
///   }
/// }
/// ```
///
/// Writing through `$profile.name` sets `profile.name`. Other modules add `$` members of their
/// own for their objects (a store's `$store.field` sends a binding action).
@MainActor
@propertyWrapper
public struct Bindable<Value: AnyObject & Observable> {
  /// The wrapped object.
  public var wrappedValue: Value

  /// Wraps an object.
  ///
  /// For example, `Bindable(wrappedValue: profile)`, or `@Bindable var profile: Profile`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// The `$` form, whose members are bindings.
  ///
  /// For example, `$profile.name` is a `Binding<String>`.
  public var projectedValue: Bindings<Value> { Bindings(root: wrappedValue) }
}

/// The bindings of a `@Bindable` object: `$profile.name` is a `Binding<String>`.
///
/// For example, `Toggle("Online", isOn: $profile.isOnline)`.
@MainActor
@dynamicMemberLookup
public struct Bindings<Root: AnyObject> {
  /// The object the bindings read and write.
  public let root: Root

  /// The bindings of `root`.
  ///
  /// For example, `Bindings(root: profile).name`.
  public init(root: Root) {
    self.root = root
  }

  /// A binding to a property of the object.
  ///
  /// For example, `$profile.name` reads and writes `profile.name`.
  @_disfavoredOverload
  public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Root, Member>)
    -> Binding<Member>
  {
    let root = root
    let path = Unchecked(keyPath)
    return Binding(
      get: { root[keyPath: path.value] },
      set: { root[keyPath: path.value] = $0 })
  }
}
