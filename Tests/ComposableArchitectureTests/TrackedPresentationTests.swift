import Observation
import Testing

@testable import ComposableArchitecture

// The presentation reducer writes a `@Presents` field of `@ObservableState` state straight to its
// storage (`_destination`), and tells the observers of `destination` itself, only when another
// child (or none) is presented. These tests use the macros, so the storage and the identity
// reader are the ones they generate.

@Reducer
private struct TrackedSheet {
  @ObservableState
  struct State: Equatable {
    var count = 0
  }
  enum Action {
    case increment
    case replaceItself
    case close
  }
  @Dependency(\.dismiss) var dismiss
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .replaceItself:
        state = State(count: state.count)
        return .none
      case .close:
        return .run { _ in await dismiss() }
      }
    }
  }
}

@Reducer
private struct TrackedPresenter {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: TrackedSheet.State?
    @Presents var plain: PlainRow.State?
    var title = ""
  }
  enum Action {
    case sheet(PresentationAction<TrackedSheet.Action>)
    case plain(PresentationAction<PlainRow.Action>)
    case open
    case openPlain
    case reset
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        state.sheet = TrackedSheet.State()
      case .openPlain:
        state.plain = PlainRow.State()
      case .reset:
        state = State()
      case .sheet, .plain:
        break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { TrackedSheet() }
    .ifLet(\.$plain, action: \.plain) { PlainRow() }
  }
}

@MainActor
struct TrackedPresentationTests {
  @Test func aPresentedFieldIsFoundWithItsStorageAndItsIdentityReader() throws {
    let sheet = try #require(_TrackedStorage.of(\TrackedPresenter.State.$sheet))
    #expect(sheet.storage == \TrackedPresenter.State._sheet)
    #expect(sheet.presentedIdentity != nil)
    // A child that is not observable state has no identity to compare.
    let plain = try #require(_TrackedStorage.of(\TrackedPresenter.State.$plain))
    #expect(plain.presentedIdentity == nil)
    // The wrapper's storage is read where it lies in the state.
    #expect(sheet.offset != nil)
  }

  @Test func theChildChangedInPlaceNotifiesItsFieldNotThePresentation() throws {
    let store = Store(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    store.send(.open)
    let child = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    let sheet = observe { _ = store.sheet }
    let title = observe { _ = store.title }
    let count = observe { _ = child.count }
    child.send(.increment)
    #expect(!sheet.value)
    #expect(!title.value)
    #expect(count.value)
    #expect(store.sheet?.count == 1)
  }

  @Test func aChildThatReplacesItselfNotifiesThePresentation() {
    let store = Store(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    store.send(.open)
    store.send(.sheet(.presented(.increment)))
    let sheet = observe { _ = store.sheet }
    store.send(.sheet(.presented(.replaceItself)))
    #expect(sheet.value)
    #expect(store.sheet?.count == 1)
  }

  @Test func presentingAndDismissingNotifyThePresentation() {
    let store = Store(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    let presented = observe { _ = store.sheet }
    store.send(.open)
    #expect(presented.value)
    let dismissed = observe { _ = store.sheet }
    store.send(.sheet(.dismiss))
    #expect(dismissed.value)
    #expect(store.sheet == nil)
  }

  @Test func aChildThatIsNotObservableStateNotifiesThePresentationWhenItChanges() {
    let store = Store(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    store.send(.openPlain)
    let plain = observe { _ = store.plain }
    let sheet = observe { _ = store.sheet }
    store.send(.plain(.presented(.increment)))
    #expect(plain.value)
    #expect(!sheet.value)
    #expect(store.plain?.count == 1)
  }

  @Test func replacingTheRootStateNotifiesItsReadersAndChangingItInPlaceDoesNot() {
    // The root runtime reads the identity of macro-written state from its registrar, at the
    // offset the state's shape gives.
    let store = Store(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    store.send(.open)
    let title = observe { _ = store.title }
    store.send(.sheet(.presented(.increment)))
    #expect(!title.value)
    store.send(.reset)
    #expect(title.value)
    #expect(store.sheet == nil)
  }

  @Test func aTestStoreAssertsAPresentationWrittenInItsStorage() async {
    let store = TestStore(initialState: TrackedPresenter.State()) { TrackedPresenter() }
    await store.send(.open) {
      $0.sheet = TrackedSheet.State()
    }
    await store.send(.sheet(.presented(.increment))) {
      $0.sheet?.count = 1
    }
    await store.send(.sheet(.presented(.close)))
    await store.receive(\.sheet.dismiss) {
      $0.sheet = nil
    }
  }
}

/// One `@Presents` field run by two presentation reducers with different action cases: the
/// reducer keeps the case path of the first action path it saw with the field's key path, and
/// the other must still read its own case.
@Reducer
private struct TwoWaysIn {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: TrackedSheet.State?
  }
  enum Action {
    case viaFirst(PresentationAction<TrackedSheet.Action>)
    case viaSecond(PresentationAction<TrackedSheet.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: \.viaFirst) { TrackedSheet() }
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: \.viaSecond) { TrackedSheet() }
  }
}

/// The same state key path presented at two places in the source with one action path: each
/// reports at its own place.
@Reducer
private struct TwoPlaces {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: TrackedSheet.State?
  }
  enum Action {
    case sheet(PresentationAction<TrackedSheet.Action>)
  }
  static let firstLine: UInt = #line + 4
  static let secondLine: UInt = #line + 6
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: \.sheet) { TrackedSheet() }
    Reduce { _, _ in .none }
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: \.sheet) { TrackedSheet() }
  }
}

/// A case key path given as a value (not written at the call).
@Reducer
private struct GivenCaseKeyPath {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: TrackedSheet.State?
  }
  enum Action {
    case sheet(PresentationAction<TrackedSheet.Action>)
    case other(PresentationAction<TrackedSheet.Action>)
  }
  let action: CaseKeyPath<Action, PresentationAction<TrackedSheet.Action>>
  var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .ifLet(\.$sheet, action: action) { TrackedSheet() }
  }
}

@MainActor
struct PresentationActionPathTests {
  @Test func twoPlacesWithOneKeyPathEachReportAtTheirOwnPlace() {
    let store = Store(initialState: TwoPlaces.State()) { TwoPlaces() }
    for _ in 0..<3 {
      let lines = LockIsolated<[Int]>([])
      withKnownIssue {
        store.send(.sheet(.presented(.increment)))
      } matching: { issue in
        if let line = issue.sourceLocation?.line { lines.withValue { $0.append(line) } }
        return issue.description.contains("received a presentation action when destination")
      }
      #expect(lines.value == [Int(TwoPlaces.firstLine), Int(TwoPlaces.secondLine)])
    }
  }

  @Test func aCaseKeyPathGivenAsAValueIsTheOneUsed() async {
    for (path, other) in [
      (\GivenCaseKeyPath.Action.Cases.sheet, \GivenCaseKeyPath.Action.Cases.other),
      (\GivenCaseKeyPath.Action.Cases.other, \GivenCaseKeyPath.Action.Cases.sheet),
    ] {
      let store = TestStore(initialState: GivenCaseKeyPath.State(sheet: TrackedSheet.State())) {
        GivenCaseKeyPath(action: path)
      }
      await store.send(path(.presented(.increment))) { $0.sheet?.count = 1 }
      // The other case is not the presentation's: it reaches only the parent.
      await store.send(other(.presented(.increment)))
      await store.send(path(.dismiss)) { $0.sheet = nil }
    }
  }

  @Test func aFieldPresentedThroughTwoActionCasesRunsTheChildForEach() async {
    let store = TestStore(initialState: TwoWaysIn.State(sheet: TrackedSheet.State())) {
      TwoWaysIn()
    }
    await store.send(.viaFirst(.presented(.increment))) { $0.sheet?.count = 1 }
    await store.send(.viaSecond(.presented(.increment))) { $0.sheet?.count = 2 }
    await store.send(.viaSecond(.presented(.increment))) { $0.sheet?.count = 3 }
    await store.send(.viaFirst(.dismiss)) { $0.sheet = nil }
  }
}
