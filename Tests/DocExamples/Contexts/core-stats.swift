// Counting statistics, as a feature keeps them in a file.
struct Stats: Codable, Equatable, Sendable {
  var count = 0
}
