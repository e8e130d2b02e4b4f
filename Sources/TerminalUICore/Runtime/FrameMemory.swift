/// What a frame's views asked of the runtime, screens under overlays included: tasks (it
/// starts the new ones and cancels the ones no longer drawn), whether covered screens were
/// read, and which navigation stacks were drawn (the others' remembered titles go).
@MainActor
final class FrameTasks {
  var bodies: [AnyHashable: @MainActor () async -> Void] = [:]
  var readCoveredScreens = false
  /// The navigation stacks drawn, by identity: the others' remembered titles are forgotten.
  var stacksDrawn: Set<AnyHashable> = []
}

/// The views a frame built as it was laid out (a stack's screens, a tab's content), by what
/// built them and where: when focus moves to another screen, the frame is laid out again with
/// the focus where it belongs, and reuses them, so each `body` is evaluated once per frame.
@MainActor
final class FrameBuilds {
  var values: [AnyHashable: Any] = [:]
}

/// Values kept across frames by widgets (a scroll offset, an open picker), keyed by the views
/// they belong to: what a view keeps lives as long as the view, as SwiftUI's `@State` does.
/// A value no frame drew or kept is forgotten after the frame, so a view that goes and comes
/// back starts afresh, and the rows removed from a list leave nothing behind.
@MainActor
final class FrameMemory {
  private var values: [ScopedKey: Kept] = [:]
  /// A value, and the frame that last touched it (read or wrote it while it was drawn, or a
  /// key handler since).
  private struct Kept {
    var value: Any
    var frame: Int
  }
  /// The frame being drawn, counted by `endFrame`.
  private var frame = 0
  /// The titles each navigation stack remembers for its screens, by stack: only the stacks
  /// drawn in the last frame keep theirs (a stack drawn again reads its titles again).
  var stackTitles: [AnyHashable: StackTitles] = [:]
  /// The views alive but not drawn in this frame (the screens a stack covers, the tabs not
  /// shown, views given no room), by their scopes: what they keep stays.
  private var hidden: [[ScopeEntry]] = []

  // One look-up a read: the value found is marked touched where it is.
  subscript<Value>(key: ScopedKey, as type: Value.Type = Value.self) -> Value? {
    get {
      guard let index = values.index(forKey: key) else { return nil }
      values.values[index].frame = frame
      return values.values[index].value as? Value
    }
    set {
      if let newValue {
        values[key] = Kept(value: newValue, frame: frame)
      } else {
        values[key] = nil
      }
    }
  }

  /// Keeps what the views under `scopes` keep, though this frame does not draw them.
  func keep(under scopes: [ScopeEntry]) {
    hidden.append(scopes)
  }

  /// Ends a frame: forgets the titles of the stacks it did not draw (`tasks`) and, when the
  /// screen had room (a frame with none draws no view), what neither the frame nor the keys
  /// since the last one touched, unless kept.
  func endFrame(drawn tasks: FrameTasks, hadRoom: Bool) {
    StackTitles.forgetStacks(notDrawnIn: tasks, in: self)
    defer {
      frame += 1
      hidden.removeAll(keepingCapacity: true)
    }
    guard hadRoom, !values.isEmpty else { return }
    values = values.filter { key, kept in
      kept.frame == frame || hidden.contains { key.scopes.starts(with: $0) }
    }
  }
}

/// A key under the identities of the views it was made in (``FocusSession/scopedKey(_:)``).
///
/// Two keys are told apart by the hash of their paths (made once per depth while a frame is
/// drawn, `FocusSession.pathHashes`), their depth and last step, and the key, not by comparing
/// the paths step by step: a look-up costs the same however deep the view. Two paths of the
/// same depth, ending in the same step, whose 64-bit hashes are equal would share their keys;
/// with SipHash, the chance among the thousands of paths of an application is about 10⁻¹².
struct ScopedKey: Hashable {
  let scopes: [ScopeEntry]
  let pathHash: Int
  let key: AnyHashable

  static func == (lhs: ScopedKey, rhs: ScopedKey) -> Bool {
    lhs.pathHash == rhs.pathHash && lhs.scopes.count == rhs.scopes.count
      && lhs.scopes.last == rhs.scopes.last && lhs.key == rhs.key
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(pathHash)
    hasher.combine(key)
  }
}

/// One step of the path from the root to a view: its place in its stack, the id of an
/// ``IdentityScope``, or a container's key for what it shows (a stack's screen, a tab, an
/// overlay's box). A stack's child costs no `AnyHashable` to enter.
enum ScopeEntry: Hashable, CustomStringConvertible {
  case slot(Int)
  case scope(ScopeID)
  case key(AnyHashable)

  var description: String {
    switch self {
    case .slot(let index): String(index)
    case .scope(let id): id.description
    case .key(let key): "\(key.base)"
    }
  }
}
