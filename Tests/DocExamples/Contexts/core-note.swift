// A note, as an app keeps them in a file.
struct Note: Codable, Equatable, Sendable {
  var text = ""
}
