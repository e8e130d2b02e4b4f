/// Plays a tape against an application drawing to a headless backend: keys are handled, resizes
/// resize the backend, `advance` calls `advance`, and each `snapshot` step calls `snapshot` with
/// its name once the frame is drawn. The first frame is drawn before the first step, and
/// `settle` lets the effects it started run (a `.task` that loads the screen's data), as it does
/// after keys and advances for the effects they started or woke (pass a settling store's
/// `settle()` for determinism): every step, the first included, sees the screen its effects
/// left.
///
/// For example, `composable-demo --replay TAPE` plays a tape and prints the last screen.
@MainActor
public func play(
  _ tape: KeyTape, in app: Application, backend: HeadlessBackend,
  advance: (Duration) async -> Void = { _ in },
  settle: () async -> Void = { for _ in 0..<20 { await Task.yield() } },
  snapshot: (String) -> Void = { _ in }
) async {
  app.renderIfNeeded()
  await settle()
  app.renderIfNeeded()
  var decoder = KeyDecoder()
  for step in tape.steps {
    switch step {
    case .bytes(let bytes):
      app.handle(decoder.decode(bytes) + decoder.flush())
      await settle()
      app.renderIfNeeded()
    case .keys(let keys):
      app.handle(keys)
      await settle()
      app.renderIfNeeded()
    case .resize(let size):
      backend.resize(to: size)
      app.handle([.resize(size)])
    case .advance(let duration):
      await advance(duration)
      await settle()
      app.renderIfNeeded()
    case .snapshot(let name):
      app.renderIfNeeded()
      snapshot(name)
    }
    if app.isFinished { break }
  }
  app.renderIfNeeded()
}

/// The keys of a session with the time between them, as a tape: what a recorder writes and an
/// inspector exports. Keys less than a tenth of a second apart share a `keys` step; a longer
/// gap becomes an `advance` step (to the tenth of a second, at most an hour), so a replay on a
/// test clock sees debounces, spinners and timers as the session did.
///
/// For example:
///
/// ```swift
/// var log = KeyLog()
/// log.append([.character("a")], at: .seconds(0))
/// log.append([.enter], at: .seconds(2))
/// log.tape.text  // "type \"a\"\nadvance 2s\nkey enter\n" (in the tape's own spelling)
/// ```
public struct KeyLog: Hashable, Sendable {
  /// The steps so far.
  public private(set) var steps: [KeyTape.Step] = []
  private var lastTime: Duration?

  /// An empty log.
  public init() {}

  /// The `advance` step for the time from `earlier` to `later`: whole tenths of a second, at
  /// most an hour; `nil` under a tenth (or with no earlier time).
  public static func wait(from earlier: Duration?, to later: Duration) -> KeyTape.Step? {
    guard let earlier else { return nil }
    let tenths = Int((later - earlier) / .milliseconds(100))
    return tenths > 0 ? .advance(.milliseconds(min(tenths, 36_000) * 100)) : nil
  }

  /// The steps for `events` arriving at `time` (since any fixed start), after the keys before
  /// them.
  @discardableResult
  public mutating func append(_ events: [KeyEvent], at time: Duration) -> [KeyTape.Step] {
    guard !events.isEmpty else { return [] }
    var added: [KeyTape.Step] = []
    if let wait = Self.wait(from: lastTime, to: time) { added.append(wait) }
    lastTime = time
    if added.isEmpty, case .keys(let previous)? = steps.last {
      steps[steps.count - 1] = .keys(previous + events)
      return [.keys(events)]
    }
    added.append(.keys(events))
    steps += added
    return added
  }

  /// The log as a tape.
  public var tape: KeyTape { KeyTape(steps: steps) }

  /// The log as a tape that ends at `time`: with an `advance` for the time since the last key,
  /// so what the session waited for after it (a timer, a request) happens in a replay too.
  public func tape(endingAt time: Duration) -> KeyTape {
    KeyTape(steps: steps + [Self.wait(from: lastTime, to: time)].compactMap { $0 })
  }

  /// What to record of a key: the key, or, when it was typed into a secure field, one `•` per
  /// character, so a recording never holds a password yet fills the field with as many
  /// characters when replayed.
  public static func recordable(_ event: KeyEvent, isSecret: Bool) -> KeyEvent {
    guard isSecret else { return event }
    switch event {
    case .character: return .character("•")
    case .paste(let text): return .paste(String(repeating: "•", count: text.count))
    default: return event
    }
  }
}
