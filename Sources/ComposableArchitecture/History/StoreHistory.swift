import Synchronization

/// Where an entry of a store's history came from.
public enum ActionOrigin: Hashable, Sendable {
  /// The state the store had when recording started (or the oldest state kept).
  case start
  /// An action sent to the store from outside: by a view, a test, or a key. `cause` names what
  /// sent it when the sender said (``ActionHistory/cause``), a key's name for the terminal
  /// runner.
  case send(cause: String?)
  /// An action an effect sent; `startedBy` summarises the action whose effect it was.
  case effect(startedBy: String?)
  /// No action: a shared value the state holds changed outside the store (another store, a
  /// detached task, or another process writing its file). `description` names the value.
  case sharedChange(String)
}

/// One entry of a store's history, as an inspector lists it.
public struct ActionHistoryEntry: Hashable, Sendable {
  /// The entry's place in the whole recording, from 0 (the start); it keeps counting when old
  /// entries are dropped.
  public let sequence: Int
  /// When it happened, since recording started.
  public let time: Duration
  /// Where it came from.
  public let origin: ActionOrigin
  /// The action on one line (its type name left out), or what changed for an entry without
  /// an action.
  public let summary: String
}

/// A store's recorded history, without its types: what an inspector lists, steps through and
/// exports. ``StoreHistory`` is the typed history a store records.
@MainActor
public protocol ActionHistory: AnyObject {
  /// At most how many entries are kept: the oldest are dropped beyond it.
  var capacity: Int { get }
  /// The sequence of the oldest entry kept.
  var firstSequence: Int { get }
  /// The sequence of the newest entry (the live state).
  var lastSequence: Int { get }
  /// The entry with this sequence, if it is kept.
  func entry(_ sequence: Int) -> ActionHistoryEntry?
  /// The action of an entry, dumped in full (secrets redacted as the state's dump redacts them);
  /// `nil` for an entry without an action.
  func actionDump(_ sequence: Int) -> String?
  /// The diff of the state the entry caused, secrets redacted; `nil` when nothing changed or the
  /// state before it is no longer kept.
  func diff(_ sequence: Int) -> String?
  /// The entry whose state the store shows, or `nil` while it shows the live state.
  var travelledSequence: Int? { get }
  /// Makes the store show the state right after an entry, read-only; `nil` returns to the live
  /// state. See ``StoreHistory/travel(to:)``.
  func travel(to sequence: Int?)
  /// Runs `body` with the shared values the state held at the travelled entry (the live values
  /// while not travelling): the terminal runner draws a travelled screen inside it.
  func withTravelledSharedValues(_ body: () -> Void)
  /// What actions sent from outside the store are recorded as coming from, until cleared (the
  /// terminal runner sets a key's name while it routes the key).
  var cause: String? { get set }
  /// Registers a read of the history with the observation tracking in progress, so a view that
  /// lists it redraws when entries are added.
  func access()
}

/// The actions a root store received and the state right after each, kept in a ring, so that
/// an inspector can list them, show the screen as it was after any of them, and turn a session
/// into a test.
///
/// ```swift
/// let store = Store(initialState: Feature.State()) { Feature() }
/// let history = store.recordHistory(capacity: 1_000)!
/// store.send(.incrementButtonTapped)
/// history.lastSequence            // 1
/// history.state(at: 1)?.count     // 1
/// history.travel(to: 0)           // the store shows the start, read-only
/// history.travel(to: nil)         // and the live state again
/// ```
///
/// States are kept as values, so copy-on-write shares what did not change between entries.
/// Shared values are references: the history logs each change of one while it records, so a
/// travelled state reads its shared values as they were. A store that records nothing pays
/// nothing for it.
@MainActor
public final class StoreHistory<State, Action>: ActionHistory {
  /// An entry of the ring, read with the history's types: the values are cast back as they
  /// are read (the ring only ever holds this history's own states and actions).
  struct Entry {
    fileprivate let stored: StoredHistoryEntry

    var sequence: Int { stored.sequence }
    var time: Duration { stored.time }
    /// What changed, for an entry without an action.
    var changed: String? { stored.changed }
    /// How many shared changes the log held when the entry was recorded.
    var sharedMark: Int { stored.sharedMark }
    var state: State { unsafeDowncast(stored.state, to: StateBox<State>.self).value }
    var action: Action? { stored.action.map { $0 as! Action } }
    var origin: Origin {
      switch stored.origin {
      case .start: .start
      case let .send(cause): .send(cause: cause)
      case let .effect(startedBy): .effect(startedBy: startedBy as? Action)
      case let .sharedChange(description): .sharedChange(description)
      }
    }
  }

  enum Origin {
    case start
    case send(cause: String?)
    case effect(startedBy: Action?)
    case sharedChange(String)
  }

  public let capacity: Int
  // These and the ring are read and written at every action recorded, on the main actor, by
  // statements that run no other code: the runtime's exclusivity checks are left out.
  @exclusivity(unchecked) public private(set) var lastSequence: Int
  @exclusivity(unchecked) public var cause: String?
  @exclusivity(unchecked) public private(set) var travelledSequence: Int?

  @exclusivity(unchecked) private var ring: [StoredHistoryEntry] = []
  /// Where the oldest entry is in `ring`, once the ring is full.
  @exclusivity(unchecked) private var head = 0
  private let elapsed: @Sendable () -> Duration
  let sharedLog = SharedChangeLog()
  /// The type of the ring's state boxes, found once: the history's code is not specialized for
  /// its types, and naming `StateBox<State>` would look it up at every entry.
  private let boxType = StateBox<State>.self
  /// How the log's callback reaches the history (see ``HistoryRelay``).
  private let relay = HistoryRelay<State, Action>()
  private let changes = RootStateObservation()
  /// Tells the runtime to show (and notify readers of) another state.
  var onTravel: (@MainActor (State?) -> Void)?
  /// The live state, for deciding whether a shared change concerns the store.
  var liveState: (@MainActor () -> State?)?

  init(
    capacity: Int, initialState: State,
    elapsed: @escaping @Sendable () -> Duration
  ) {
    self.capacity = max(2, capacity)
    self.elapsed = elapsed
    self.lastSequence = 0
    ring.reserveCapacity(min(self.capacity, 1024))
    ring.append(
      StoredHistoryEntry(
        sequence: 0, time: elapsed(), origin: .start, action: nil, changed: nil,
        state: StateBox(initialState), sharedMark: 0))
    relay.attach(self)
    sharedLog.onElsewhereChange = { [relay] change in
      Task { @MainActor in relay.deliver(change) }
    }
    SharedChangeLog.register(sharedLog)
  }

  deinit {
    relay.detach()
    SharedChangeLog.unregister(sharedLog)
  }

  /// How many entries are kept.
  public var count: Int { ring.count }

  public var firstSequence: Int { lastSequence - ring.count + 1 }

  /// Records an action sent from outside, reduced into `state`.
  func recordSend(_ action: Action, state: State) {
    append(origin: .send(cause: cause), action: action, changed: nil, state: state)
  }

  /// Records an action an effect sent, reduced into `state`; `startedBy` is the action whose
  /// effect it was, if the history knows it.
  func recordEffect(_ action: Action, startedBy: Any?, state: State) {
    append(origin: .effect(startedBy: startedBy), action: action, changed: nil, state: state)
  }

  private func append(
    origin: StoredHistoryEntry.Origin, action: Any?, changed: String?, state: State
  ) {
    lastSequence += 1
    let time = elapsed()
    let mark = sharedLog.count
    if ring.count < capacity {
      ring.append(
        StoredHistoryEntry(
          sequence: lastSequence, time: time, origin: origin, action: action,
          changed: changed, state: boxType.init(state), sharedMark: mark))
    } else {
      // The oldest entry gives its place, field by field, and its state's box when nothing
      // else holds it (an entry a reader of the history kept does): no allocation, and no
      // deallocation of the state it held.
      if isKnownUniquelyReferenced(&ring[head].state) {
        unsafeDowncast(ring[head].state, to: boxType).value = state
      } else {
        ring[head].state = boxType.init(state)
      }
      ring[head].sequence = lastSequence
      ring[head].time = time
      ring[head].origin = origin
      ring[head].action = action
      ring[head].changed = changed
      ring[head].sharedMark = mark
      head = (head + 1) % capacity
      // The oldest entry kept, read in place: copying it whole costs more than the rest. A log
      // that never held a change has nothing to forget (and takes no lock).
      if !sharedLog.isEmpty { sharedLog.forget(before: ring[head].sharedMark) }
      if travelledSequence != nil { keepTravelledEntry() }
    }
  }

  /// After the oldest entry was dropped: if it was the entry shown, shows the oldest one kept.
  /// (A function of its own: the state's optional type is looked up where it is named, at
  /// every entry recorded otherwise.)
  @inline(never)
  private func keepTravelledEntry() {
    guard let travelledSequence, travelledSequence < firstSequence else { return }
    self.travelledSequence = firstSequence
    onTravel?(unsafeDowncast(storedEntry(at: 0).state, to: StateBox<State>.self).value)
  }

  /// Tells readers of the history that entries were added (once per batch of actions).
  func didRecord() {
    if changes.isAccessed { changes.notify() }
  }

  public func access() {
    changes.access()
  }

  /// A shared value changed outside any action of the store (by one of its effects, or
  /// elsewhere): an entry without an action, when the live state holds the value.
  fileprivate func recordSharedChange(_ change: SharedChangeLog.ElsewhereChange) {
    guard let state = liveState?() ?? nil,
      SharedSnapshot(capturing: state).contains(change.reference)
    else { return }
    let origin: StoredHistoryEntry.Origin =
      change.isFromEffect
      ? .effect(startedBy: change.startedBy?.value)
      : .sharedChange(change.description)
    append(origin: origin, action: nil, changed: change.description, state: state)
    didRecord()
  }

  private func storedEntry(at offset: Int) -> StoredHistoryEntry {
    ring[(head + offset) % ring.count]
  }

  /// The entry with this sequence, if it is kept.
  func stored(_ sequence: Int) -> Entry? {
    guard sequence >= firstSequence, sequence <= lastSequence else { return nil }
    return Entry(stored: storedEntry(at: sequence - firstSequence))
  }

  /// The state right after the entry with this sequence, if it is kept. Shared values it holds
  /// read as they are now; ``withSharedValues(at:_:)`` reads them as they were.
  public func state(at sequence: Int) -> State? {
    stored(sequence)?.state
  }

  /// The action of the entry with this sequence, if it has one and is kept.
  public func action(at sequence: Int) -> Action? {
    stored(sequence)?.action
  }

  /// Runs `body` with the shared values the state held right after the entry: reads of
  /// `@Shared` values inside it see them as they were.
  public func withSharedValues<R>(at sequence: Int, _ body: () throws -> R) rethrows -> R {
    guard let entry = stored(sequence), !sharedLog.isEmpty else { return try body() }
    return try SharedSnapshot.withSnapshot(sharedLog.snapshot(at: entry.sharedMark), body)
  }

  public func withTravelledSharedValues(_ body: () -> Void) {
    guard let travelledSequence else { return body() }
    withSharedValues(at: travelledSequence, body)
  }

  public func entry(_ sequence: Int) -> ActionHistoryEntry? {
    guard let entry = stored(sequence) else { return nil }
    let origin: ActionOrigin
    switch entry.origin {
    case .start: origin = .start
    case .send(let cause): origin = .send(cause: cause)
    case .effect(let startedBy): origin = .effect(startedBy: startedBy.map(oneLineDump))
    case .sharedChange(let description): origin = .sharedChange(description)
    }
    let summary =
      entry.action.map(oneLineDump) ?? entry.changed.map { "\($0) changed" } ?? "(start)"

    return ActionHistoryEntry(
      sequence: entry.sequence, time: entry.time, origin: origin, summary: summary)
  }

  public func actionDump(_ sequence: Int) -> String? {
    stored(sequence)?.action.map { withoutAddresses(String(customDumping: $0)) }
  }

  public func diff(_ sequence: Int) -> String? {
    guard let entry = stored(sequence), let before = stored(sequence - 1) else { return nil }
    guard !sharedLog.isEmpty else {
      return CustomDump.diff(before.state, entry.state).map(withoutAddresses)
    }
    let comparison = SharedSnapshot.Comparison(
      lhs: sharedLog.snapshot(at: before.sharedMark), rhs: sharedLog.snapshot(at: entry.sharedMark))
    return SharedSnapshot.$change.withValue(comparison) {
      changeDiff(before.state, entry.state).map(withoutAddresses)
    }
  }

  /// Makes the store (and every store scoped from it) read the state right after the entry
  /// with this sequence, or the live state again with `nil` (or a sequence no longer kept).
  ///
  /// While it travels, the store is read-only: actions sent to it from outside are dropped and
  /// not recorded. Effects already running go on: what they send is reduced into the live
  /// state and recorded, so returning to the live state shows everything that happened.
  public func travel(to sequence: Int?) {
    let target = sequence.flatMap { stored($0) == nil ? nil : $0 }
    let shown = target == lastSequence ? nil : target
    guard shown != travelledSequence else { return }
    travelledSequence = shown
    onTravel?(shown.flatMap { stored($0)?.state })
    didRecord()
  }
}

/// A state a history recorded, in a box of its own so that the ring can reuse it (see
/// `StoreHistory.append`). The ring holds boxes of one state type only.
private class AnyStateBox {}

private final class StateBox<State>: AnyStateBox {
  // Written only by the history's `append`, when nothing else holds the box, and read on the
  // main actor: the runtime's exclusivity checks are left out.
  @exclusivity(unchecked) var value: State

  init(_ value: State) {
    self.value = value
  }
}

/// How a history's shared log reaches the history, from any thread, with no weak reference to
/// it: a weak reference would give the history a side table, and then every retain and release
/// of it (two of each for every action it records) would take the runtime's slow path. The
/// history detaches the relay when it goes; the relay's lock keeps it from going while a change
/// is delivered (the delivery may retain it meanwhile, as its deinit's own calls may).
private final class HistoryRelay<State, Action>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private unowned(unsafe) var history: StoreHistory<State, Action>?

  func attach(_ history: StoreHistory<State, Action>) {
    lock.withLock { self.history = history }
  }

  func detach() {
    lock.withLock { history = nil }
  }

  @MainActor
  func deliver(_ change: SharedChangeLog.ElsewhereChange) {
    lock.withLock { history?.recordSharedChange(change) }
  }
}

/// A history's entry as its ring keeps it, the state and the actions type-erased. A history's
/// code is not specialized for the store's types, so a typed entry (an `Entry<State, Action>` in
/// an array, an `Action?`, even a type nested in the generic history) would cost a lookup of
/// each of those types at every action recorded; boxing the values costs none. Reading an entry
/// casts them back (``StoreHistory/Entry``).
private struct StoredHistoryEntry {
  var sequence: Int
  var time: Duration
  var origin: Origin
  var action: Any?
  var changed: String?
  /// A `StateBox` of the history's state.
  var state: AnyStateBox
  var sharedMark: Int

  enum Origin {
    case start
    case send(cause: String?)
    case effect(startedBy: Any?)
    case sharedChange(String)
  }
}

/// A value dumped on one line, its leading type name left out: `.counter(.incrementButtonTapped)`.
func oneLineDump(_ value: Any) -> String {
  let dump = withoutAddresses(String(customDumping: value))
  var line = ""
  line.reserveCapacity(dump.utf8.count)
  for (index, part) in dump.split(separator: "\n").enumerated() {
    let trimmed = part.drop(while: { $0 == " " })
    if index > 0, let last = line.last, last != "(", last != "[", trimmed.first != ")",
      trimmed.first != "]"
    {
      line += " "
    }
    line += trimmed
  }
  // The type name before the first case: `AppFeature.Action.counter(…)` becomes `.counter(…)`.
  if let open = line.firstIndex(where: { $0 == "(" || $0 == " " }) ?? Optional(line.endIndex),
    let dot = line[..<open].lastIndex(of: "."), dot != line.startIndex
  {
    let prefix = line[..<dot]
    if prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) {
      line.removeSubrange(..<dot)
    }
  }
  return line
}

/// The changes of shared values made while a history records: with the marks its entries keep,
/// the values every shared reference had at each entry.
final class SharedChangeLog: @unchecked Sendable {
  struct Change {
    let reference: AnyObject
    let old: Any
    let new: Any
  }

  /// A change made outside the store's actions, for the history to record as an entry.
  struct ElsewhereChange: @unchecked Sendable {
    let reference: AnyObject
    let description: String
    /// Whether one of the store's effects made it, and the action that started that effect.
    let isFromEffect: Bool
    let startedBy: UncheckedSendable<Any>?
  }

  private let lock = NSLock()
  private var changes: [Change] = []
  /// How many changes were forgotten (their marks are still counted).
  private var forgotten = 0
  /// The values references had at the oldest mark kept, for those changed before it.
  private var base: [ObjectIdentifier: (reference: AnyObject, value: Any)] = [:]
  /// The thread the runtime reduces actions on, while it does (0 otherwise): changes made on
  /// it then belong to the action being reduced.
  private let reducingThread = Atomic<UInt>(0)

  /// Marks the actions reduced on this thread until ``endReducing()``.
  func beginReducing() {
    reducingThread.store(UInt(bitPattern: currentThreadID()), ordering: .relaxed)
  }

  func endReducing() {
    reducingThread.store(0, ordering: .relaxed)
  }
  /// The effect registry of the store, to know the changes its effects make.
  var registry: ObjectIdentifier?
  var onElsewhereChange: (@Sendable (ElsewhereChange) -> Void)?

  /// How many changes were ever logged (forgotten ones included): an entry's mark. Atomic, so
  /// recording an action takes no lock.
  private let total = Atomic<Int>(0)

  var count: Int { total.load(ordering: .relaxed) }
  var isEmpty: Bool { count == 0 }

  func append(_ change: Change, description: String, elsewhere: Bool) {
    lock.withLock {
      changes.append(change)
      total.add(1, ordering: .relaxed)
    }
    let belongsToAction =
      !elsewhere
      && reducingThread.load(ordering: .relaxed) == UInt(bitPattern: currentThreadID())
    if !belongsToAction {
      let context = EffectContext.current
      let isFromEffect =
        !elsewhere && registry != nil
        && context?.registry.map { ObjectIdentifier($0) } == registry
      onElsewhereChange?(
        ElsewhereChange(
          reference: change.reference, description: description, isFromEffect: isFromEffect,
          startedBy: isFromEffect ? context?.startedBy : nil))
    }
  }

  /// Drops the changes before `mark`, keeping the values they left.
  func forget(before mark: Int) {
    lock.withLock {
      let drop = mark - forgotten
      guard drop > 0 else { return }
      for change in changes.prefix(drop) {
        base[ObjectIdentifier(change.reference)] = (change.reference, change.new)
      }
      changes.removeFirst(min(drop, changes.count))
      forgotten = mark
    }
  }

  /// The values of every changed reference at `mark`: the last change before it, or the value
  /// before the first change after it.
  func snapshot(at mark: Int) -> SharedSnapshot {
    lock.withLock {
      let snapshot = SharedSnapshot()
      for (_, entry) in base { snapshot.setValue(entry.value, of: entry.reference) }
      let before = max(0, min(mark - forgotten, changes.count))
      for change in changes[..<before] { snapshot.setValue(change.new, of: change.reference) }
      for change in changes[before...] where snapshot.value(of: change.reference) == nil {
        snapshot.setValue(change.old, of: change.reference)
      }
      return snapshot
    }
  }

  // MARK: - The logs that record

  /// Histories of stores in tests running at once register here together.
  private static let active = VisibleMutex<[ObjectIdentifier: Weak]>([:])
  private static let activeCount = Atomic<Int>(0)

  private struct Weak: @unchecked Sendable {
    weak var log: SharedChangeLog?
  }

  /// Whether any history records: until one does, a shared write pays one relaxed load.
  static var isRecording: Bool { activeCount.load(ordering: .relaxed) > 0 }

  static func register(_ log: SharedChangeLog) {
    active.withLock { $0[ObjectIdentifier(log)] = Weak(log: log) }
    activeCount.add(1, ordering: .relaxed)
  }

  static func unregister(_ log: SharedChangeLog) {
    active.withLock { $0[ObjectIdentifier(log)] = nil }
    activeCount.subtract(1, ordering: .relaxed)
  }

  /// Logs a change of a root reference in every recording history.
  static func record(
    reference: AnyObject, old: Any, new: Any, description: String, elsewhere: Bool
  ) {
    let logs = active.withLock { $0.values.compactMap(\.log) }
    for log in logs {
      log.append(
        Change(reference: reference, old: old, new: new), description: description,
        elsewhere: elsewhere)
    }
  }
}

extension SharedSnapshot {
  /// Whether the snapshot holds a value for the reference.
  func contains(_ reference: AnyObject) -> Bool {
    value(of: reference) != nil
  }
}

/// An identifier of the calling thread.
private func currentThreadID() -> Int {
  Int(bitPattern: UInt(pthread_self()))
}

/// A dump without the memory addresses it may hold (a computed key path dumps as
/// `<computed 0x55d0… (Value)>`), so the same value reads the same in every run.
func withoutAddresses(_ dump: String) -> String {
  guard dump.contains(" 0x") else { return dump }
  return dump.replacing(/\ 0x[0-9a-fA-F]+/, with: "")
}
