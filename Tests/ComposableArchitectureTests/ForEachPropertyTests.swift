import ComposableArchitecture
import Foundation
import PropertyBased
import Testing

/// Rows that the parent adds, removes and moves while their timers run.
struct MovingRows: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Counter.State> = []
  }
  @CasePathable
  enum Action: Equatable {
    case add(id: Int)
    case move(from: Int, to: Int)
    case remove(id: Int)
    case rows(IdentifiedActionOf<Counter>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(id):
        state.rows.append(Counter.State(id: id))
      case let .move(from, to):
        state.rows.move(fromOffsets: IndexSet(integer: from), toOffset: to)
      case let .remove(id):
        state.rows.remove(id: id)
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Counter() }
  }
}

/// `forEach` over an `IdentifiedArray`, driven by random adds, removes, moves, element actions
/// and clock ticks, against a model: every row's count is what its own actions and its own
/// timers made it, whatever moved around it, and a removed row's timers stop with it.
@MainActor
struct ForEachPropertyTests {
  struct Row: Equatable {
    var id: Int
    var count = 0
    var timers = 0
  }

  @Test func everyRowCountsOnlyItsOwnActionsAndTicks() async {
    let codes = Gen.int(in: 0...79).array(of: 1...30)
    await propertyCheck(count: 1000, input: codes) { codes in
      let clock = TestClock()
      let store = TestStore(initialState: MovingRows.State()) {
        MovingRows()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: false)
      var rows: [Row] = []
      var nextID = 0
      for code in codes {
        let pick = rows.isEmpty ? nil : (code / 8) % rows.count
        switch (code % 8, pick) {
        case (0, _), (_, nil):
          await store.send(.add(id: nextID))
          rows.append(Row(id: nextID))
          nextID += 1
        case (1, let index?):
          await store.send(.remove(id: rows[index].id))
          rows.remove(at: index)
        case (2, let index?):
          // Moves the row to the other end (offsets as `move(fromOffsets:toOffset:)` takes them).
          await store.send(.move(from: index, to: index == 0 ? rows.count : 0))
          let row = rows.remove(at: index)
          if index == 0 { rows.append(row) } else { rows.insert(row, at: 0) }
        case (3, let index?):
          await store.send(.rows(.element(id: rows[index].id, action: .incrementButtonTapped)))
          rows[index].count += 1
        case (4, let index?):
          await store.send(.rows(.element(id: rows[index].id, action: .startTimer)))
          rows[index].timers += 1
        case (5, let index?):
          await store.send(.rows(.element(id: rows[index].id, action: .stopTimer)))
          rows[index].timers = 0
        default:
          await clock.advance(by: .seconds(1))
          await store.skipReceivedActions(strict: false)
          for index in rows.indices { rows[index].count += rows[index].timers }
        }
        let actual = store.state.rows.map { Row(id: $0.id, count: $0.count) }
        let expected = rows.map { Row(id: $0.id, count: $0.count) }
        #expect(actual == expected, "after \(code)")
        if actual != expected { break }
      }
      for row in rows { await store.send(.remove(id: row.id)) }
      await clock.advance(by: .seconds(5))
      await store.finish()
    }
  }
}
