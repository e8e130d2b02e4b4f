extension Application {
  /// Whether the next `renderIfNeeded()` draws a frame.
  public var needsDisplay: Bool { pacer.needsDisplay }

  /// Forces the next `renderIfNeeded()` to draw, evaluating every view's `body` again: for a
  /// change no observation sees (a plain class or a global a body reads). A change to what a
  /// body read through Observation needs no call.
  public func setNeedsDisplay() {
    graph.invalidateAll()
    pacer.setNeedsDisplay()
  }

  /// Makes the next `renderIfNeeded()` draw: focus moved, or the help bar or theme changed,
  /// which no body reads.
  func needsFrame() {
    pacer.setNeedsDisplay()
  }

  /// Something a frame read changed, on any thread: the next frame draws, asked for at once
  /// unless keys are being routed (the frame they end in is asked for when they are done).
  nonisolated func observedChange() {
    pacer.setNeedsDisplay()
    guard !isRouting.load(ordering: .sequentiallyConsistent) else { return }
    Task { @MainActor [weak self] in self?.requestFrame() }
  }

  /// Draws now if the frame rate allows it, or schedules one frame for when it does.
  func requestFrame() {
    pacer.request { [weak self] in self?.renderIfNeeded() }
  }
}
