import ComposableArchitecture
import TerminalUI
import Testing
import XCTest

// Public API TCA users reach for, written as upstream's documentation writes it.

@Reducer
private struct Row {
  @ObservableState
  struct State: Equatable, Identifiable {
    let id: Int
    var title = ""
    var isOn = false
  }
  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case toggleTapped
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        return .none
      case .toggleTapped:
        state.isOn.toggle()
        return .none
      }
    }
  }
}

@Reducer
private struct Rows {
  @ObservableState
  struct State: Equatable {
    var row = Row.State(id: 0)
    var rows: IdentifiedArrayOf<Row.State> = []
    var changes = 0
    var query = ""
  }
  enum Action {
    case row(Row.Action)
    case rows(IdentifiedActionOf<Row>)
    case queryChanged(String)
  }
  var body: some ReducerOf<Self> {
    Scope(\.row, action: \.row) {
      Row()
    }
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .none
      case .row, .rows:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) {
      Row()
    }
    .onChange(of: \.query, removeDuplicates: { $0.lowercased() == $1.lowercased() }) { _, _ in
      Reduce { state, _ in
        state.changes += 1
        return .none
      }
    }
  }
}

@MainActor
final class StoreAPIXCTests: XCTestCase {
  func testUnlabeledScopes() {
    let store = Store(initialState: Rows.State()) {
      Rows()
    }
    let row = store.scope(\.row, action: \.row)
    row.send(.toggleTapped)
    XCTAssertTrue(store.row.isOn)
    XCTAssertTrue(row === store.scope(state: \.row, action: \.row))
  }

  func testAssigningThroughTheStoreSendsTheBindingAction() async {
    let store = TestStore(initialState: Row.State(id: 1)) {
      Row()
    }
    await store.send(.binding(.set(\.title, "Milk"))) {
      $0.title = "Milk"
    }
    await store.send(.set(\.isOn, true)) {
      $0.isOn = true
    }

    let live = Store(initialState: Row.State(id: 1)) {
      Row()
    }
    live.title = "Eggs"
    XCTAssertEqual(live.title, "Eggs")
    live.isOn = true
    XCTAssertTrue(live.state.isOn)
  }

  func testSendWithAnAnimation() {
    let store = Store(initialState: Row.State(id: 1)) {
      Row()
    }
    store.send(.toggleTapped, animation: .default)
    store.send(.toggleTapped, animation: .spring(response: 0.3))
    store.send(.toggleTapped, animation: nil)
    XCTAssertTrue(store.isOn)
  }

  func testForEachOverAScopedCollectionStore() {
    let store = Store(
      initialState: Rows.State(rows: [Row.State(id: 1, title: "A"), Row.State(id: 2, title: "B")])
    ) {
      Rows()
    }
    let rowStores = store.scope(state: \.rows, action: \.rows)
    XCTAssertEqual(rowStores.map(\.title), ["A", "B"])
    XCTAssertEqual(rowStores.map(\.id), [1, 2])
    rowStores[1].send(.toggleTapped)
    XCTAssertEqual(store.rows[id: 2]?.isOn, true)
    XCTAssertTrue(rowStores[1] === store.scope(state: \.rows, action: \.rows)[1])

    let view = ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
      Text(rowStore.title)
    }
    _ = view
  }
}

@MainActor
struct ReducerAPITests {
  @Test func onChangeWithRemoveDuplicates() async {
    let store = TestStore(initialState: Rows.State()) {
      Rows()
    }
    await store.send(.queryChanged("Blob")) {
      $0.query = "Blob"
      $0.changes = 1
    }
    await store.send(.queryChanged("BLOB")) {
      $0.query = "BLOB"
    }
    await store.send(.queryChanged("Blob Jr")) {
      $0.query = "Blob Jr"
      $0.changes = 2
    }
  }

  @Test func theRowsOfAForEachAreAddressedByID() async {
    let store = TestStore(
      initialState: Rows.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    ) {
      Rows()
    }
    await store.send(\.rows[id: 2].toggleTapped) {
      $0.rows[id: 2]?.isOn = true
    }
    await store.send(\.rows[id: 1].binding.title, "Milk") {
      $0.rows[id: 1]?.title = "Milk"
    }
  }

  @Test func importingTheLibraryBringsFoundation() {
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")
    let indices = IndexSet([1, 3])
    let url = URL(fileURLWithPath: "/tmp/file.json")
    #expect(id != nil)
    #expect(indices.count == 2)
    #expect(url.lastPathComponent == "file.json")
  }

  @Test func dependencyClientMacroIsAvailable() async throws {
    let client = NumberFactClient(fetch: { "\($0) is a good number." })
    let fact = try await client.fetch(42)
    #expect(fact == "42 is a good number.")
  }
}

@DependencyClient
struct NumberFactClient {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

@available(*, deprecated)
@Reducer
private struct LegacyParent {
  @ObservableState
  struct State: Equatable {
    var row = Row.State(id: 0)
    var optionalRow: Row.State?
    var rows: IdentifiedArrayOf<Row.State> = []
    @Presents var sheet: Row.State?
    var path = StackState<Row.State>()
    var mode = LegacyMode.State.off
  }
  enum Action {
    case row(Row.Action)
    case optionalRow(Row.Action)
    case rows(IdentifiedActionOf<Row>)
    case sheet(PresentationAction<Row.Action>)
    case path(StackActionOf<Row>)
    case mode(LegacyMode.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.row, action: /Action.row) {
      Row()
    }
    Scope(state: \.mode, action: /Action.mode) {
      LegacyMode()
    }
    optionals
    collections
  }
  var optionals: some ReducerOf<Self> {
    EmptyReducer()
      .ifLet(\.optionalRow, action: /Action.optionalRow) { Row() }
      .ifLet(\.$sheet, action: /Action.sheet) { Row() }
  }
  var collections: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: /Action.rows) { Row() }
      .forEach(\.path, action: /Action.path) { Row() }
  }
}

@available(*, deprecated)
@Reducer
private struct LegacyMode {
  @CasePathable
  enum State: Equatable {
    case off
    case on(Row.State)
  }
  enum Action {
    case on(Row.Action)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(/State.on, action: /Action.on) { Row() }
  }
}

/// Code written with upstream's older case path spellings, run by ``DeprecatedCasePathTests``.
protocol LegacySpellingScenario {
  @MainActor func run() async
}
struct OlderCasePathSpellings {}

@MainActor
struct DeprecatedCasePathTests {
  @Test func olderCasePathSpellingsStillRun() async throws {
    // Found by a dynamic cast: naming the deprecated conformance here would warn.
    let scenario = try #require(OlderCasePathSpellings() as Any as? any LegacySpellingScenario)
    await scenario.run()
  }
}

@available(*, deprecated)
extension OlderCasePathSpellings: LegacySpellingScenario {
  @MainActor
  func run() async {
    let store = TestStore(
      initialState: LegacyParent.State(
        optionalRow: Row.State(id: 1), rows: [Row.State(id: 2)], sheet: Row.State(id: 3),
        path: StackState([Row.State(id: 4)]), mode: .on(Row.State(id: 5)))
    ) {
      LegacyParent()
    }
    await store.send(.row(.toggleTapped)) { $0.row.isOn = true }
    await store.send(.optionalRow(.toggleTapped)) { $0.optionalRow?.isOn = true }
    await store.send(.rows(.element(id: 2, action: .toggleTapped))) { $0.rows[id: 2]?.isOn = true }
    await store.send(.sheet(.presented(.toggleTapped))) { $0.sheet?.isOn = true }
    await store.send(.path(.element(id: 0, action: .toggleTapped))) {
      $0.path[id: 0]?.isOn = true
    }
    await store.send(.mode(.on(.toggleTapped))) {
      $0.mode = .on(Row.State(id: 5, isOn: true))
    }
  }
}

// `@Dependency(\.urlSession)` comes with the package's FoundationNetworking trait (`swift test
// --traits FoundationNetworking`; Tests/Outside builds an app that enables it).
#if FoundationNetworking
  @Reducer
  private struct Downloader {
    @ObservableState
    struct State: Equatable {
      var hasSession = false
    }
    enum Action {
      case checkSession
    }
    @Dependency(\.urlSession) var urlSession
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        _ = urlSession.configuration
        state.hasSession = true
        return .none
      }
    }
  }

  struct URLSessionDependencyTests {
    @Test func theURLSessionDependencyIsThereAndOverridable() async {
      let store = await TestStore(initialState: Downloader.State()) {
        Downloader()
      } withDependencies: {
        $0.urlSession = URLSession(configuration: .ephemeral)
      }
      await store.send(.checkSession) { $0.hasSession = true }
    }
  }
#endif
