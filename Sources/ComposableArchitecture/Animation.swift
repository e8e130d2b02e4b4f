/// A stand-in for SwiftUI's `Animation`, so that code written for upstream TCA compiles: a
/// terminal redraws a frame at a time, so every animation is accepted and ignored.
///
/// ```swift
/// store.send(.toggleButtonTapped, animation: .default)
/// return .run { send in
///   await send(.loaded(items), animation: .spring())
/// }
/// ```
public struct Animation: Hashable, Sendable {
  let name: String

  /// The default animation.
  public static let `default` = Animation(name: "default")
  /// An animation that starts slowly.
  public static let easeIn = Animation(name: "easeIn")
  /// An animation that ends slowly.
  public static let easeOut = Animation(name: "easeOut")
  /// An animation that starts and ends slowly.
  public static let easeInOut = Animation(name: "easeInOut")
  /// An animation at a constant speed.
  public static let linear = Animation(name: "linear")
  /// A spring animation.
  public static let spring = Animation(name: "spring")

  /// An animation that starts slowly, of a given length.
  public static func easeIn(duration: Double) -> Animation { .easeIn }
  /// An animation that ends slowly, of a given length.
  public static func easeOut(duration: Double) -> Animation { .easeOut }
  /// An animation that starts and ends slowly, of a given length.
  public static func easeInOut(duration: Double) -> Animation { .easeInOut }
  /// An animation at a constant speed, of a given length.
  public static func linear(duration: Double) -> Animation { .linear }
  /// A spring animation.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  ) -> Animation { .spring }
}

extension Store {
  /// Sends an action; the animation is ignored (a terminal has none).
  @discardableResult
  public func send(_ action: Action, animation: Animation?) -> StoreTask {
    send(action)
  }
}

extension Send {
  /// Sends an action back into the store; the animation is ignored (a terminal has none).
  public func callAsFunction(_ action: Action, animation: Animation?) {
    callAsFunction(action)
  }
}

extension Effect {
  /// An effect that sends an action at once; the animation is ignored (a terminal has none).
  public static func send(_ action: Action, animation: Animation?) -> Self {
    .send(action)
  }
}
