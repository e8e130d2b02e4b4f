import OrderedCollections

/// A stack of features for navigation: a flat collection of element states, each with a stable
/// ``StackElementID``.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// // drill down:
/// state.path.append(.counter(Counter.State()))
/// // pop to root:
/// state.path.removeAll()
/// ```
///
/// Appending takes the next id from the `stackElementID` dependency. Copies share storage until
/// one is mutated. Equality compares ids and elements; custom-dump shows elements as `#0`, `#1`.
public struct StackState<Element> {
  var storage: OrderedDictionary<StackElementID, Element> = [:]
  /// Ids whose dismissal effect the stack reducer started (hidden bookkeeping).
  var mounted: Set<StackElementID> = []

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
  public subscript(id id: StackElementID) -> Element? {
    get { storage[id] }
    _modify { yield &storage[id] }
    set {
      if newValue == nil {
        storage[id] = nil
      } else if storage[id] != nil {
        storage[id] = newValue
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
  @discardableResult
  public mutating func pop(from id: StackElementID) -> Bool {
    guard let index = storage.index(forKey: id) else { return false }
    storage.removeSubrange(index...)
    return true
  }

  /// Removes every element above the one with this id. Returns whether it was there.
  @discardableResult
  public mutating func pop(to id: StackElementID) -> Bool {
    guard let index = storage.index(forKey: id) else { return false }
    storage.removeSubrange((index + 1)...)
    return true
  }

  /// Appends an element with a given id (the stack reducer's `.push(id:state:)`).
  mutating func append(_ element: Element, id: StackElementID) {
    storage[id] = element
  }
}

extension StackState: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public var startIndex: Int { storage.elements.startIndex }
  public var endIndex: Int { storage.elements.endIndex }
  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }

  public subscript(position: Int) -> Element {
    get { storage.values[position] }
    _modify { yield &storage.values[position] }
  }

  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>, with newElements: C
  ) where C.Element == Element {
    @Dependency(\.stackElementID) var stackElementID
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
  }

  public mutating func append(_ newElement: Element) {
    @Dependency(\.stackElementID) var stackElementID
    storage[stackElementID.next()] = newElement
  }

  @discardableResult
  public mutating func removeLast() -> Element {
    storage.removeLast().value
  }

  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    storage.removeAll(keepingCapacity: keepCapacity)
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
    Mirror(
      self,
      children: storage.map { Mirror.Child(label: "#\($0.key.generation)", value: $0.value) },
      displayStyle: .struct
    )
  }
}
