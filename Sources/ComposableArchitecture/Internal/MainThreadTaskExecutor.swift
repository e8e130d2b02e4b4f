import Dispatch
import Synchronization

/// Runs the nonisolated parts of a test store's effects on the main thread, interleaved with the
/// test at its suspension points, and knows when they have all come to rest.
///
/// A test that advances a `TestClock` right after sending an action must find the effect already
/// waiting on the clock. On the global executor the effect races the test (two cores, many tests
/// in parallel). Here every job of the store's effects runs on the main queue, in order, and the
/// executor counts what an effect can be doing without waiting on the outside world:
///
/// - jobs queued on this executor or running on it;
/// - effect tasks created but not begun;
/// - effects whose operation has returned, on their way to the main actor to be removed.
///
/// The one hop it does not count is an effect's `send` to the main actor; `settle()` covers it
/// by waiting in turns of the main queue rather than with `Task.yield()` (on Linux, jobs queued
/// on the main queue after a yield can run before the yielding task comes back).
///
/// Each test store has its own executor, so a store waits for its own effects only. Unstructured
/// tasks that an effect creates with `Task { }` inherit the executor and are counted too, and so
/// are the jobs of default actors it calls into.
final class MainThreadTaskExecutor: TaskExecutor, Sendable {
  private let pendingJobs = Atomic<Int>(0)
  private let tasksNotStarted = Atomic<Int>(0)
  private let finishedJobs = Atomic<Int>(0)
  private let finishingEffects = Atomic<Int>(0)

  /// How many jobs have run so far: when it has not moved, no effect did anything.
  private var jobsRun: Int { finishedJobs.load(ordering: .sequentiallyConsistent) }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    pendingJobs.add(1, ordering: .sequentiallyConsistent)
    DispatchQueue.main.async {
      job.runSynchronously(on: executor)
      self.finishedJobs.add(1, ordering: .sequentiallyConsistent)
      self.pendingJobs.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Called when an effect task is created, before its first job is queued.
  func taskCreated() {
    tasksNotStarted.add(1, ordering: .sequentiallyConsistent)
  }

  /// Called by an effect task as it begins.
  func taskStarted() {
    tasksNotStarted.subtract(1, ordering: .sequentiallyConsistent)
  }

  /// Called by an effect task on this executor when its operation has returned, before it hops
  /// to the main actor to be removed from the store.
  func effectFinishing() {
    finishingEffects.add(1, ordering: .sequentiallyConsistent)
  }

  /// Called on the main actor once the finished effect has been removed.
  func effectFinished() {
    finishingEffects.subtract(1, ordering: .sequentiallyConsistent)
  }

  var isBusy: Bool {
    pendingJobs.load(ordering: .sequentiallyConsistent) > 0
      || tasksNotStarted.load(ordering: .sequentiallyConsistent) > 0
      || finishingEffects.load(ordering: .sequentiallyConsistent) > 0
  }

  /// Waits on the main actor until the effects have come to rest.
  ///
  /// Rest is two turns of the main queue in a row in which no job of this executor ran and none
  /// was counted busy. A turn lets every job queued before it run, and the hops those jobs made
  /// in turn: an effect's `send` runs before the turn ends, and what it starts is counted. An
  /// effect that never rests (a loop of `Task.yield()`) would keep this waiting forever; the
  /// number of turns is capped.
  @MainActor
  func settle(maximumTurns: Int = 10_000) async {
    var quietTurns = 0
    for _ in 0..<maximumTurns {
      let jobsBefore = jobsRun
      await Self.turnOfTheMainQueue()
      if isBusy || jobsRun != jobsBefore {
        quietTurns = 0
      } else {
        quietTurns += 1
        if quietTurns >= 2 { return }
      }
    }
  }

  /// Suspends until everything queued on the main queue before the call has run, and what that
  /// queued in turn before this resumes.
  @MainActor
  static func turnOfTheMainQueue() async {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      DispatchQueue.main.async { continuation.resume() }
    }
  }
}
