import Foundation
import Synchronization

/// Objects worked out once per key path, for reducers whose body is built again at every action
/// (`ifLet`, `forEach` over a stack): what they learn of a key path's type and storage is kept
/// here instead of being worked out at each build.
///
/// A key path written in a non-generic context (`\.$destination` in a feature's `body`) is one
/// object for the life of the program, so it is found first by identity in a short list, a few
/// pointer comparisons. One instantiated anew at each call (in a generic context) misses there
/// and is found by equality in a dictionary, which hashes its components; the short list keeps
/// the most recent key paths only, so such key paths cannot make it grow.
///
/// A key path found again by identity is pinned: it and its object are kept for the life of the
/// memo, and published in a small table read without the lock (a body built at every action,
/// at every level of a nested presentation, would otherwise take the lock each time). At most
/// `pinnedCapacity` key paths are ever pinned, so the table cannot make the memo grow either.
@usableFromInline
final class KeyPathMemo: @unchecked Sendable {
  /// The published entries, indexed by the key path's address: each word is the address of a
  /// pinned entry, or 0. An entry, once pinned, is never released, so a reader can use one it
  /// loads without holding it; and it holds its key path, so no other key path can have that
  /// address while it is in the table.
  private let published: UnsafeMutablePointer<Atomic<UInt>>
  private static let publishedCount = 64
  private static let pinnedCapacity = 64
  private let lock = NSLock()
  // Read and written only under the lock, so the runtime's exclusivity checks are left out.
  @exclusivity(unchecked) private var pinned: [ObjectIdentifier: Pinned] = [:]
  @exclusivity(unchecked) private var recent: [Entry] = []
  @exclusivity(unchecked) private var nextRecent = 0
  @exclusivity(unchecked) private var byValue: [AnyKeyPath: AnyObject] = [:]
  private static let recentCapacity = 16

  @usableFromInline init() {
    published = .allocate(capacity: Self.publishedCount)
    for index in 0..<Self.publishedCount {
      (published + index).initialize(to: Atomic(0))
    }
  }

  deinit {
    published.deinitialize(count: Self.publishedCount)
    published.deallocate()
  }

  /// The object kept for `keyPath`, made by `make` the first time. `make` runs outside the lock
  /// (it may look up other memos); when two threads make one at once, the first kept wins.
  @usableFromInline
  func value<Value: AnyObject>(for keyPath: AnyKeyPath, make: () -> Value) -> Value {
    let id = ObjectIdentifier(keyPath)
    let slot = Self.slot(of: id)
    let address = published[slot].load(ordering: .acquiring)
    if address != 0 {
      let entry = Unmanaged<Pinned>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
      if let value = entry._withUnsafeGuaranteedRef({ $0.keyPath === keyPath ? $0.value : nil }) {
        // Every entry of one memo is of the type its one caller asks for.
        return unsafeDowncast(value, to: Value.self)
      }
    }
    lock.lock()
    for index in recent.indices where recent[index].id == id {
      let value = recent[index].value
      // Found again by identity: a key path that lives on (written in a non-generic context).
      publish(keyPath, value, in: slot)
      lock.unlock()
      return unsafeDowncast(value, to: Value.self)
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

  static func slot(of id: ObjectIdentifier) -> Int {
    // Objects are 16-byte aligned: the bits above those index the table.
    Int(truncatingIfNeeded: UInt(bitPattern: id) >> 4) & (publishedCount - 1)
  }

  /// How many key paths are pinned (for tests).
  var pinnedCount: Int {
    lock.lock()
    defer { lock.unlock() }
    return pinned.count
  }

  /// Pins `keyPath` and its value, if it is pinned already or there is room, and puts it in the
  /// table. Called under the lock.
  private func publish(_ keyPath: AnyKeyPath, _ value: AnyObject, in slot: Int) {
    let id = ObjectIdentifier(keyPath)
    let entry: Pinned
    if let found = pinned[id] {
      entry = found
    } else if pinned.count < Self.pinnedCapacity {
      entry = Pinned(keyPath: keyPath, value: value)
      pinned[id] = entry
    } else {
      return
    }
    published[slot].store(
      UInt(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), ordering: .releasing)
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

  /// A key path pinned for the life of the memo, with its object.
  private final class Pinned {
    let keyPath: AnyKeyPath
    let value: AnyObject

    init(keyPath: AnyKeyPath, value: AnyObject) {
      self.keyPath = keyPath
      self.value = value
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
