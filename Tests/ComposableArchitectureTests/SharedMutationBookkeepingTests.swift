import Foundation
import TestFolders
import Testing

@testable import ComposableArchitecture

/// What a mutation of a file-backed value owes the file, whatever a test store is doing with
/// shared values at the same moment.
@MainActor
struct SharedMutationBookkeepingTests {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable {
      @Shared var count: Int
    }
    enum Action { case incrementButtonTapped }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  static func storedCount(at url: URL) -> Int? {
    (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(Int.self, from: $0) }
  }

  @Test func aMutationMadeWhileAnotherTestComparesSharedValuesIsStillWrittenToItsFile() {
    let url = temporaryDirectory().appendingPathComponent("count.json")
    withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let count = Shared(wrappedValue: 0, .fileStorage(url))
      // A test store comparing states in another task opens a comparison for the whole
      // process; this mutation is not part of it.
      SharedSnapshot.comparing(SharedSnapshot(), SharedSnapshot()) {
        count.wrappedValue += 1
      }
      #expect(count.wrappedValue == 1)
      #expect(Self.storedCount(at: url) == 1)
    }
  }

  @Test func afterAnAssertionMutatedSharedStateTheNextMutationStartsFromTheFile() async {
    let url = temporaryDirectory().appendingPathComponent("count.json")
    await withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      let store = TestStore(
        initialState: Counter.State(count: Shared(wrappedValue: 0, .fileStorage(url)))
      ) {
        Counter()
      }
      // Mutated in place inside the expectation, as `$0.count += 1` is written.
      await store.send(.incrementButtonTapped) { $0.count += 1 }
      #expect(Self.storedCount(at: url) == 1)
      // Another process sets the file to 10; this one's next increment starts from it.
      try? JSONEncoder().encode(10).write(to: url)
      let count = store.state.$count
      count.wrappedValue += 1
      #expect(count.wrappedValue == 11)
      #expect(Self.storedCount(at: url) == 11)
    }
  }
}
