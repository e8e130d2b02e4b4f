import ComposableArchitecture
import Foundation

/// A stock item: a name and how many are in stock.
public struct Item: Equatable, Identifiable, Sendable {
  public var id: UUID
  public var name: String
  public var quantity: Int

  /// Creates an item.
  public init(id: UUID, name: String, quantity: Int) {
    self.id = id
    self.name = name
    self.quantity = quantity
  }

  /// The items the study starts with (fixed ids, so tests can name them; unlike the ids an
  /// incrementing generator hands out in tests and replays).
  public static let samples: IdentifiedArrayOf<Item> = [
    Item(id: sampleID(1), name: "Keyboard", quantity: 12),
    Item(id: sampleID(2), name: "Mouse", quantity: 30),
    Item(id: sampleID(3), name: "Monitor", quantity: 4),
  ]

  private static func sampleID(_ number: Int) -> UUID {
    UUID(uuidString: "5A3F1E00-0000-4000-8000-00000000000\(number)")!
  }
}
