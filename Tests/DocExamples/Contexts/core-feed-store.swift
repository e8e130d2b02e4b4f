// A `store` of the feed of `core-feed`.
let store = Store(initialState: Feed.State()) { Feed() }
