import Testing

@testable import ComposableArchitecture

private struct Root {
  var first = 0
  var second = ""
}

private final class Made {
  let name: String
  init(_ name: String) { self.name = name }
}

/// A key path made in a generic context: a new object at each call, equal to the others.
private func generic<Value>(_: Value.Type) -> AnyKeyPath {
  \Array<Value>.count
}

struct KeyPathMemoTests {
  @Test func aKeyPathsObjectIsMadeOnceAndFoundAgain() {
    let memo = KeyPathMemo()
    var made = 0
    let keyPath: AnyKeyPath = \Root.first
    let first = memo.value(for: keyPath) {
      made += 1
      return Made("first")
    }
    let again = memo.value(for: keyPath) {
      made += 1
      return Made("again")
    }
    #expect(first === again)
    #expect(made == 1)
    let other = memo.value(for: \Root.second) { Made("second") }
    #expect(other !== first)
    #expect(other.name == "second")
  }

  @Test func equalKeyPathsThatAreDistinctObjectsShareTheirObject() {
    let memo = KeyPathMemo()
    let one = generic(Int.self)
    let two = generic(Int.self)
    #expect(one == two)
    #expect(one !== two)
    let first = memo.value(for: one) { Made("one") }
    let second = memo.value(for: two) { Made("two") }
    #expect(first === second)
  }

  @Test func manyKeyPathsAreEachFoundWhenTheShortListIsFull() {
    let memo = KeyPathMemo()
    let keyPaths: [AnyKeyPath] = [
      \Root.first, \Root.second, \Array<Int>.count, \Array<String>.count, \String.count,
      \Substring.count, \Array<Bool>.count, \Set<Int>.count, \Set<String>.count,
      \Dictionary<Int, Int>.count, \Array<Double>.count, \Array<UInt8>.count,
      \Array<Int8>.count, \Array<Int16>.count, \Array<Int32>.count, \Array<Int64>.count,
      \Array<UInt16>.count, \Array<UInt32>.count, \Array<UInt64>.count, \Array<Float>.count,
    ]
    let objects = keyPaths.enumerated().map { index, keyPath in
      memo.value(for: keyPath) { Made("\(index)") }
    }
    for (index, keyPath) in keyPaths.enumerated() {
      #expect(memo.value(for: keyPath) { Made("late") } === objects[index])
    }
  }

  @Test func aKeyPathFoundAgainIsFoundWithoutTheLockAndKeepsItsObject() {
    let memo = KeyPathMemo()
    let keyPath: AnyKeyPath = \Root.first
    let first = memo.value(for: keyPath) { Made("first") }
    #expect(memo.pinnedCount == 0)
    // Found again by identity: pinned and published.
    #expect(memo.value(for: keyPath) { Made("again") } === first)
    #expect(memo.pinnedCount == 1)
    for _ in 0..<3 {
      #expect(memo.value(for: keyPath) { Made("late") } === first)
    }
    #expect(memo.pinnedCount == 1)
  }

  @Test func twoKeyPathsInOnePlaceOfTheTableEachKeepTheirObject() throws {
    // Key paths made at run time (a subscript with an argument), kept alive: among more of them
    // than the table has places, two share a place.
    let keyPaths: [AnyKeyPath] = (0..<65).map { \Array<Int>.[$0] }
    var byPlace: [Int: AnyKeyPath] = [:]
    var pair: (AnyKeyPath, AnyKeyPath)?
    for keyPath in keyPaths {
      let place = KeyPathMemo.slot(of: ObjectIdentifier(keyPath))
      if let other = byPlace[place] {
        pair = (other, keyPath)
        break
      }
      byPlace[place] = keyPath
    }
    let (one, two) = try #require(pair)
    let memo = KeyPathMemo()
    let first = memo.value(for: one) { Made("one") }
    #expect(memo.value(for: one) { Made("late") } === first)
    // `one` is published in the place `two` reads first.
    let second = memo.value(for: two) { Made("two") }
    #expect(second.name == "two")
    #expect(memo.value(for: two) { Made("late") } === second)
    // Now `two` is published there.
    #expect(memo.value(for: one) { Made("late") } === first)
    #expect(memo.value(for: two) { Made("late") } === second)
  }

  @Test func onlySoManyKeyPathsArePinned() {
    // Equal key paths that are distinct objects, each kept alive and found again by identity.
    let keyPaths = (0..<100).map { _ in generic(Int.self) }
    let memo = KeyPathMemo()
    let object = memo.value(for: keyPaths[0]) { Made("first") }
    for keyPath in keyPaths {
      #expect(memo.value(for: keyPath) { Made("late") } === object)
      #expect(memo.value(for: keyPath) { Made("late") } === object)
      #expect(memo.value(for: keyPath) { Made("late") } === object)
    }
    #expect(memo.pinnedCount == 64)
  }

  @Test func keyPathsLookedUpFromManyThreadsAtOnceEachGetTheirObject() async {
    let memo = KeyPathMemo()
    // Key paths are immutable once made; the test only reads them.
    nonisolated(unsafe) let keyPaths: [AnyKeyPath] = (0..<40).map { \Array<String>.[$0] }
    let expected = keyPaths.enumerated().map { index, keyPath in
      memo.value(for: keyPath) { Made("\(index)") }
    }
    let names = expected.map(\.name)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<4 {
        group.addTask {
          var mismatches = 0
          for round in 0..<2_000 {
            let index = (round * 7 + worker) % keyPaths.count
            let found = memo.value(for: keyPaths[index]) { Made("late") }
            if found.name != names[index] { mismatches += 1 }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}

struct EffectScopeIDTests {
  @Test func scopesAtEqualKeyPathsAreEqualWhetherOrNotTheyAreOneObject() {
    let one = EffectScopeID(location: generic(Int.self), identity: nil)
    let two = EffectScopeID(location: generic(Int.self), identity: nil)
    #expect(one == two)
    #expect(one.hashValue == two.hashValue)
    let same = \Root.first
    #expect(
      EffectScopeID(location: same, identity: nil) == EffectScopeID(location: same, identity: nil))
  }

  @Test func aKeyPathWrappedAsAnotherTypeHashesAsItsEqualsDo() {
    // The same key path object, as `AnyKeyPath` and as its own type: a scope of each type
    // hashes as a scope made by the generic initializer with that type does.
    let keyPath = \Root.second
    let erased: AnyKeyPath = keyPath
    let asObject = EffectScopeID(location: erased, identity: nil)
    let typed = EffectScopeID(location: keyPath, identity: nil)
    let generic = EffectScopeID(location: AnyHashable(0), identity: nil)
    #expect(generic != typed)
    func viaGeneric<Location: Hashable>(_ location: Location) -> EffectScopeID {
      EffectScopeID(location: location, identity: nil)
    }
    #expect(viaGeneric(keyPath) == typed)
    #expect(viaGeneric(keyPath).hashValue == typed.hashValue)
    #expect(viaGeneric(erased) == asObject)
    #expect(viaGeneric(erased).hashValue == asObject.hashValue)
  }

  @Test func scopesDifferByPlaceIdentityAndPresentation() {
    let first = \Root.first
    let base = EffectScopeID(location: first, identity: AnyHashableSendable(1))
    #expect(base != EffectScopeID(location: \Root.second, identity: AnyHashableSendable(1)))
    #expect(base != EffectScopeID(location: first, identity: AnyHashableSendable(2)))
    #expect(base != EffectScopeID(location: first, identity: nil))
    #expect(
      base != EffectScopeID(location: first, identity: AnyHashableSendable(1), presents: true))
    #expect(base == EffectScopeID(location: first, identity: AnyHashableSendable(1)))
  }

  @Test func aStackElementsScopeIsTheScopeWithItsIDErased() {
    // The stack reducer keeps an element's id as it is; a scope made with the id erased (a
    // `forEach` over identified elements whose id is a stack element id) is the same scope.
    let place = EffectScopeID.Place.of(\Root.first)
    let element = EffectScopeID(place: place, element: 7, presents: true)
    let erased = EffectScopeID(
      place: place, identity: AnyHashableSendable(StackElementID(integerLiteral: 7)),
      presents: true)
    #expect(element == erased)
    #expect(erased == element)
    #expect(element.hashValue == erased.hashValue)
    #expect(element.identity == erased.identity)
    #expect(element != EffectScopeID(place: place, element: 8, presents: true))
    #expect(element != EffectScopeID(place: place, element: 7, presents: false))
    #expect(element != EffectScopeID(place: place, identity: nil, presents: true))
    let int = EffectScopeID(place: place, identity: AnyHashableSendable(7), presents: true)
    #expect(element != int)
  }

  @Test func valueLocationsCompareByValue() {
    #expect(
      EffectScopeID(location: "a", identity: nil) == EffectScopeID(location: "a", identity: nil))
    #expect(
      EffectScopeID(location: "a", identity: nil) != EffectScopeID(location: "b", identity: nil))
    #expect(
      EffectScopeID(location: 1, identity: nil) != EffectScopeID(location: "1", identity: nil))
  }
}
