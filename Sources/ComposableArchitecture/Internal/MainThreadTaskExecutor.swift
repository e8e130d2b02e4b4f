import Dispatch
import Synchronization

/// Runs the nonisolated parts of a test store's effects on the main thread, interleaved with the
/// test at its suspension points, and knows when they have all come to rest.
///
/// A test that advances a `TestClock` right after sending an action must find the effect already
/// waiting on the clock. On the global executor the effect races the test (two cores, many tests
/// in parallel). Here every job of the store's effects runs on the main queue, in order, and the
/// executor counts the jobs that are queued or running and the effect tasks that have been
/// created but have not begun. `settle()` yields the main actor until both counts are zero: every
/// effect has reached a suspension point that waits on something outside the store (a clock, a
/// stream, a sleep), so the test's next step sees them all parked.
///
/// Each test store has its own executor, so a store waits for its own effects only. Unstructured
/// tasks that an effect creates with `Task { }` inherit the executor and are counted too.
final class MainThreadTaskExecutor: TaskExecutor, Sendable {
  private let pendingJobs = Atomic<Int>(0)
  private let tasksNotStarted = Atomic<Int>(0)
  private let finishedJobs = Atomic<Int>(0)

  /// How many jobs have run so far: when it has not moved, no effect did anything.
  var jobsRun: Int { finishedJobs.load(ordering: .sequentiallyConsistent) }

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

  var isBusy: Bool {
    pendingJobs.load(ordering: .sequentiallyConsistent) > 0
      || tasksNotStarted.load(ordering: .sequentiallyConsistent) > 0
  }

  /// Yields the main actor until the effects have come to rest.
  ///
  /// An effect that hops to the main actor (to send an action) briefly has no job on this
  /// executor, so rest must hold over a few consecutive yields. An effect that never rests (a
  /// loop of `Task.yield()`) would keep this waiting forever; the number of yields is capped.
  @MainActor
  func settle(maximumYields: Int = 10_000) async {
    var quietYields = 0
    for _ in 0..<maximumYields {
      await Task.yield()
      if isBusy {
        quietYields = 0
      } else {
        quietYields += 1
        if quietYields >= 3 { return }
      }
    }
  }
}
