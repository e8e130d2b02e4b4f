// A test `store` of the feed of `core-feed`.
let store = TestStore(initialState: Feed.State()) { Feed() }
