// A counter that fetches a fact about its count from a `factClient` dependency; the example is
// the body of its `Reduce`.
struct FactClient: DependencyKey, Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
  static let liveValue = FactClient(fetch: { "\($0) is a good number." })
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClient.self] }
    set { self[FactClient.self] = newValue }
  }
}

@Reducer
struct FactFeature {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
  }
  enum Action {
    case factButtonTapped
    case factFailed
    case factResponse(String)
  }
  @Dependency(\.factClient) var factClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      // example
    }
  }
}
