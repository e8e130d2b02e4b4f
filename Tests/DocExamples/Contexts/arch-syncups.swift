// A sync-up, a meeting of it, and the feature showing a sync-up's details.
struct SyncUp: Equatable, Identifiable {
  let id: Int
  var title = ""
}

struct Meeting: Equatable, Identifiable {
  let id: Int
  var transcript = ""
}

@Reducer
struct SyncUpDetail {
  @ObservableState
  struct State: Equatable { var syncUp: SyncUp }
  enum Action { case editButtonTapped }
}
