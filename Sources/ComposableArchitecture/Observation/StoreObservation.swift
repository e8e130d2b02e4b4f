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
///
/// The identity is read where the state lies, with no actor isolation for the runtime to check
/// at each call: for state the macro wrote, from its registrar, at the offset its `_$shape`
/// gives (worked out once per type); for other observable state, through `_$id` (`S` is
/// `State`, opened), which generic code reads from a copy of the state.
func observableStateIdentity<State>(
  of _: State.Type
) -> ((inout State) -> ObservableStateID)? {
  guard let type = State.self as? any ObservableState.Type else { return nil }
  if let offset = registrarOffset(of: type) {
    return { state in
      withUnsafeMutablePointer(to: &state) {
        UnsafeMutableRawPointer($0).advanced(by: offset)
          .assumingMemoryBound(to: ObservationStateRegistrar.self).pointee.id
      }
    }
  }
  func reader<S: ObservableState>(_: S.Type) -> (inout State) -> ObservableStateID {
    { state in
      withUnsafeMutablePointer(to: &state) {
        UnsafeMutableRawPointer($0).assumingMemoryBound(to: S.self).pointee._$id
      }
    }
  }
  return reader(type)
}

/// Where the registrar lies in a state the macro wrote, by the state's type.
private let registrarOffsets = VisibleMutex<[ObjectIdentifier: Int?]>([:])

private func registrarOffset<S: ObservableState>(of _: S.Type) -> Int? {
  let type = ObjectIdentifier(S.self)
  if let known = registrarOffsets.withLock({ $0[type] }) { return known }
  let offset = (S._$shape?.registrar as? KeyPath<S, ObservationStateRegistrar>).flatMap {
    MemoryLayout<S>.offset(of: $0)
  }
  registrarOffsets.withLock { $0[type] = offset }
  return offset
}
