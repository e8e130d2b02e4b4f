import ComposableArchitecture
import ComposableTerminalUI

/// One counter of the stack: `-`/`+`, a timer that keeps ticking while another screen covers
/// it, and "load and go", which shows a spinner for two seconds and then asks the parent, by a
/// delegate action, to push a counter at the same count.
@Reducer
public struct StackCounter {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var count: Int
    /// Whether "load and go" is waiting.
    public var isLoading = false
    public var spinnerFrame = 0
    public var isTimerRunning = false
    /// Seconds counted by the timer while it ran.
    public var secondsElapsed = 0

    /// A counter at `count`.
    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: Equatable, Sendable {
    case decrementButtonTapped
    case delegate(Delegate)
    /// Asks the parent to push a number-fact screen for the count.
    case factButtonTapped
    case incrementButtonTapped
    case loadAndGoButtonTapped
    case loadFinished
    case spinnerTicked
    case timerTicked
    case toggleTimerButtonTapped

    public enum Delegate: Equatable, Sendable {
      /// "Load and go" finished: push a counter at this count.
      case goToCounter(Int)
    }
  }

  enum CancelID { case load, timer }

  /// How long "load and go" loads.
  public static let loadDuration = Duration.seconds(2)
  /// How many spinner frames show while it loads, evenly spaced (the last one ends it).
  public static let loadSpinnerFrames = 20

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return .none
      case .delegate, .factButtonTapped:
        return .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      case .loadAndGoButtonTapped:
        guard !state.isLoading else { return .none }
        state.isLoading = true
        return .run { [clock] send in
          for _ in 1..<Self.loadSpinnerFrames {
            try await clock.sleep(for: Self.loadDuration / Self.loadSpinnerFrames)
            await send(.spinnerTicked)
          }
          try await clock.sleep(for: Self.loadDuration / Self.loadSpinnerFrames)
          await send(.loadFinished)
        }
        .cancellable(id: CancelID.load)
      case .loadFinished:
        state.isLoading = false
        return .send(.delegate(.goToCounter(state.count)))
      case .spinnerTicked:
        state.spinnerFrame += 1
        return .none
      case .timerTicked:
        state.secondsElapsed += 1
        return .none
      case .toggleTimerButtonTapped:
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { [clock] send in
          while true {
            try await clock.sleep(for: .seconds(1))
            await send(.timerTicked)
          }
        }
        .cancellable(id: CancelID.timer)
      }
    }
  }
}
