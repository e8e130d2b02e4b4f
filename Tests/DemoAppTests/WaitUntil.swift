/// Yields, then sleeps a millisecond at a time, until `condition` holds or two seconds pass.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  for _ in 0..<2_000 where !condition() {
    await Task.yield()
    try? await Task.sleep(for: .milliseconds(1))
  }
}
