/// A plain, equatable piece of text to show in an alert, a confirmation dialog or a button.
///
/// <!-- context: arch-item -->
/// ```swift
/// let title = TextState("Delete \(item.name)?")
/// let label: TextState = "Cancel"
/// print(String(state: title))  // Delete Notes?
/// ```
///
/// Text state is a value, so it can live in reducer state and be compared in tests. It carries
/// no styling: renderers get the characters with ``Swift/String/init(state:)`` and draw them as
/// they see fit. Custom dump prints it as the quoted string, so state dumps and test failures read
/// `title: "Delete Notes?"`.
public struct TextState: Hashable, Sendable {
  @usableFromInline
  let content: String

  /// Text showing `content` exactly as given.
  @inlinable
  public init(verbatim content: String) {
    self.content = content
  }

  /// Text showing the characters of `content`.
  ///
  /// <!-- context: arch-user -->
  /// ```swift
  /// TextState(user.name)
  /// ```
  @inlinable
  public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  /// Text made of `lhs` followed by `rhs`.
  ///
  /// <!-- context: arch-user -->
  /// ```swift
  /// let text = TextState("Hello, ") + TextState(name)
  /// ```
  @inlinable
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.content + rhs.content)
  }
}

extension TextState: ExpressibleByStringInterpolation {
  @inlinable
  public init(stringLiteral value: String) {
    self.content = value
  }

  @inlinable
  public init(stringInterpolation: DefaultStringInterpolation) {
    self.content = String(stringInterpolation: stringInterpolation)
  }
}

extension TextState: CustomStringConvertible {
  /// The plain characters of the text, the same as ``Swift/String/init(state:)``.
  public var description: String { content }
}

extension TextState: CustomDumpRepresentable {
  public var customDumpValue: Any { content }
}

extension String {
  /// The plain characters of `state`, for renderers.
  ///
  /// <!-- context: arch-item -->
  /// ```swift
  /// let line = String(state: alert.title)
  /// ```
  @inlinable
  public init(state: TextState) {
    self = state.content
  }
}
