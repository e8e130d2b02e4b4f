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
