import ComposableArchitecture
import Testing
import XCTest

// Keys that carry their own default, as upstream declares them.

extension SharedKey where Self == AppStorageKey<Bool>.Default {
  fileprivate static var isHapticsOn: Self {
    Self[.appStorage("isHapticsOn"), default: true]
  }
}

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  fileprivate static var recentSearches: Self {
    Self[.inMemory("recentSearches"), default: ["milk"]]
  }
}

@Reducer
private struct Settings {
  @ObservableState
  struct State: Equatable {
    @Shared(.isHapticsOn) var isHapticsOn
  }
  enum Action {
    case toggleHapticsTapped
  }
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.$isHapticsOn.withLock { $0.toggle() }
      return .none
    }
  }
}

final class SharedKeyDefaultXCTests: XCTestCase {
  func testTheKeysDefaultIsUsedUntilAValueIsStored() async {
    let store = await TestStore(initialState: Settings.State()) {
      Settings()
    }
    await store.send(.toggleHapticsTapped) {
      $0.$isHapticsOn.withLock { $0 = false }
    }
    @Shared(.isHapticsOn) var isHapticsOn
    XCTAssertFalse(isHapticsOn)
  }
}

@MainActor
struct SharedKeyDefaultTests {
  @Test func everyHolderOfTheKeySharesOneValue() {
    @Shared(.recentSearches) var first
    @SharedReader(.recentSearches) var second
    #expect(first == ["milk"])
    $first.withLock { $0.append("eggs") }
    #expect(second == ["milk", "eggs"])
  }

  @Test func aValueGivenAtTheDeclarationWinsOverTheDefault() {
    @Shared(.appStorage("volume")) var volume = 11
    #expect(volume == 11)
    @Shared(.isHapticsOn) var isHapticsOn = false
    #expect(isHapticsOn == false)
  }
}

struct AppStorageDefaultsTests {
  @Test func setValueStoresWhatUserDefaultsWould() {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("count")) var count = 0
    defaults.setValue(42, forKey: "count")
    #expect(count == 42)
    defaults.setValue(nil, forKey: "count")
    #expect(count == 0)
  }
}
