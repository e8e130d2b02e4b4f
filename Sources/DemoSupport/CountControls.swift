import TerminalUI

/// The counters' shared top: the count in bold over ``CountButtons``, `-` and `+` (keys `-` and
/// `+`), as the counter of the favourite-primes study, the shared-state counter tab and each
/// counter of the counter stack show it.
///
/// For example:
///
/// <!-- context: core-count-view -->
/// ```swift
/// CountControls(count: store.count) {
///   store.send(.decrementButtonTapped)
/// } increment: {
///   store.send(.incrementButtonTapped)
/// }
/// ```
public struct CountControls: View {
  let count: Int
  let decrement: @MainActor () -> Void
  let increment: @MainActor () -> Void

  /// Creates the count and its buttons; the closures run when a button is pressed.
  public init(
    count: Int,
    decrement: @escaping @MainActor () -> Void,
    increment: @escaping @MainActor () -> Void
  ) {
    self.count = count
    self.decrement = decrement
    self.increment = increment
  }

  /// The count over its buttons.
  public var body: some View {
    Text("Count: \(count)").bold()
    CountButtons(decrement: decrement, increment: increment)
  }
}
