import ComposableArchitecture
import ComposableTerminalUI
import Counter
import FavoritePrimes

/// Study 3: the counter and the favourite primes as tabs, over the activity feed.
public struct FavoritePrimesStudyView: View {
  @Bindable var store: StoreOf<FavoritePrimesStudy>

  /// Creates the study's view.
  public init(store: StoreOf<FavoritePrimesStudy>) {
    self.store = store
  }

  public var body: some View {
    VStack {
      TabView(selection: $store.tab.sending(\.tabSelected)) {
        Tab("Counter", value: FavoritePrimesStudy.Tab.counter) {
          CounterView(store: store.scope(state: \.counter, action: \.counter))
        }
        Tab("Favorite primes", value: FavoritePrimesStudy.Tab.favoritePrimes) {
          FavoritePrimesView(store: store.scope(state: \.favoritePrimes, action: \.favoritePrimes))
        }
      }
      Divider()
      Text("Activity").bold()
      if store.activityFeed.isEmpty {
        Text("Nothing yet: saved and removed primes show here.").dim()
      }
      ForEach(store.activityFeed.suffix(3).reversed()) { activity in
        Text(activity.description).dim()
      }
    }
    .navigationTitle("Favorite primes")
  }
}
