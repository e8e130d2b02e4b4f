/// What a frame cost: how many view bodies it evaluated, how many times it laid the screen
/// out, and how many cells it sent to the backend. ``Application/lastFrame`` holds the last
/// one's, for tests and benchmarks that guard what a change costs.
///
/// For example, a test that a counter's `+` redraws only what changed:
///
/// <!-- context: tui-counter-app -->
/// ```swift
/// app.handle([.character("+")])
/// app.renderIfNeeded()
/// print(app.lastFrame.bodyEvaluations, app.lastFrame.cellsDrawn)
/// ```
public struct FrameStatistics: Equatable, Sendable {
  /// The `body` properties evaluated, in every layout of the frame: those of views made anew or
  /// with other values, and of views whose reads changed and the views above them; the others
  /// keep what their last evaluation made.
  public var bodyEvaluations: Int
  /// The layouts of the whole screen: 2 when focus moved while the first was made.
  public var layouts: Int
  /// The cells the frame changed on the backend.
  public var cellsDrawn: Int

  public init(bodyEvaluations: Int = 0, layouts: Int = 0, cellsDrawn: Int = 0) {
    self.bodyEvaluations = bodyEvaluations
    self.layouts = layouts
    self.cellsDrawn = cellsDrawn
  }
}

extension FrameStatistics {
  /// A frame's, whose layouts started when `bodies` bodies had been evaluated.
  @MainActor
  init(since bodies: Int, layouts: Int, cellsDrawn: Int) {
    self.init(
      bodyEvaluations: BodyEvaluations.count - bodies, layouts: layouts, cellsDrawn: cellsDrawn)
  }
}

/// How many view bodies were evaluated since the process started (on the main actor, where
/// views are).
@MainActor
enum BodyEvaluations {
  static var count = 0
}
