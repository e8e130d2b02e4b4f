import ComposableArchitecture
import Testing

// What `finish()` does with actions the test has not received, and `withExhaustivity`, as
// upstream's test store has them (over the echo feature of TestStoreIdiomTests).

@MainActor
struct TestStoreFinishTests {
  @Test func afterFinishReportsThemTheUnhandledActionsCanStillBeSkipped() async {
    let store = TestStore(initialState: Echo.State()) {
      Echo()
    }
    await store.send(.twice)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      message(of: issue).hasPrefix("The store received 2 unexpected actions")
    }
    await store.skipReceivedActions()
    #expect(store.state.count == 2)
  }

  @Test func actionsLeftAfterFinishAndAReceiveAreReportedAtTheEnd() async {
    var store: TestStoreOf<Echo>? = TestStore(initialState: Echo.State()) {
      Echo()
    }
    await store?.send(.twice)
    await withKnownIssue {
      await store?.finish()
    } matching: { issue in
      message(of: issue).hasPrefix("The store received 2 unexpected actions")
    }
    await store?.receive(.first) { $0.count = 1 }
    withKnownIssue {
      store = nil
    } matching: { issue in
      message(of: issue).hasPrefix("The store received 1 unexpected action by the end of this test")
    }
  }
}

@MainActor
struct TestStoreExhaustivityTests {
  @Test func withExhaustivityOffSkipsAssertionsAndPutsTheExhaustivityBack() async {
    let store = TestStore(initialState: Echo.State()) {
      Echo()
    }
    await store.withExhaustivity(.off) {
      await store.send(.twice)
      await store.skipReceivedActions()
    }
    #expect(store.exhaustivity == .on)
    #expect(store.state.count == 2)
    await withKnownIssue {
      await store.send(.first)
    } matching: { issue in
      message(of: issue).hasPrefix("State was not expected to change, but a change occurred")
    }
  }

  @Test func withExhaustivityReturnsWhatItsOperationReturns() {
    let store = TestStore(initialState: Echo.State()) {
      Echo()
    }
    let exhaustivity = store.withExhaustivity(.off(showSkippedAssertions: true)) {
      store.exhaustivity
    }
    #expect(exhaustivity == .off(showSkippedAssertions: true))
    #expect(store.exhaustivity == .on)
  }
}
