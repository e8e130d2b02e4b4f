import OrderedCollections

/// A stack of features for navigation: a flat collection of element states, each with a stable
/// ``StackElementID``.
///
/// <!-- context: arch-path, arch-state-var -->
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // drill down:
/// state.path.append(.counter(CounterFeature.State()))
/// // pop to root:
/// state.path.removeAll()
/// ```
///
/// Appending takes the next id from the `stackElementID` dependency. Copies share storage until
/// one is mutated. Equality compares ids and elements; custom-dump shows the stack as a
/// dictionary keyed by id: `[#0: …, #1: …]`.
public struct StackState<Element> {
  @usableFromInline var storage: OrderedDictionary<StackElementID, Element> = [:]

  // Hidden bookkeeping, ignored by equality, hashing, coding and dumps. It lets the stack
  // reducer and observation pay for what changed, not for the depth of the stack.

  /// Ids whose dismissal the stack reducer armed.
  @usableFromInline var mounted: Set<StackElementID> = []
  /// Mounted ids removed since the stack reducer last looked: their effects must be cancelled.
  @usableFromInline var removedMounted: [StackElementID] = []
  /// Changes whenever an element is added, removed or replaced by another identity; copies
  /// share it. Equal tokens mean the same elements in the same order.
  @usableFromInline var structure = ObservableStateID()
  /// Names this stack from its creation on, across mutations: a stack assigned in place of
  /// another has a different lineage.
  @usableFromInline var lineage = ObservableStateID()

  /// An empty stack.
  public init() {}

  /// A stack of these elements, with new ids.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    append(contentsOf: elements)
  }

  /// The ids of the elements, bottom first.
  public var ids: OrderedSet<StackElementID> {
    storage.keys
  }

  /// The element with this id. Setting `nil` removes it.
  ///
  /// Assigning at an id the stack does not have is a mistake in a feature (use `append`), but
  /// in a test it describes a push: `await store.send(.goToCounter) { $0.path[id: 0] = … }`
  /// appends the element at that id.
  public subscript(id id: StackElementID) -> Element? {
    @inlinable get { storage[id] }
    @inlinable _modify {
      let before = storage[id].map(ObservableStateID._$id(for:))
      yield &storage[id]
      didModify(id: id, identityBefore: before)
    }
    set {
      if newValue == nil {
        if storage.removeValue(forKey: id) != nil { didRemove([id]) }
      } else if storage[id] != nil {
        let before = storage[id].map(ObservableStateID._$id(for:))
        storage[id] = newValue
        didModify(id: id, identityBefore: before)
      } else if DependencyValues._current.context == .test {
        // A test asserting a push writes the element the reducer appended at its id, as in
        // `$0.path[id: 0] = .counter(Counter.State())`.
        append(newValue!, id: id)
      } else {
        reportIssue(
          """
          Can't assign an element to the stack at id \(id): there is no element with this id. \
          Use "append" to push a new element.
          """
        )
      }
    }
  }

  /// The value of a case of the element with this id.
  ///
  /// <!-- context: arch-path, arch-stack, arch-stack-send -->
  /// ```swift
  /// $0.path[id: 0, case: \.counter]?.count = 1
  /// ```
  public subscript<Case>(id id: StackElementID, case path: CaseKeyPath<Element, Case>) -> Case?
  where Element: CasePathable {
    get { self[id: id].flatMap { $0[case: path] } }
    set {
      guard let newValue, self[id: id]?[case: path] != nil else { return }
      self[id: id] = path(newValue)
    }
  }

  /// Removes the element with this id and every element above it. Returns whether it was there.
  @inlinable
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    // The top element is found without a lookup in the ids' hash table, which misses the
    // cache at every probe when the stack is deep.
    let index = storage.keys.last == id ? storage.count - 1 : storage.index(forKey: id)
    guard let index else { return false }
    removeElements(in: index..<storage.count)
    return true
  }

  /// Removes every element above the one with this id. Returns whether it was there.
  @inlinable
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = storage.index(forKey: id) else { return false }
    removeElements(in: (index + 1)..<storage.count)
    return true
  }

  /// An empty stand-in with this stack's structure and lineage: what the stack reducer leaves
  /// in the state while it mutates the stack itself, so that the stack is uniquely referenced
  /// (writes through a key path to an observed field get a copy and set it back) and observers
  /// see no change until the real stack is put back.
  @usableFromInline var placeholder: StackState {
    StackState(structure: structure, lineage: lineage)
  }

  private init(structure: ObservableStateID, lineage: ObservableStateID) {
    self.structure = structure
    self.lineage = lineage
  }

  /// Whether the stack reducer has effects to start or cancel: the stack was replaced,
  /// elements were removed, or some element has no dismissal armed yet.
  @inlinable
  func needsBookkeeping(since lineageBefore: ObservableStateID) -> Bool {
    lineage != lineageBefore || !removedMounted.isEmpty || mounted.count != storage.count
  }

  /// Appends an element with a given id (the stack reducer's `.push(id:state:)`).
  @inlinable
  mutating func append(_ element: Element, id: StackElementID) {
    storage[id] = element
    structure = ObservableStateID()
  }

  // Inlinable, as the pops that call it are, so that the ordered dictionary's removal is
  // specialized for the client's elements instead of looking up their metadata at run time.
  @inlinable
  mutating func removeElements(in range: Range<Int>) {
    guard !range.isEmpty else { return }
    if range.count == 1, range.upperBound == storage.count {
      // A pop of the top element, without the arrays of a general removal.
      didRemove(CollectionOfOne(storage.removeLast().key))
      return
    }
    let removed = Array(storage.keys[range])
    storage.removeSubrange(range)
    didRemove(removed)
  }

  /// Records removed ids: mounted ones are remembered until the stack reducer cancels them.
  @inlinable
  mutating func didRemove(_ ids: some Sequence<StackElementID>) {
    for id in ids where mounted.remove(id) != nil {
      removedMounted.append(id)
    }
    structure = ObservableStateID()
  }

  /// After an element was modified in place: a removal, or a replacement by another identity,
  /// changes the structure; a change of the element's fields does not.
  @inlinable
  mutating func didModify(id: StackElementID, identityBefore: ObservableStateID?) {
    guard let element = storage[id] else {
      if identityBefore != nil { didRemove([id]) }
      return
    }
    if identityBefore != ObservableStateID._$id(for: element) {
      structure = ObservableStateID()
    }
  }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { storage.elements.startIndex }
  public var endIndex: Int { storage.elements.endIndex }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> Element {
    get { storage.values[position] }
    _modify {
      let before = ObservableStateID._$id(for: storage.values[position])
      yield &storage.values[position]
      if before != ObservableStateID._$id(for: storage.values[position]) {
        structure = ObservableStateID()
      }
    }
  }

  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    let stackElementID = DependencyValues._current.stackElementID
    let removedIDs = storage.keys[subrange]
    var replacement = OrderedDictionary<StackElementID, Element>()
    for element in newElements {
      replacement[stackElementID.next()] = element
    }
    var result = OrderedDictionary<StackElementID, Element>()
    result.reserveCapacity(storage.count - removedIDs.count + replacement.count)
    for (id, element) in storage.elements[..<subrange.lowerBound] { result[id] = element }
    for (id, element) in replacement.elements { result[id] = element }
    for (id, element) in storage.elements[subrange.upperBound...] { result[id] = element }
    storage = result
    didRemove(removedIDs)
  }

  // Inlinable, so that it is specialized for the element type in the feature that pushes; the
  // generator is read from the dependencies in force, which is what `@Dependency` would read
  // here at several times the cost.
  @inlinable
  public mutating func append(_ newElement: Element) {
    storage[DependencyValues._current.stackElementID.next()] = newElement
    structure = ObservableStateID()
  }

  @discardableResult
  public mutating func removeLast() -> Element {
    let (id, element) = storage.removeLast()
    didRemove([id])
    return element
  }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    let removed = Array(storage.keys)
    storage.removeAll(keepingCapacity: keepCapacity)
    didRemove(removed)
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: Equatable where Element: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Decodable where Element: Decodable {
  /// Decodes the elements; they get new ids.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements, bottom first (ids are not encoded).
  public func encode(to encoder: any Encoder) throws {
    try Array(storage.values).encode(to: encoder)
  }
}

extension StackState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    // Shown as an ordered dictionary keyed by id: `[#0: Counter.State(…), #1: …]`.
    Mirror(
      self,
      unlabeledChildren: storage.map { (key: AnyHashable($0.key), value: $0.value as Any) },
      displayStyle: .dictionary
    )
  }
}
