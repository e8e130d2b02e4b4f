import CustomDump
import IssueReporting
import Synchronization

/// Watches one binding action a store's field setter sent: if no reducer wrote it (the
/// feature's `body` has no `BindingReducer`) by the time the action is released, it reports so,
/// unless the store's state has gone meanwhile (a dismissed child's last write).
final class UnhandledBindingCheck: Sendable {
  private let wasHandled = Atomic(false)
  private let value: any Sendable
  private let actionName: @Sendable () -> String
  private let isGone: @MainActor @Sendable () -> Bool

  init(
    value: any Sendable, actionName: @escaping @Sendable () -> String,
    isGone: @escaping @MainActor @Sendable () -> Bool
  ) {
    self.value = value
    self.actionName = actionName
    self.isGone = isGone
  }

  /// Called by the action's write: a reducer applied it.
  func handled() {
    wasHandled.store(true, ordering: .relaxed)
  }

  deinit {
    guard !wasHandled.load(ordering: .relaxed), !mainActorNow(isGone) else { return }
    var valueDump = ""
    customDump(value, to: &valueDump, maxDepth: 0)
    reportIssue(
      """
      A binding action sent from a store was not handled. …

        Action:
          \(actionName()).binding(.set(_, \(valueDump)))

      To fix this, invoke "BindingReducer()" from your feature reducer's "body".
      """
    )
  }
}
