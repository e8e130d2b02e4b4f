import ComposableArchitecture
import Testing
import XCTest

// `@Shared` as TCA users write it: `.appStorage` state tested exhaustively with `TestStore`,
// optional values, rows of a shared collection unwrapped for a child feature, readers.

// MARK: - Features

@Reducer
private struct CounterFeature {
  @ObservableState
  struct State: Equatable {
    @Shared(.appStorage("count")) var count = 0
  }
  enum Action {
    case incrementButtonTapped
    case decrementButtonTapped
    case incrementLaterButtonTapped
    case incrementedLater
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped:
        state.$count.withLock { $0 += 1 }
        return .none
      case .decrementButtonTapped:
        state.$count.withLock { $0 -= 1 }
        return .none
      case .incrementLaterButtonTapped:
        return .run { [count = state.$count] send in
          count.withLock { $0 += 1 }
          await send(.incrementedLater)
        }
      case .incrementedLater:
        return .none
      }
    }
  }
}

/// Reads the count another feature owns.
@Reducer
private struct CountBadge {
  @ObservableState
  struct State: Equatable {
    @SharedReader(.appStorage("count")) var count = 0
    var label = ""
  }
  enum Action {
    case refresh
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.label = "\(state.count) taps"
      return .none
    }
  }
}

private enum Theme: String, Sendable {
  case system, light, dark
}

private enum Density: Int, Sendable {
  case compact = 1, regular = 2
}

@Reducer
private struct SettingsFeature {
  @ObservableState
  struct State: Equatable {
    @Shared(.appStorage("theme")) var theme = Theme.system
    @Shared(.appStorage("density")) var density = Density.regular
    @Shared(.appStorage("soundOn")) var soundOn = true
    @Shared(.appStorage("volume")) var volume = 0.5
    @Shared(.appStorage("nickname")) var nickname: String?
    @Shared(.appStorage("homePage")) var homePage: URL?
    @Shared(.appStorage("lastSync")) var lastSync: Date?
    @Shared(.appStorage("avatar")) var avatar = Data()
  }
  enum Action {
    case themePicked(Theme)
    case densityPicked(Density)
    case soundToggled
    case volumeChanged(Double)
    case nicknameChanged(String)
    case nicknameCleared
    case homePageChanged(URL)
    case synced
    case avatarChanged(Data)
  }
  @Dependency(\.date.now) var now
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .themePicked(theme):
        state.$theme.withLock { $0 = theme }
      case let .densityPicked(density):
        state.$density.withLock { $0 = density }
      case .soundToggled:
        state.$soundOn.withLock { $0.toggle() }
      case let .volumeChanged(volume):
        state.$volume.withLock { $0 = volume }
      case let .nicknameChanged(nickname):
        state.$nickname.withLock { $0 = nickname }
      case .nicknameCleared:
        state.$nickname.withLock { $0 = nil }
      case let .homePageChanged(url):
        state.$homePage.withLock { $0 = url }
      case .synced:
        state.$lastSync.withLock { $0 = now }
      case let .avatarChanged(data):
        state.$avatar.withLock { $0 = data }
      }
      return .none
    }
  }
}

private struct Row: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

/// Edits one row of the list, through a shared reference to that row.
@Reducer
private struct RowEditor {
  @ObservableState
  struct State: Equatable {
    @Shared var row: Row
  }
  enum Action {
    case titleChanged(String)
    case doneToggled
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .titleChanged(title):
        state.$row.withLock { $0.title = title }
      case .doneToggled:
        state.$row.withLock { $0.isDone.toggle() }
      }
      return .none
    }
  }
}

@Reducer
private struct RowList {
  @ObservableState
  struct State: Equatable {
    @Shared var rows: IdentifiedArrayOf<Row>
    @Presents var editor: RowEditor.State?
  }
  enum Action {
    case editButtonTapped(id: Row.ID)
    case deleteButtonTapped(id: Row.ID)
    case editor(PresentationAction<RowEditor.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .editButtonTapped(id):
        guard let row = Shared(state.$rows[id: id]) else { return .none }
        state.editor = RowEditor.State(row: row)
        return .none
      case let .deleteButtonTapped(id):
        state.$rows.withLock { _ = $0.remove(id: id) }
        return .none
      case .editor:
        return .none
      }
    }
    .ifLet(\.$editor, action: \.editor) { RowEditor() }
  }
}

private let sampleRows: IdentifiedArrayOf<Row> = [
  Row(id: 1, title: "Milk"),
  Row(id: 2, title: "Eggs"),
]

// MARK: - XCTest

final class AppStorageCounterXCTests: XCTestCase {
  @MainActor
  func testIncrementPersistsTheCount() async {
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 2 }
    }
    // Every declaration of the key holds the same value, and the defaults keep it.
    @Shared(.appStorage("count")) var count = 0
    XCTAssertEqual(count, 2)
    @Dependency(\.defaultAppStorage) var defaults
    XCTAssertEqual(defaults.value(forKey: "count", as: Int.self), 2)
  }

  func testEachTestStartsWithEmptyAppStorage() async {
    let store = await TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    await store.send(.decrementButtonTapped) {
      $0.$count.withLock { $0 = -1 }
    }
  }

  @MainActor
  func testSharedStateDeclaredInTheTestSeedsTheFeature() async {
    @Shared(.appStorage("count")) var count = 42
    let store = TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    await store.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 43 }
    }
    XCTAssertEqual(count, 43)
  }

  func testAnEffectsWriteIsAssertedWhenItsActionIsReceived() async {
    let store = await TestStore(initialState: CounterFeature.State()) {
      CounterFeature()
    }
    await store.send(.incrementLaterButtonTapped)
    await store.receive(\.incrementedLater) {
      $0.$count.withLock { $0 = 1 }
    }
  }

  @MainActor
  func testAReaderFollowsTheOwner() async {
    // The test holds the count too, and asserts through it what the reader's store cannot write.
    @Shared(.appStorage("count")) var count = 0
    let counter = TestStore(initialState: CounterFeature.State()) { CounterFeature() }
    let badge = TestStore(initialState: CountBadge.State()) { CountBadge() }
    await counter.send(.incrementButtonTapped) {
      $0.$count.withLock { $0 = 1 }
    }
    await badge.send(.refresh) {
      $count.withLock { $0 = 1 }
      $0.label = "1 taps"
    }
    XCTAssertEqual(badge.state.count, 1)
  }

  func testUnwrappingAnOptionalReader() {
    @Shared(value: Row?.none) var selected
    XCTAssertNil(SharedReader($selected))
    $selected.withLock { $0 = Row(id: 7, title: "Bread") }
    let reader = SharedReader($selected)
    XCTAssertEqual(reader?.wrappedValue.title, "Bread")
    $selected.withLock { $0?.title = "Rye" }
    XCTAssertEqual(reader?.title.wrappedValue, "Rye")
  }
}

// MARK: - Swift Testing

@MainActor
struct AppStorageSettingsTests {
  @Test func everySettingIsPersistedAndAsserted() async {
    let store = TestStore(initialState: SettingsFeature.State()) {
      SettingsFeature()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }
    await store.send(.themePicked(.dark)) {
      $0.$theme.withLock { $0 = .dark }
    }
    await store.send(.densityPicked(.compact)) {
      $0.$density.withLock { $0 = .compact }
    }
    await store.send(.soundToggled) {
      $0.$soundOn.withLock { $0 = false }
    }
    await store.send(.volumeChanged(0.75)) {
      $0.$volume.withLock { $0 = 0.75 }
    }
    await store.send(.nicknameChanged("Blob")) {
      $0.$nickname.withLock { $0 = "Blob" }
    }
    await store.send(.homePageChanged(URL(string: "https://www.pointfree.co")!)) {
      $0.$homePage.withLock { $0 = URL(string: "https://www.pointfree.co") }
    }
    await store.send(.synced) {
      $0.$lastSync.withLock { $0 = Date(timeIntervalSince1970: 1_234_567_890) }
    }
    await store.send(.avatarChanged(Data([1, 2, 3]))) {
      $0.$avatar.withLock { $0 = Data([1, 2, 3]) }
    }

    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults.value(forKey: "theme", as: String.self) == "dark")
    #expect(defaults.value(forKey: "density", as: Int.self) == 1)
    #expect(defaults.value(forKey: "soundOn", as: Bool.self) == false)
    #expect(defaults.value(forKey: "nickname", as: String.self) == "Blob")
  }

  @Test func clearingAnOptionalRemovesIt() async {
    @Shared(.appStorage("nickname")) var nickname: String? = "Blob"
    let store = TestStore(initialState: SettingsFeature.State()) {
      SettingsFeature()
    }
    #expect(store.state.nickname == "Blob")
    await store.send(.nicknameCleared) {
      $0.$nickname.withLock { $0 = nil }
    }
    @Dependency(\.defaultAppStorage) var defaults
    #expect(defaults.value(forKey: "nickname", as: String.self) == nil)
  }

  @Test func anUnassertedAppStorageChangeFails() async {
    let store = TestStore(initialState: SettingsFeature.State()) {
      SettingsFeature()
    }
    await withKnownIssue {
      await store.send(.soundToggled)
    } matching: { issue in
      message(of: issue).contains("State was not expected to change")
    }
  }
}

struct SharedRowTests {
  @Test func editingAnUnwrappedRowEditsTheList() async {
    let store = await TestStore(initialState: RowList.State(rows: Shared(value: sampleRows))) {
      RowList()
    }
    await store.send(.editButtonTapped(id: 2)) {
      $0.editor = RowEditor.State(row: Shared($0.$rows[id: 2])!)
    }
    await store.send(\.editor.titleChanged, "Free-range eggs") {
      $0.editor?.$row.withLock { $0.title = "Free-range eggs" }
    }
    await store.send(\.editor.doneToggled) {
      $0.$rows.withLock { $0[id: 2]?.isDone = true }
    }
    await store.send(\.editor.dismiss) {
      $0.editor = nil
    }
    #expect(await store.state.rows[id: 2] == Row(id: 2, title: "Free-range eggs", isDone: true))
  }

  @Test func editingAMissingRowDoesNothing() async {
    let store = await TestStore(initialState: RowList.State(rows: Shared(value: sampleRows))) {
      RowList()
    }
    await store.send(.editButtonTapped(id: 99))
    #expect(Shared(await store.state.$rows[id: 99]) == nil)
  }

  @MainActor
  @Test func anEditorOfADeletedRowKeepsItsLastValue() async {
    let store = TestStore(initialState: RowList.State(rows: Shared(value: sampleRows))) {
      RowList()
    }
    await store.send(.editButtonTapped(id: 1)) {
      $0.editor = RowEditor.State(row: Shared($0.$rows[id: 1])!)
    }
    await store.send(.deleteButtonTapped(id: 1)) {
      $0.$rows.withLock { _ = $0.remove(id: 1) }
    }
    #expect(store.state.editor?.row == Row(id: 1, title: "Milk"))
    // Editing it changes the editor's copy only, which is no shared state: the row does not come
    // back, and the store sees no change.
    await store.send(\.editor.titleChanged, "Oat milk")
    #expect(store.state.editor?.row.title == "Oat milk")
    #expect(store.state.rows.ids == [2])
  }

  @Test func eachSharedRowOfASharedArray() {
    let rows = Shared(value: sampleRows)
    let sharedRows = Array(rows)
    #expect(sharedRows.map(\.id) == [1, 2])
    sharedRows[1].withLock { $0.isDone = true }
    #expect(rows.wrappedValue[id: 2]?.isDone == true)
    // A read-only member is a reader.
    let count: SharedReader<Int> = rows.count
    rows.withLock { $0.append(Row(id: 3, title: "Bread")) }
    #expect(count.wrappedValue == 3)
  }

  @Test func aSharedRowIsIdentifiedByItsRowsID() {
    let row = Shared(value: Row(id: 5, title: "Tea"))
    #expect(row.id == 5)
    #expect(SharedReader(row).id == 5)
  }
}
