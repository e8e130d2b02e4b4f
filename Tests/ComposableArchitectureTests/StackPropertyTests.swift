import ComposableArchitecture
import PropertyBased
import Testing

/// A stack driven through a store by random sequences of pushes, pops, element actions, timers
/// and dismissals, checked after every step against a model of what a user expects: the ids
/// in order (never reused), each element's count, and timers that tick only for elements that
/// are still there. At the end nothing is left running.
@MainActor
struct StackPropertyTests {
  struct Element: Equatable {
    var id: Int
    var count: Int
    var timers = 0
  }

  struct Model {
    var elements: [Element] = []
    var nextID = 0

    mutating func push(count: Int) {
      elements.append(Element(id: nextID, count: count))
      nextID += 1
    }
    mutating func pop(from index: Int) {
      elements.removeSubrange(index...)
    }
  }

  /// One step: the operation is `code % 10`, the element it touches `code / 10` (modulo the
  /// stack's depth).
  func step(
    _ code: Int, _ store: TestStoreOf<StackRoot>, _ model: inout Model, _ clock: TestClock<Duration>
  ) async {
    let elements = model.elements
    let index = elements.isEmpty ? nil : (code / 10) % elements.count
    let id = index.map { StackElementID(integerLiteral: elements[$0].id) }
    switch (code % 10, index, id) {
    case (0, _, _), (1, nil, _):
      await store.send(.pushCounter)
      model.push(count: 0)
    case (1, _, _):
      await store.send(
        .path(.push(id: StackElementID(integerLiteral: model.nextID), state: .init())))
      model.push(count: 0)
    case (2, let index?, let id?):
      await store.send(.path(.popFrom(id: id)))
      model.pop(from: index)
    case (3, let index?, let id?):
      await store.send(.path(.element(id: id, action: .incrementButtonTapped)))
      model.elements[index].count += 1
    case (4, let index?, let id?):
      await store.send(.path(.element(id: id, action: .startTimer)))
      model.elements[index].timers += 1
    case (5, let index?, let id?):
      await store.send(.path(.element(id: id, action: .stopTimer)))
      model.elements[index].timers = 0
    case (6, _, _):
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions(strict: false)
      for index in model.elements.indices {
        model.elements[index].count += model.elements[index].timers
      }
    case (7, let index?, let id?):
      // The element dismisses itself: the parent receives `popFrom` for it.
      await store.send(.path(.element(id: id, action: .closeButtonTapped)))
      await store.skipReceivedActions(strict: false)
      model.pop(from: index)
    case (8, _, _):
      await store.send(.popToRoot)
      model.elements = []
    case (9, _, _):
      await store.send(.replaceStack)
      model.elements = []
      model.push(count: 100)
    default:
      await store.send(.pushCounter)
      model.push(count: 0)
    }
  }

  @Test func theStackMatchesTheModelAfterEveryStep() async {
    let codes = Gen.int(in: 0...99).array(of: 1...30)
    await propertyCheck(count: 1000, input: codes) { codes in
      let clock = TestClock()
      let store = TestStore(initialState: StackRoot.State()) {
        StackRoot()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: false)
      var model = Model()
      for code in codes {
        await step(code, store, &model, clock)
        let ids = model.elements.map { StackElementID(integerLiteral: $0.id) }
        let counts = store.state.path.map(\.count)
        #expect(Array(store.state.path.ids) == ids, "after \(code)")
        #expect(counts == model.elements.map(\.count), "after \(code)")
        if counts != model.elements.map(\.count) { break }
      }
      await store.send(.popToRoot)
      await clock.advance(by: .seconds(5))
      #expect(store.state.path.isEmpty)
      await store.finish()
    }
  }
}
