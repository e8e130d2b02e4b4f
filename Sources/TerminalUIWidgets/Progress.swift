import TerminalUICore

/// A spinner: one frame of a fixed cycle and a label. The view is pure: a model animates it by
/// counting frames on a clock (a store's feature with `Effect.spinnerTicks(every:_:)`).
///
/// For example, `Spinner(frame: model.spinnerFrame, label: "Checking…")` draws `⠋ Checking…`.
public struct Spinner: Widget {
  /// The frames of the cycle, drawn in turn.
  public static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// The ASCII cycle, for terminals without braille glyphs.
  public static let asciiFrames = ["|", "/", "-", "\\"]

  let frame: Int
  let label: String
  let ascii: Bool

  /// Creates a spinner showing frame number `frame` (any integer; it wraps).
  public init(frame: Int, label: String = "", ascii: Bool = false) {
    self.frame = frame
    self.label = label
    self.ascii = ascii
  }

  var text: String {
    let cycle = ascii ? Self.asciiFrames : Self.frames
    let glyph = cycle[((frame % cycle.count) + cycle.count) % cycle.count]
    return label.isEmpty ? glyph : glyph + " " + label
  }

  /// One row, as wide as the glyph and the label.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: min(displayWidth(text), proposal.width), height: min(1, proposal.height))
  }

  /// Draws the frame's glyph and the label.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    buffer.write(
      truncate(text, toWidth: rect.width), at: Position(x: rect.x, y: rect.y),
      style: context.theme.accent, clip: rect)
  }
}

/// A progress bar with a label and a percentage, scaled to the width it is given.
///
/// For example, `ProgressView("Searching", value: 0.5)` draws
/// `Searching [█████░░░░░] 50%`. Values are clamped to 0...1; NaN counts as 0.
public struct ProgressView: Widget {
  let label: String
  let value: Double

  /// Creates a bar at `value`, from 0 to 1.
  public init(_ label: String, value: Double) {
    self.label = label
    self.value = value.isNaN ? 0 : min(1, max(0, value))
  }

  /// One row, as wide as proposed.
  public func measure(_ proposal: Size, context: RenderContext) -> Size {
    Size(width: proposal.width, height: min(1, proposal.height))
  }

  /// Draws the label, the bar and the percentage.
  public func render(in rect: Rect, into buffer: inout Buffer, context: RenderContext) {
    let percent = " \(Int((value * 100).rounded(.down)))%"
    let prefix = label.isEmpty ? "" : label + " "
    let barWidth = rect.width - displayWidth(prefix) - displayWidth(percent) - 2
    let text: String
    if barWidth >= 3 {
      let filled = Int((Double(barWidth) * value).rounded(.down))
      text =
        prefix + "[" + String(repeating: "█", count: filled)
        + String(repeating: "░", count: barWidth - filled) + "]" + percent
    } else {
      text = prefix + percent.dropFirst()
    }
    buffer.write(
      truncate(text, toWidth: rect.width), at: Position(x: rect.x, y: rect.y), clip: rect)
  }
}
