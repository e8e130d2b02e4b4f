// A `store` of the app of `core-app`.
let store = Store(initialState: AppFeature.State()) { AppFeature() }
