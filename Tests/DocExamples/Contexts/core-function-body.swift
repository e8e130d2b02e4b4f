// A function whose body is the example, for names declared local to it (`@Dependency var …`).
func example() async throws {
  // example
}
