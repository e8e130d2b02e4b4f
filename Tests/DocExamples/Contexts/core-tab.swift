// The tabs of an app, kept by their raw value.
enum Tab: String, Sendable {
  case counter, profile
}
