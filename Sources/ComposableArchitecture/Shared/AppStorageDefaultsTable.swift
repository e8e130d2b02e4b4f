import Foundation

/// The values of one defaults, the names changed here and not yet written, and who observes
/// which name.
final class DefaultsTable: Sendable {
  struct Observer {
    let valueType: ObjectIdentifier
    let onChange: @Sendable (DefaultsValue?) -> Void
  }

  fileprivate struct State {
    var values: [String: DefaultsValue] = [:]
    /// Names changed here and not yet in the file, with the generation of their change.
    var pending: [String: Int] = [:]
    /// The pending names the write under way carries.
    var writing: [String: Int] = [:]
    var generation = 0
    var observers: [String: [Int: Observer]] = [:]
    var nextToken = 0
    var watch: SharedSubscription?
    /// Changes from elsewhere found while merging, told once the write is over.
    var noticed: [(Observer, DefaultsValue?)] = []
  }

  private let state = VisibleMutex(State())

  var isWatching: Bool { state.withLock { $0.watch != nil } }

  func value(forKey key: String) -> DefaultsValue? {
    state.withLock { $0.values[key] }
  }

  /// Takes the file's values, keeping the names changed here.
  func replaceFromFile(_ onDisk: [String: DefaultsValue]) {
    state.withLock { state in
      state.values = state.overlayingPending(on: onDisk)
    }
  }

  func set(_ value: DefaultsValue?, forKey key: String, from valueType: ObjectIdentifier?) {
    let observers = state.withLock { state in
      state.values[key] = value
      state.generation += 1
      state.pending[key] = state.generation
      return state.observers[key, default: [:]].values.filter { $0.valueType != valueType }
    }
    for observer in observers { observer.onChange(value) }
  }

  /// The file's next contents: what is on disk with the names changed here. Names changed
  /// elsewhere are taken in, and their observers told once the write is over.
  func merge(_ onDisk: [String: DefaultsValue]) -> [String: DefaultsValue] {
    state.withLock { state in
      let merged = state.overlayingPending(on: onDisk)
      state.noticed += state.changes(to: merged)
      state.values = merged
      state.writing = state.pending
      return merged
    }
  }

  /// The write carrying the pending names succeeded: those not changed again since are done.
  func didWrite() {
    state.withLock { state in
      for (key, generation) in state.writing where state.pending[key] == generation {
        state.pending[key] = nil
      }
      state.writing = [:]
    }
  }

  func finishWrite() {
    let noticed = state.withLock { state in
      defer { state.noticed = [] }
      state.writing = [:]
      return state.noticed
    }
    for (observer, value) in noticed { observer.onChange(value) }
  }

  /// Takes in a file another process wrote, telling the observers of each name that changed.
  func apply(_ onDisk: [String: DefaultsValue]) {
    let changes = state.withLock { state in
      let merged = state.overlayingPending(on: onDisk)
      defer { state.values = merged }
      return state.changes(to: merged)
    }
    for (observer, value) in changes { observer.onChange(value) }
  }

  /// Registers an observer; says whether the file needs watching.
  func addObserver(
    _ key: String, valueType: ObjectIdentifier,
    onChange: @escaping @Sendable (DefaultsValue?) -> Void
  ) -> (token: Int, needsWatch: Bool) {
    state.withLock { state in
      state.nextToken += 1
      state.observers[key, default: [:]][state.nextToken] = Observer(
        valueType: valueType, onChange: onChange)
      return (state.nextToken, state.watch == nil)
    }
  }

  /// Keeps the watch while anyone observes; a watch started twice by a race is cancelled.
  func startWatching(_ watch: SharedSubscription) {
    let redundant: SharedSubscription? = state.withLock { state in
      guard state.watch == nil, !state.observers.isEmpty else { return watch }
      state.watch = watch
      return nil
    }
    redundant?.cancel()
  }

  /// Removes an observer; the last one out stops the watch.
  func removeObserver(_ key: String, token: Int) {
    let watch: SharedSubscription? = state.withLock { state in
      state.observers[key]?[token] = nil
      if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
      guard state.observers.isEmpty else { return nil }
      defer { state.watch = nil }
      return state.watch
    }
    watch?.cancel()
  }
}

extension DefaultsTable.State {
  /// The file's values with the names changed here as they are here (absent when removed).
  fileprivate func overlayingPending(on onDisk: [String: DefaultsValue]) -> [String: DefaultsValue]
  {
    var merged = onDisk
    for key in pending.keys { merged[key] = values[key] }
    return merged
  }

  /// The observers to tell, with their new value, when the values become `newValues`.
  fileprivate func changes(
    to newValues: [String: DefaultsValue]
  ) -> [(DefaultsTable.Observer, DefaultsValue?)] {
    var changes: [(DefaultsTable.Observer, DefaultsValue?)] = []
    for (key, keyObservers) in observers where values[key] != newValues[key] {
      for observer in keyObservers.values { changes.append((observer, newValues[key])) }
    }
    return changes
  }
}
