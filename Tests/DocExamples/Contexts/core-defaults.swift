// The app's defaults, read from the dependencies in a function whose body is the example.
func example() {
  @Dependency(\.defaultAppStorage) var defaults
  // example
}
