import Synchronization

/// When frames are drawn: whether the screen is out of date (set from any thread, by an
/// observed change), and the pacing that draws a frame at once when the last one is at least
/// 1/60 s old, or schedules one frame for when it is. Keys after which no more input waits
/// skip the pacing (``Application/handleWithinFrameRate(_:moreInputWaiting:)`` draws them at
/// once); input that keeps coming and every other change (an effect, a timer, a `@Shared`
/// value) go through it.
@MainActor
final class FramePacer {
  /// The clock frames are spaced on.
  let clock: FrameClock
  /// Whether the next frame must be drawn: set by observation callbacks on any thread.
  nonisolated let invalidated = Atomic<Bool>(true)
  private var lastFrameTime: Duration?
  /// The frame scheduled for later, cancelled if the pacer goes first (a frame clock that never
  /// moves, as a test's, would otherwise keep the waiting task forever).
  private var scheduled: Task<Void, Never>?
  private var isScheduled: Bool { scheduled != nil }

  init(clock: FrameClock) {
    self.clock = clock
  }

  /// Whether a frame is due.
  var needsDisplay: Bool { invalidated.load(ordering: .sequentiallyConsistent) }

  /// Marks the screen out of date.
  nonisolated func setNeedsDisplay() {
    invalidated.store(true, ordering: .sequentiallyConsistent)
  }

  /// Whether a frame is due, clearing the mark: the caller draws it.
  func takeNeedsDisplay() -> Bool {
    invalidated.exchange(false, ordering: .sequentiallyConsistent)
  }

  /// Records that a frame was drawn now.
  func didDraw() {
    lastFrameTime = clock.now()
  }

  /// Calls `draw` now if a frame is due and the frame rate allows it, or once, later, when it
  /// does.
  func request(_ draw: @escaping @MainActor () -> Void) {
    guard needsDisplay, !isScheduled else { return }
    let frameClock = clock
    let wait = lastFrameTime.map { FrameClock.interval - (frameClock.now() - $0) } ?? .zero
    guard wait > .zero else {
      draw()
      return
    }
    scheduled = Task { @MainActor [weak self] in
      await frameClock.sleep(wait)
      guard let self, !Task.isCancelled else { return }
      self.scheduled = nil
      draw()
    }
  }

  isolated deinit {
    scheduled?.cancel()
  }
}

/// The clock frames are spaced on: at most 60 frames a second.
///
/// For example, tests drive it with a `TestClock`: `FrameClock(testClock)`.
public struct FrameClock: Sendable {
  /// The shortest time between two frames.
  public static let interval: Duration = .nanoseconds(1_000_000_000 / 60)
  let now: @Sendable () -> Duration
  let sleep: @Sendable (Duration) async -> Void

  /// A frame clock on `clock`.
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let start = clock.now
    now = { start.duration(to: clock.now) }
    sleep = { try? await clock.sleep(for: $0) }
  }
}
