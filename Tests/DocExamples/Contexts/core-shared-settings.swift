// Settings shared through a file, in an async function whose body is the example.
struct Settings: Codable, Equatable, Sendable {
  var isDarkMode = false
}

func reloadSettings() async throws {
  @Shared(.fileStorage(.documentsDirectory.appending(component: "settings.json")))
  var settings = Settings()
  // example
}
