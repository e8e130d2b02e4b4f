// Settings kept in a file, and statistics, for the keys example.
struct Settings: Codable, Equatable, Sendable {
  var theme = "dark"
}
