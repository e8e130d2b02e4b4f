import ComposableArchitecture
import CounterStackStudy
import DemoApp
import DemoSupport
import FavoritePrimesStudy
import Foundation
import InventoryStudy
import SharedStateStudy
import Testing

@MainActor
struct AppFeatureTests {
  @Test func choosingAStudyInTheMenuPushesIt() async {
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(.selectionChanged(Study(FavoritePrimesStudy.self))) {
      $0.selection = Study(FavoritePrimesStudy.self)
    }
    await store.send(.studyTapped(Study(SharedStateStudy.self))) {
      $0.selection = Study(SharedStateStudy.self)
      $0.path.append(AnyStudy.State(SharedStateStudy.self, SharedStateStudy.State()))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }

  @Test func openingAStudyByNameStartsWithItPushed() throws {
    let state = try AppFeature.State(open: Study.named("favorite-primes"))
    #expect(state.path.count == 1)
    #expect(state.selection == Study(FavoritePrimesStudy.self))
  }

  @Test func anUnknownStudyNameListsTheStudies() {
    #expect(
      throws: DemoError(
        "unknown study \"primes\"; the studies are: shared-state, sign-up, favorite-primes, "
          + "counter-stack, inventory, settings, gallery")
    ) {
      try Study.named("primes")
    }
  }

  @Test func theCounterStackOpensDeepLinkedThreeCountersDeep() throws {
    let state = try AppFeature.State(open: Study(CounterStackStudy.self), deepLink: "42,1729,-999")
    #expect(
      state.path.last?[CounterStackStudy.self]?.path.compactMap(\.counter?.count) == [
        42, 1729, -999,
      ])
    #expect(
      throws: DemoError(
        "the counter-stack deep link lists counts separated by commas, like 42,1729,-999 "
          + "(got \"42,x\")")
    ) {
      try AppFeature.State(open: Study(CounterStackStudy.self), deepLink: "42,x")
    }
  }

  @Test func theInventoryOpensDeepLinkedIntoAnItemsForm() throws {
    let state = try AppFeature.State(open: Study(InventoryFeature.self), deepLink: "edit:keyboard")
    #expect(state.path.last?[InventoryFeature.self]?.destination?.edit?.item.name == "Keyboard")
    #expect(throws: DemoError.self) {
      try AppFeature.State(open: Study(InventoryFeature.self), deepLink: "edit:lamp")
    }
  }

  @Test func aDeepLinkForAStudyThatTakesNoneIsRefused() {
    #expect(throws: DemoError("the shared-state study takes no deep link (got \"42\")")) {
      try AppFeature.State(open: Study(SharedStateStudy.self), deepLink: "42")
    }
  }
}
