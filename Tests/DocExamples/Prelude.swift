// The names doc examples take as given (see doc_examples.py): a counter feature, its view, and
// the statistics that the shared-state examples share. An example or a context that declares a
// name itself hides the one here.

/// The counter every example knows: a count, buttons that change it, and a timer.
@Reducer
public struct CounterFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var count = 0
    public var isTimerRunning = false
    public init(count: Int = 0, isTimerRunning: Bool = false) {
      self.count = count
      self.isTimerRunning = isTimerRunning
    }
  }
  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case incrementButtonTapped
    case startTimerButtonTapped
    case timerTicked
  }
  @Dependency(\.continuousClock) var clock
  public init() {}
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .startTimerButtonTapped:
        state.isTimerRunning = true
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
        }
      case .timerTicked:
        state.count += 1
        return .none
      }
    }
  }
}

/// The feature examples call `Feature`.
public typealias Feature = CounterFeature

/// A counter's view, over a store or over an `@Observable` model.
public struct CounterView: View {
  let count: @MainActor () -> Int
  public init(store: StoreOf<CounterFeature>) { count = { store.count } }
  public init(model: CounterModel) { count = { model.count } }
  public var body: some View { Text("Count: \(count())") }
  /// The counter's keys.
  public static let keys = KeyTable<CounterFeature.Action> {
    KeyBinding(.character("+"), "increment", .incrementButtonTapped)
    KeyBinding(.character("-"), "decrement", .decrementButtonTapped)
  }
}

/// A counter kept in an `@Observable` model, for views without a store.
@MainActor
@Observable
public final class CounterModel {
  public var count = 0
  public init() {}
  public func apply(_ action: CounterFeature.Action) {
    switch action {
    case .decrementButtonTapped: count -= 1
    case .incrementButtonTapped, .timerTicked: count += 1
    case .startTimerButtonTapped: break
    }
  }
}

/// Counting statistics, shared between features.
public struct Stats: Codable, Equatable, Sendable {
  public var count = 0
  public init() {}
  public mutating func increment() { count += 1 }
  public mutating func decrement() { count -= 1 }
}

/// Where examples keep their statistics.
public let statsURL = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
  "stats.json")

extension URL {
  /// Where examples keep their statistics.
  public static var statsURL: URL { DocExamplePrelude.statsURL }
}
