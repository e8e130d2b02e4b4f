import ComposableTerminalUI

/// A note: a title and some text.
public struct Note: Codable, Equatable, Identifiable, Sendable {
  public var id: UUID
  public var title: String
  public var text: String

  public init(id: UUID, title: String = "", text: String = "") {
    self.id = id
    self.title = title
    self.text = text
  }
}
