import ComposableArchitecture
import Foundation

/// Study 5: an items list that presents an add or edit form, and a delete confirmation,
/// through one `@Reducer enum Destination` held in `@Presents` state (S2).
///
/// For example, `--open inventory --deep-link edit:mouse` starts with Mouse's form open:
///
/// ```swift
/// let state = try InventoryFeature.State(deepLink: "edit:mouse")
/// ```
@Reducer
public struct InventoryFeature {
  /// What the list presents.
  @Reducer
  public enum Destination {
    case add(ItemFormFeature)
    case edit(ItemFormFeature)
    case alert(AlertState<Alert>)

    public enum Alert: Equatable, Sendable {
      case confirmDeletion(Item.ID)
    }
  }

  @ObservableState
  public struct State: Equatable, Sendable {
    public var items: IdentifiedArrayOf<Item>
    /// The highlighted row.
    public var selection: Item.ID?
    @Presents public var destination: Destination.State?

    /// The list of `items`, nothing presented.
    public init(items: IdentifiedArrayOf<Item> = Item.samples) {
      self.items = items
      self.selection = items.first?.id
    }

    /// The sample list with a form already open: `add`, or `edit:NAME` (any case) for one of
    /// the items.
    public init(deepLink: String) throws(InventoryDeepLinkError) {
      // Built in a local and assigned whole: Swift 6.3 compiles an assignment to a `@Presents`
      // property after `self.init()` in a delegating initializer as a second initialization
      // (swiftlang/swift#88519), which leaks the storage the first one made.
      var state = Self()
      let link = deepLink.trimmingCharacters(in: .whitespaces)
      if link.lowercased() == "add" {
        @Dependency(\.uuid) var uuid
        state.destination = .add(
          ItemFormFeature.State(item: Item(id: uuid(), name: "", quantity: 0)))
      } else if link.lowercased().hasPrefix("edit:") {
        let name = link.dropFirst("edit:".count).trimmingCharacters(in: .whitespaces)
        guard
          let item = state.items.first(where: { $0.name.lowercased() == name.lowercased() })
        else {
          throw InventoryDeepLinkError(deepLink: deepLink, names: state.items.map(\.name))
        }
        state.selection = item.id
        state.destination = .edit(ItemFormFeature.State(item: item))
      } else {
        throw InventoryDeepLinkError(deepLink: deepLink, names: state.items.map(\.name))
      }
      self = state
    }
  }

  public enum Action: Equatable, Sendable {
    case addButtonTapped
    case deleteButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped
    case selectionChanged(Item.ID?)
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped:
        state.destination = .add(
          ItemFormFeature.State(item: Item(id: uuid(), name: "", quantity: 0)))
        return .none
      case .deleteButtonTapped:
        guard let id = state.selection, let item = state.items[id: id] else { return .none }
        state.destination = .alert(.confirmDeletion(of: item))
        return .none
      case .destination(.presented(.alert(.confirmDeletion(let id)))):
        guard let index = state.items.index(id: id) else { return .none }
        state.items.remove(id: id)
        state.selection =
          state.items.isEmpty
          ? nil : state.items[min(index, state.items.count - 1)].id
        return .none
      case .destination(.presented(.add(.delegate(.save(let item))))):
        state.items.append(item)
        state.selection = item.id
        state.destination = nil
        return .none
      case .destination(.presented(.edit(.delegate(.save(let item))))):
        state.items[id: item.id] = item
        state.destination = nil
        return .none
      case .destination:
        return .none
      case .editButtonTapped:
        guard let id = state.selection, let item = state.items[id: id] else { return .none }
        state.destination = .edit(ItemFormFeature.State(item: item))
        return .none
      case .selectionChanged(let id):
        state.selection = id
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

extension InventoryFeature.Destination.State: Equatable, Sendable {}
extension InventoryFeature.Destination.Action: Equatable, Sendable {}

extension AlertState where Action == InventoryFeature.Destination.Alert {
  /// Asks before an item is deleted.
  public static func confirmDeletion(of item: Item) -> Self {
    AlertState {
      TextState("Delete \(item.name)?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(item.id)) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("\(item.quantity) in stock will be forgotten.")
    }
  }
}

/// A deep link the inventory cannot follow, worded for the user.
public struct InventoryDeepLinkError: Error, Equatable, CustomStringConvertible {
  /// What was given.
  public var deepLink: String
  /// The items a link can name.
  public var names: [String]

  /// Creates the error for `deepLink`.
  public init(deepLink: String, names: [String]) {
    self.deepLink = deepLink
    self.names = names
  }

  public var description: String {
    "the inventory deep link is \"add\" or \"edit:NAME\" with NAME one of "
      + names.joined(separator: ", ") + " (got \"\(deepLink)\")"
  }
}
