import ComposableArchitecture
import Foundation

/// The form that adds or edits an item: a name and a quantity typed as text, checked as you
/// type. Save hands the item to the parent; Cancel (and Esc) dismiss the form through the
/// `dismiss` dependency, which works even when the app started with the form open.
@Reducer
public struct ItemFormFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var item: Item
    /// The quantity as typed; it becomes the item's quantity when it is a valid number.
    public var quantityText: String

    /// A form for `item`, its quantity filled in.
    public init(item: Item) {
      self.item = item
      self.quantityText = String(item.quantity)
    }

    /// The problem with the name, if any.
    public var nameError: String? {
      item.name.allSatisfy(\.isWhitespace) ? "Enter a name" : nil
    }

    /// The problem with the quantity, if any.
    public var quantityError: String? {
      guard !quantityText.isEmpty else { return "Enter how many are in stock" }
      guard quantityText.allSatisfy(\.isASCII), quantityText.allSatisfy(\.isNumber) else {
        return "A whole number, 0 or more"
      }
      guard Int(quantityText).map({ $0 <= Self.maximumQuantity }) == true else {
        return "At most \(Self.maximumQuantity)"
      }
      return nil
    }

    /// Whether Save does nothing: while the name or the quantity has a problem.
    public var isSaveDisabled: Bool { nameError != nil || quantityError != nil }

    static let maximumQuantity = 1_000_000
  }

  public enum Action: BindableAction, Equatable, Sendable {
    case binding(BindingAction<State>)
    case cancelButtonTapped
    case delegate(Delegate)
    case saveButtonTapped

    public enum Delegate: Equatable, Sendable {
      /// The user saved this item.
      case save(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.quantityText):
        if state.quantityError == nil, let quantity = Int(state.quantityText) {
          state.item.quantity = quantity
        }
        return .none
      case .binding, .delegate:
        return .none
      case .cancelButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .saveButtonTapped:
        guard !state.isSaveDisabled else { return .none }
        var item = state.item
        item.name = item.name.trimmingCharacters(in: .whitespaces)
        return .send(.delegate(.save(item)))
      }
    }
  }
}
