/// The state of an enum reducer (``CaseReducer``): names the reducer, so that
/// `ifLet(\.$destination, action: \.destination)`, `forEach(\.path, action: \.path)` and
/// `store.case` find it from the state alone.
public protocol CaseReducerState {
  /// The enum reducer whose state this is.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}

/// A reducer that is an enum of features, one case per feature: its state and actions are enums
/// with a case per feature, and its body runs the reducer of the current case.
///
/// The `@Reducer` macro on an enum writes the conformance:
///
/// <!-- context: core-sheet -->
/// ```swift
/// @Reducer
/// enum Destination {
///   case sheet(SheetFeature)
///   case alert(AlertState<Alert>)
/// }
/// ```
///
/// Present it with `ifLet(\.$destination, action: \.destination)` or stack it with
/// `forEach(\.path, action: \.path)`, both without a trailing closure, and switch over a store
/// of it with ``Store/case``.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer<State, Action> {
  // NB: Restated so that the type of the static `body` (often opaque) is inferred as `Body`.
  // Otherwise the conformance to `Reducer` infers `Never` from the default instance `body` of
  // reducers that implement `reduce(into:action:)`. Conformances must list `CaseReducer` before
  // `Reducer` (`extension Destination: CaseReducer, Reducer {}`), or list `CaseReducer` alone.
  associatedtype _Body

  /// An enum with a case per case of the state: a store of the case's feature, or the case's
  /// value when it has no feature (an alert).
  associatedtype CaseScope

  /// The reducers of the cases; an enum cannot be instantiated, so the body is static.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// The current case of a store's state, with a store scoped to it.
  @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// The static body.
  public var body: Body {
    Self.body
  }
}

extension Store where State: CaseReducerState, State.StateReducer.Action == Action {
  /// The current case of the state, with a store of its feature, to switch over.
  ///
  /// <!-- context: core-sheet, core-destination-view -->
  /// ```swift
  /// switch store.case {
  /// case let .sheet(store): SheetView(store: store)
  /// case let .alert(alert): AlertView(alert)
  /// }
  /// ```
  public var `case`: State.StateReducer.CaseScope {
    State.StateReducer.scope(self)
  }
}
