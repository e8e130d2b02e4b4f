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
