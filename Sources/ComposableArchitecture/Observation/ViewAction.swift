/// An action that has a case for the actions a view may send, as in `case view(View)`.
///
/// ```swift
/// @Reducer
/// struct Feature {
///   enum Action: ViewAction {
///     case factResponse(String)
///     case view(View)
///     enum View {
///       case incrementButtonTapped
///     }
///   }
///   // …
/// }
/// ```
///
/// A view marked ``ViewAction(for:)`` then sends `send(.incrementButtonTapped)` instead of
/// `store.send(.view(.incrementButtonTapped))`, and cannot send the feature's other actions.
public protocol ViewAction<ViewAction> {
  /// The actions of the view: `View` in `case view(View)`.
  associatedtype ViewAction

  /// Embeds a view action: the `view` case.
  static func view(_ action: ViewAction) -> Self
}

/// A view holding a `store` whose actions are ``ViewAction``s; it gets a `send` for the view
/// actions. ``ViewAction(for:)`` writes the conformance.
///
/// <!-- context: arch-view-feature -->
/// ```swift
/// @ViewAction(for: Feature.self)
/// struct FeatureView: View {
///   let store: StoreOf<Feature>
///   var body: some View {
///     Button("+") { send(.incrementButtonTapped) }
///   }
/// }
/// ```
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the store.
  associatedtype StoreState
  /// The actions of the store.
  associatedtype StoreAction: ViewAction

  /// The store the view sends to.
  @MainActor var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the store: `send(.tapped)` is `store.send(.view(.tapped))`.
  ///
  /// <!-- context: arch-view-feature, arch-view-body -->
  /// ```swift
  /// Button("+") { send(.incrementButtonTapped) }
  /// ```
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }

  /// Sends a view action to the store, as ``send(_:)`` does; terminals do not animate, so the
  /// animation is accepted and ignored.
  ///
  /// <!-- context: arch-view-feature, arch-view-body -->
  /// ```swift
  /// Button("Reset") { send(.resetButtonTapped, animation: .default) }
  /// ```
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    store.send(.view(action), animation: animation)
  }
}
