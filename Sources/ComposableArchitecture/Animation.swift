/// An animation, named as in SwiftUI so that code written for SwiftUI compiles
/// (`send(.tapped, animation: .easeInOut)`); a terminal draws each state as it comes, so the
/// animation changes nothing.
///
/// <!-- context: arch-rows -->
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
  /// An interpolating spring.
  public static let interpolatingSpring = Self("interpolatingSpring")
  /// An interpolating spring of a mass, stiffness and damping.
  public static func interpolatingSpring(
    mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
  ) -> Self {
    Self("interpolatingSpring(\(mass), \(stiffness), \(damping), \(initialVelocity))")
  }
  /// An interpolating spring lasting `duration` seconds.
  public static func interpolatingSpring(
    duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
  ) -> Self {
    Self("interpolatingSpring(duration: \(duration), bounce: \(bounce))")
  }
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
