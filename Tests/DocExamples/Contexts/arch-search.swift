// A search screen over an `api` dependency that also loads recent results; the example is the
// body of its `Reduce`.
struct APIClient: DependencyKey, Sendable {
  var load: @Sendable () async -> [String]
  var search: @Sendable (_ query: String) async throws -> [String]
  static let liveValue = APIClient(load: { [] }, search: { _ in [] })
}

extension DependencyValues {
  var api: APIClient {
    get { self[APIClient.self] }
    set { self[APIClient.self] = newValue }
  }
}

@Reducer
struct SearchFeature {
  @ObservableState
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }
  enum Action {
    case loadStarted
    case loaded([String])
    case searchQueryChanged(String)
    case searchResponse([String])
  }
  enum CancelID { case search }
  @Dependency(\.api) var api
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      // example
    }
  }
}
