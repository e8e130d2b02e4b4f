import ComposableArchitecture
import PropertyBased
import Testing

/// A counter whose timers are cancellable by one of two ids, from the level that started them.
struct IdTicker: Reducer {
  struct State: Equatable {
    var count = 0
  }
  enum TimerID: Hashable, CaseIterable { case fast, slow }
  @CasePathable
  enum Action: Equatable {
    case cancel(TimerID)
    /// Starts a timer; `replacing` cancels the timers of that id in flight first.
    case start(TimerID, replacing: Bool)
    case tick
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .cancel(id):
      return .cancel(id: id)
    case let .start(id, replacing):
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: id, cancelInFlight: replacing)
    case .tick:
      state.count += 1
      return .none
    }
  }
}

/// Three levels that all use the same two cancellation ids: the root, rows of a `forEach`, and a
/// sheet presented by each row.
struct IdTickerTree: Reducer {
  struct Row: Equatable, Identifiable {
    var id: Int
    var ticker = IdTicker.State()
    @PresentationState var sheet: IdTicker.State?
  }
  @CasePathable
  enum RowAction: Equatable {
    case dismissSheet
    case presentSheet
    case sheet(PresentationAction<IdTicker.Action>)
    case ticker(IdTicker.Action)
  }
  struct RowFeature: Reducer {
    var body: some Reducer<Row, RowAction> {
      Scope(state: \.ticker, action: \.ticker) { IdTicker() }
      Reduce { row, action in
        switch action {
        case .dismissSheet:
          row.sheet = nil
        case .presentSheet:
          row.sheet = IdTicker.State()
        case .sheet, .ticker:
          break
        }
        return .none
      }
      .ifLet(\.$sheet, action: \.sheet) { IdTicker() }
    }
  }

  struct State: Equatable {
    var ticker = IdTicker.State()
    var rows: IdentifiedArrayOf<Row> = []
  }
  @CasePathable
  enum Action: Equatable {
    case add(id: Int)
    case remove(id: Int)
    case rows(IdentifiedAction<Int, RowAction>)
    case ticker(IdTicker.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.ticker, action: \.ticker) { IdTicker() }
    Reduce { state, action in
      switch action {
      case let .add(id):
        state.rows.append(Row(id: id))
      case let .remove(id):
        state.rows.remove(id: id)
      case .rows, .ticker:
        break
      }
      return .none
    }
    .forEach(\.rows, action: \.rows) { RowFeature() }
  }
}

/// The effect registry's cancellation by id, against a model: `.cancel(id:)` and
/// `cancellable(id:cancelInFlight: true)` reach the effects of that id started at their own level
/// and below it, never a sibling row's nor a parent's; removing a row or dismissing a sheet
/// cancels everything under it. Every timer left running ticks its own counter, so a timer
/// cancelled too much or too little shows in the counts after the next second.
@MainActor
struct CancellationPropertyTests {
  /// Where a ticker sits: the root (`row == nil`), a row's own, or the sheet of a row.
  struct Place: Hashable {
    var row: Int?
    var sheet = false

    /// Whether a cancellation sent from `self` reaches effects started at `other`.
    func covers(_ other: Place) -> Bool {
      guard let row else { return true }
      return other.row == row && (!sheet || other.sheet)
    }
  }
  struct Timer: Hashable {
    var place: Place
    var id: IdTicker.TimerID
  }
  struct Model {
    var rows: [Int] = []
    var sheets: Set<Int> = []
    var timers: [Timer: Int] = [:]
    var counts: [Place: Int] = [Place(row: nil): 0]

    mutating func cancel(_ id: IdTicker.TimerID, from place: Place) {
      timers = timers.filter { !($0.key.id == id && place.covers($0.key.place)) }
    }
    mutating func removeAll(under place: Place) {
      timers = timers.filter { !place.covers($0.key.place) }
      counts = counts.filter { !place.covers($0.key) }
    }
  }

  @Test func cancellingByIdReachesItsOwnLevelAndBelowOnly() async {
    let codes = Gen.int(in: 0...1_199).array(of: 1...40)
    await propertyCheck(count: 600, input: codes) { codes in
      let clock = TestClock()
      let store = TestStore(initialState: IdTickerTree.State()) {
        IdTickerTree()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: false)
      var model = Model()
      var nextID = 0
      for code in codes {
        let id: IdTicker.TimerID = code % 2 == 0 ? .fast : .slow
        let row = model.rows.isEmpty ? nil : model.rows[(code / 20) % model.rows.count]
        // The level an action goes to: the root, a row, or a row's sheet when it has one.
        let place: Place =
          switch (code / 2) % 3 {
          case 1 where row != nil: Place(row: row)
          case 2 where row.map(model.sheets.contains) == true: Place(row: row, sheet: true)
          default: Place(row: nil)
          }
        func send(_ action: IdTicker.Action) async {
          switch (place.row, place.sheet) {
          case (nil, _): await store.send(.ticker(action))
          case (let row?, false):
            await store.send(.rows(.element(id: row, action: .ticker(action))))
          case (let row?, true):
            await store.send(.rows(.element(id: row, action: .sheet(.presented(action)))))
          }
        }
        switch (code / 6) % 10 {
        case 0, 1:
          await send(.start(id, replacing: false))
          model.timers[Timer(place: place, id: id), default: 0] += 1
        case 2:
          await send(.start(id, replacing: true))
          model.cancel(id, from: place)
          model.timers[Timer(place: place, id: id)] = 1
        case 3:
          await send(.cancel(id))
          model.cancel(id, from: place)
        case 4 where model.rows.count < 4:
          await store.send(.add(id: nextID))
          model.rows.append(nextID)
          model.counts[Place(row: nextID)] = 0
          nextID += 1
        case 5:
          guard let row else { continue }
          await store.send(.remove(id: row))
          model.rows.removeAll { $0 == row }
          model.sheets.remove(row)
          model.removeAll(under: Place(row: row))
        case 6:
          guard let row, !model.sheets.contains(row) else { continue }
          await store.send(.rows(.element(id: row, action: .presentSheet)))
          model.sheets.insert(row)
          model.counts[Place(row: row, sheet: true)] = 0
        case 7:
          guard let row, model.sheets.contains(row) else { continue }
          await store.send(.rows(.element(id: row, action: .dismissSheet)))
          model.sheets.remove(row)
          model.removeAll(under: Place(row: row, sheet: true))
        default:
          await clock.advance(by: .seconds(1))
          await store.skipReceivedActions(strict: false)
          for (timer, running) in model.timers { model.counts[timer.place, default: 0] += running }
        }
        let actual = Self.counts(in: store.state)
        #expect(actual == model.counts, "after code \(code)")
        if actual != model.counts { break }
      }
      // The root reaches every level: cancelling both ids there stops every timer in the tree.
      for id in IdTicker.TimerID.allCases { await store.send(.ticker(.cancel(id))) }
      await clock.advance(by: .seconds(5))
      await store.finish()
    }
  }

  static func counts(in state: IdTickerTree.State) -> [Place: Int] {
    var counts = [Place(row: nil): state.ticker.count]
    for row in state.rows {
      counts[Place(row: row.id)] = row.ticker.count
      if let sheet = row.sheet { counts[Place(row: row.id, sheet: true)] = sheet.count }
    }
    return counts
  }
}
