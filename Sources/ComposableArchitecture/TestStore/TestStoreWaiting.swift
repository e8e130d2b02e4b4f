import Foundation

/// Waits, yielding and then sleeping briefly, until `condition` holds or the time is up (or,
/// once things have had a chance to run, `giveUpWhen` says the condition can no longer come
/// true). Returns whether the condition held.
@MainActor
func waitUntil(
  nanoseconds: UInt64,
  giveUpWhen isHopeless: @MainActor () -> Bool = { false },
  _ condition: @MainActor () -> Bool
) async -> Bool {
  if condition() { return true }
  await Task.megaYield()
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .nanoseconds(Int64(clamping: nanoseconds)))
  while !condition() {
    guard clock.now < deadline, !isHopeless() else { return condition() }
    do {
      try await Task.sleep(nanoseconds: 500_000)
    } catch {
      await Task.yield()
    }
  }
  return true
}

/// Waits for a task to finish within the time. Returns whether it did.
@MainActor
func wait(for task: Task<Void, Never>, nanoseconds: UInt64) async -> Bool {
  let isFinished = LockIsolated(false)
  Task {
    await task.value
    isFinished.setValue(true)
  }
  return await waitUntil(nanoseconds: nanoseconds) { isFinished.value }
}

func nanoseconds(of duration: Duration) -> UInt64 {
  let (seconds, attoseconds) = duration.components
  return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
}

func seconds(_ nanoseconds: UInt64) -> String {
  let value = Double(nanoseconds) / 1_000_000_000
  return value == value.rounded() ? String(format: "%.1f", value) : String(value)
}

extension TestStore {
  /// What upstream suggests when effects are still running after a timeout: the way out it
  /// names depends on whether the assertion was given a timeout of its own.
  func effectsInFlightSuggestion(timeoutWasGiven: Bool) -> String {
    let timeoutMessage =
      timeoutWasGiven
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
    return """
      There are effects in-flight. If the effect that delivers this action uses a \
      clock/scheduler (via "receive(on:)", "delay", "debounce", etc.), make sure that you wait \
      enough time for it to perform the effect. If you are using a test clock/scheduler, \
      advance it so that the effects may complete, or consider using an immediate \
      clock/scheduler to immediately perform the effect instead.

      If you are not yet using a clock/scheduler, or can not use a clock/scheduler, \
      \(timeoutMessage).
      """
  }

  /// Lets the store's effects run until each waits on something outside the store: after this,
  /// an effect that sleeps on a `TestClock` has registered its sleep, so advancing the clock
  /// reaches it.
  func settleEffects() async {
    await runtime.effectExecutor?.settle()
  }
}
