import Dispatch
import Foundation

/// Runs `body` on the main actor and returns its result, synchronously, from any thread: at
/// once when the current thread already runs the main actor's work, otherwise by waiting for
/// the main queue.
///
/// Under `dispatchMain()` (how a Swift Testing run drives the main queue) the main queue is not
/// always drained by the main thread, so the main thread alone does not tell.
func mainActorNow<T: Sendable>(_ body: @MainActor () -> T) -> T {
  if Thread.isMainThread || isDrainingMainQueue() {
    return MainActor.assumeIsolated { body() }
  }
  return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } }
}

/// Whether the current thread is running the main queue's work.
private func isDrainingMainQueue() -> Bool {
  _ = markMainQueue
  return DispatchQueue.getSpecific(key: mainQueueKey) == true
}
private let mainQueueKey = DispatchSpecificKey<Bool>()
private let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
