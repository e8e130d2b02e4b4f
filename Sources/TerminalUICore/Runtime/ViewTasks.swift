/// The tasks of the `.task` modifiers on screen: started after the first frame that draws their
/// view, cancelled after the first frame that no longer does, when the application finishes, or
/// when it goes away unfinished (a test that drops it).
@MainActor
final class ViewTasks {
  private var running: [AnyHashable: Task<Void, Never>] = [:]

  /// Cancels the tasks whose views are gone and starts those of `bodies` not yet running;
  /// `beforeStart` runs first in each new task (the application draws, which cancels the task
  /// if the keys handled meanwhile took its view off the screen).
  func reconcile(
    with bodies: [AnyHashable: @MainActor () async -> Void], startsNew: Bool,
    beforeStart: @escaping @MainActor () -> Void
  ) {
    for (key, task) in running where bodies[key] == nil {
      task.cancel()
      running[key] = nil
    }
    guard startsNew else { return }
    for (key, body) in bodies where running[key] == nil {
      running[key] = Task { @MainActor in
        beforeStart()
        guard !Task.isCancelled else { return }
        await body()
      }
    }
  }

  isolated deinit {
    for task in running.values { task.cancel() }
  }
}
