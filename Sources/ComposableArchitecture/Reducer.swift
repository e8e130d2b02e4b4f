/// Describes how a feature's state evolves when an action arrives, and which effects run next.
///
/// Conform by implementing ``reduce(into:action:)``:
///
/// ```swift
/// struct CounterFeature: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped:
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
///
/// or by composing other reducers in ``body-swift.property``:
///
/// <!-- context: core-parent-feature -->
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) { CounterFeature() }
///   Reduce { state, action in .none }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer evolves.
  associatedtype State

  /// The actions the reducer handles.
  associatedtype Action

  // NB: `_Body` lets conformers name a nested type `Body` without confusing inference.
  associatedtype _Body

  /// The type of the reducer's body.
  typealias Body = _Body

  /// Evolves the state for an action and returns the effects to run next.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order for every action.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      '\(Self.self)' has no body. Do not access a reducer's 'body' property directly, as it may \
      not exist. To run a reducer, call 'Reducer.reduce(into:action:)', instead.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs the body: built for every action when the reducer has stored properties, and once
  /// per type and per store when it has none (it builds the same body every time then).
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if MemoryLayout<Self>.size == 0, let bodies = _ReducerBodies.current {
      return bodies.box(of: self).body.reduce(into: &state, action: action)
    }
    return self.body.reduce(into: &state, action: action)
  }
}

/// A reducer with the state and action of `R`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
