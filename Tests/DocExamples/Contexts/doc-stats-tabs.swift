// What the shared-state examples share: counting statistics.
struct Stats: Codable, Equatable, Sendable {
  var count = 0
  mutating func increment() { count += 1 }
}
