import ComposableArchitecture
import CounterStackStudy
import DemoApp
import Foundation
import InventoryStudy
import SharedStateStudy
import Testing

@MainActor
struct AppFeatureTests {
  @Test func choosingAStudyInTheMenuPushesIt() async {
    let store = TestStore(initialState: AppFeature.State()) { AppFeature() }
    await store.send(.selectionChanged(.favoritePrimes)) {
      $0.selection = .favoritePrimes
    }
    await store.send(.studyTapped(.sharedState)) {
      $0.selection = .sharedState
      $0.path.append(.sharedState(SharedStateStudy.State()))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path.removeAll()
    }
  }

  @Test func openingAStudyByNameStartsWithItPushed() throws {
    let state = try AppFeature.State(open: Study.named("favorite-primes"))
    #expect(state.path.count == 1)
    #expect(state.selection == .favoritePrimes)
  }

  @Test func anUnknownStudyNameListsTheStudies() {
    #expect(
      throws: DemoError(
        "unknown study \"primes\"; the studies are: shared-state, sign-up, favorite-primes, "
          + "counter-stack, inventory, settings")
    ) {
      try Study.named("primes")
    }
  }

  @Test func theCounterStackOpensDeepLinkedThreeCountersDeep() throws {
    let state = try AppFeature.State(open: .counterStack, deepLink: "42,1729,-999")
    #expect(state.path.last?.counterStack?.path.compactMap(\.counter?.count) == [42, 1729, -999])
    #expect(
      throws: DemoError(
        "the counter-stack deep link lists counts separated by commas, like 42,1729,-999 "
          + "(got \"42,x\")")
    ) {
      try AppFeature.State(open: .counterStack, deepLink: "42,x")
    }
  }

  @Test func theInventoryOpensDeepLinkedIntoAnItemsForm() throws {
    let state = try AppFeature.State(open: .inventory, deepLink: "edit:keyboard")
    #expect(state.path.last?.inventory?.destination?.edit?.item.name == "Keyboard")
    #expect(throws: DemoError.self) {
      try AppFeature.State(open: .inventory, deepLink: "edit:lamp")
    }
  }

  @Test func aDeepLinkForAStudyThatTakesNoneIsRefused() {
    #expect(throws: DemoError("the shared-state study takes no deep link (got \"42\")")) {
      try AppFeature.State(open: .sharedState, deepLink: "42")
    }
  }
}
