import Foundation

/// Objects worked out once per key path, for reducers whose body is built again at every action
/// (`ifLet`, `forEach` over a stack): what they learn of a key path's type and storage is kept
/// here instead of being worked out at each build.
///
/// A key path written in a non-generic context (`\.$destination` in a feature's `body`) is one
/// object for the life of the program, so it is found first by identity in a short list, a few
/// pointer comparisons. One instantiated anew at each call (in a generic context) misses there
/// and is found by equality in a dictionary, which hashes its components; the short list keeps
/// the most recent key paths only, so such key paths cannot make it grow.
@usableFromInline
final class KeyPathMemo: @unchecked Sendable {
  private let lock = NSLock()
  // Read and written only under the lock, so the runtime's exclusivity checks are left out.
  @exclusivity(unchecked) private var recent: [Entry] = []
  @exclusivity(unchecked) private var nextRecent = 0
  @exclusivity(unchecked) private var byValue: [AnyKeyPath: AnyObject] = [:]
  private static let recentCapacity = 16

  @usableFromInline init() {}

  /// The object kept for `keyPath`, made by `make` the first time. `make` runs outside the lock
  /// (it may look up other memos); when two threads make one at once, the first kept wins.
  @usableFromInline
  func value<Value: AnyObject>(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
    let id = ObjectIdentifier(keyPath)
    lock.lock()
    for index in recent.indices where recent[index].id == id {
      // Every entry of one memo is of the type its one caller asks for.
      let value = unsafeDowncast(recent[index].value, to: Value.self)
      lock.unlock()
      return value
    }
    if let found = byValue[keyPath] {
      remember(keyPath, found)
      lock.unlock()
      return unsafeDowncast(found, to: Value.self)
    }
    lock.unlock()
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    let kept = byValue[keyPath] ?? made
    byValue[keyPath] = kept
    remember(keyPath, kept)
    return unsafeDowncast(kept, to: Value.self)
  }

  private func remember(_ keyPath: AnyKeyPath, _ value: AnyObject) {
    let entry = Entry(id: ObjectIdentifier(keyPath), keyPath: keyPath, value: value)
    if recent.count < Self.recentCapacity {
      recent.append(entry)
    } else {
      recent[nextRecent] = entry
      nextRecent = (nextRecent + 1) % Self.recentCapacity
    }
  }

  /// A key path in the short list. It holds the key path, so that its identity is not reused by
  /// another while it is listed.
  private struct Entry {
    let id: ObjectIdentifier
    let keyPath: AnyKeyPath
    let value: AnyObject
  }
}
