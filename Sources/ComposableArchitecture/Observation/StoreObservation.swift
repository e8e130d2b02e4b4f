import Observation

/// What every store of a tree observes on behalf of its readers: the root state as a whole.
///
/// Each read of state through a store (root or scoped) registers an access here; the root
/// runtime notifies after a batch of actions that replaced the root state (a new identity, for
/// observable state) or, for state that is not observable, after every batch. Changes inside
/// observable state are notified by its fields' own registrars, so a reader is invalidated only
/// by what it read.
@MainActor
final class RootStateObservation: Observation.Observable {
  private let registrar = ObservationRegistrar()
  /// Whether the state was ever read: until then there is nobody to notify.
  private(set) var isAccessed = false

  /// The observed "property": a stand-in for the whole root state.
  nonisolated var rootState: Void { () }

  func access() {
    isAccessed = true
    registrar.access(self, keyPath: \.rootState)
  }

  func notify() {
    registrar.withMutation(of: self, keyPath: \.rootState) {}
  }
}

/// Reads the identity of a root state that is observable state; `nil` for other states. The
/// check for the conformance happens once, when the runtime is made, not on every send.
func observableStateIdentity<State>(
  of _: State.Type
) -> (@MainActor (inout State) -> ObservableStateID)? {
  guard let type = State.self as? any ObservableState.Type else { return nil }
  func reader<S: ObservableState>(_: S.Type) -> @MainActor (inout State) -> ObservableStateID {
    { state in
      withUnsafeMutablePointer(to: &state) {
        $0.withMemoryRebound(to: S.self, capacity: 1) { $0.pointee._$id }
      }
    }
  }
  return reader(type)
}
