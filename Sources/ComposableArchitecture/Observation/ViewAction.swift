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
  /// ```swift
  /// Button("Reset") { send(.resetButtonTapped, animation: .default) }
  /// ```
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: Animation?) -> StoreTask {
    store.send(.view(action), animation: animation)
  }
}

extension Store {
  /// Sends an action, as ``send(_:)`` does; terminals do not animate, so the animation is
  /// accepted and ignored. For code written for SwiftUI.
  ///
  /// ```swift
  /// store.send(.toggleButtonTapped, animation: .default)
  /// ```
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    send(action)
  }
}

/// An animation, named as in SwiftUI so that code written for SwiftUI compiles
/// (`send(.tapped, animation: .easeInOut)`); a terminal draws each state as it comes, so the
/// animation changes nothing.
///
/// ```swift
/// store.send(.deleteButtonTapped, animation: .spring())
/// ```
public struct Animation: Hashable, Sendable {
  /// What was asked for, for debugging.
  public let name: String

  private init(_ name: String) {
    self.name = name
  }

  /// The default animation.
  public static let `default` = Self("default")
  /// A linear animation.
  public static let linear = Self("linear")
  /// An ease-in animation.
  public static let easeIn = Self("easeIn")
  /// An ease-out animation.
  public static let easeOut = Self("easeOut")
  /// An ease-in-out animation.
  public static let easeInOut = Self("easeInOut")
  /// A spring animation.
  public static let spring = Self("spring")
  /// A bouncy spring.
  public static let bouncy = Self("bouncy")
  /// A smooth spring.
  public static let smooth = Self("smooth")
  /// A snappy spring.
  public static let snappy = Self("snappy")

  /// A linear animation lasting `duration` seconds.
  public static func linear(duration: Double) -> Self { Self("linear(\(duration))") }
  /// An ease-in animation lasting `duration` seconds.
  public static func easeIn(duration: Double) -> Self { Self("easeIn(\(duration))") }
  /// An ease-out animation lasting `duration` seconds.
  public static func easeOut(duration: Double) -> Self { Self("easeOut(\(duration))") }
  /// An ease-in-out animation lasting `duration` seconds.
  public static func easeInOut(duration: Double) -> Self { Self("easeInOut(\(duration))") }
  /// A spring animation.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Self {
    Self("spring(\(response), \(dampingFraction), \(blendDuration))")
  }
  /// A spring animation lasting `duration` seconds.
  public static func spring(duration: Double, bounce: Double = 0) -> Self {
    Self("spring(duration: \(duration), bounce: \(bounce))")
  }
}
