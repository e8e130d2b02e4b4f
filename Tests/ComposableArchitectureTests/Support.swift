import ComposableArchitecture
import TestFolders
import Testing

/// The text of an issue reported through IssueReporting.
func message(of issue: Issue) -> String {
  issue.comments.map(\.rawValue).joined(separator: "\n")
}

/// Matches a known issue whose message contains `text`.
func issueContaining(_ text: String) -> KnownIssueMatcher {
  { message(of: $0).contains(text) }
}

/// Collects printed lines from reducers and effects.
final class Lines: Sendable {
  private let storage = LockIsolated<[String]>([])
  var value: [String] { storage.value }
  func append(_ line: String) { storage.withValue { $0.append(line) } }
}

/// A counter used by many tests.

struct Counter: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var count = 0
  }
  @CasePathable
  enum Action: Equatable {
    case decrementButtonTapped
    case incrementButtonTapped
    case startTimer
    case stopTimer
    case timerTicked
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrementButtonTapped:
      state.count -= 1
      return .none
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .startTimer:
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerTicked)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .timerTicked:
      state.count += 1
      return .none
    }
  }
}

/// A fresh directory for one test that touches the file system.
func temporaryDirectory() -> URL {
  makeTemporaryFolder("composable-file-storage")
}

/// Waits, for up to `seconds` of real time, until `condition` holds. Live stores run their
/// effects on the global executor, so a test of one waits for what it expects instead of
/// assuming the effects kept pace.
@MainActor
func eventually(
  within seconds: Double = 5, _ condition: @MainActor () async -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(seconds * 1000)))
  while !(await condition()) {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

/// Waits until something sleeps on the clock (a live store's timer effect has registered its
/// next tick), so advancing the clock reaches it.
@MainActor
func waitForSleeper(on clock: TestClock<Duration>) async -> Bool {
  await eventually {
    do {
      try await clock.checkSuspension()
      return false
    } catch {
      return true
    }
  }
}
