import ComposableArchitecture
import Foundation
import InventoryStudy
import Testing

@MainActor
struct InventoryStudyTests {
  let keyboard = Item.samples[0]
  let mouse = Item.samples[1]

  @Test func addingAnItemFillsTheFormAndSaveAppendsIt() async {
    let store = TestStore(initialState: InventoryFeature.State()) {
      InventoryFeature()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    let id = UUID(uuidString: "00000000-0000-0000-0000-000000000000")!
    await store.send(.addButtonTapped) {
      $0.destination = .add(ItemFormFeature.State(item: Item(id: id, name: "", quantity: 0)))
    }
    #expect(store.state.destination?.add?.isSaveDisabled == true)
    await store.send(\.destination.add.binding.item, Item(id: id, name: "Cable", quantity: 0)) {
      $0.destination?.modify(\.add) { $0.item.name = "Cable" }
    }
    await store.send(.destination(.presented(.add(.binding(.set(\.quantityText, "25")))))) {
      $0.destination?.modify(\.add) {
        $0.quantityText = "25"
        $0.item.quantity = 25
      }
    }
    await store.send(.destination(.presented(.add(.saveButtonTapped))))
    await store.receive(\.destination.add.delegate.save) {
      $0.items.append(Item(id: id, name: "Cable", quantity: 25))
      $0.selection = id
      $0.destination = nil
    }
  }

  @Test func aBadQuantityIsShownKeepsWhatWasTypedAndDisablesSave() async {
    let store = TestStore(initialState: ItemFormFeature.State(item: Item.samples[0])) {
      ItemFormFeature()
    }
    await store.send(.binding(.set(\.quantityText, "12x"))) { $0.quantityText = "12x" }
    #expect(store.state.quantityError == "A whole number, 0 or more")
    #expect(store.state.item.quantity == 12)
    #expect(store.state.isSaveDisabled)
    await store.send(.saveButtonTapped)
    await store.send(.binding(.set(\.quantityText, "99999999"))) { $0.quantityText = "99999999" }
    #expect(store.state.quantityError == "At most 1000000")
    await store.send(.binding(.set(\.quantityText, ""))) { $0.quantityText = "" }
    #expect(store.state.quantityError == "Enter how many are in stock")
    await store.send(.binding(.set(\.item.name, "  "))) { $0.item.name = "  " }
    #expect(store.state.nameError == "Enter a name")
    await store.send(.binding(.set(\.item.name, " Keys "))) { $0.item.name = " Keys " }
    await store.send(.binding(.set(\.quantityText, "7"))) {
      $0.quantityText = "7"
      $0.item.quantity = 7
    }
    await store.send(.saveButtonTapped)
    await store.receive(\.delegate.save, Item(id: Item.samples[0].id, name: "Keys", quantity: 7))
  }

  @Test func editingTheSelectedItemReplacesItAndCancelDismissesThroughTheDependency() async {
    let store = TestStore(initialState: InventoryFeature.State()) { InventoryFeature() }
    await store.send(.selectionChanged(mouse.id)) { $0.selection = self.mouse.id }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(ItemFormFeature.State(item: self.mouse))
    }
    await store.send(.destination(.presented(.edit(.cancelButtonTapped))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
    await store.send(.editButtonTapped) {
      $0.destination = .edit(ItemFormFeature.State(item: self.mouse))
    }
    await store.send(.destination(.presented(.edit(.binding(.set(\.quantityText, "31")))))) {
      $0.destination?.modify(\.edit) {
        $0.quantityText = "31"
        $0.item.quantity = 31
      }
    }
    await store.send(.destination(.presented(.edit(.saveButtonTapped))))
    await store.receive(\.destination.edit.delegate.save) {
      $0.items[id: self.mouse.id]?.quantity = 31
      $0.destination = nil
    }
  }

  @Test func deletingAsksFirstAndSelectsTheNextItem() async {
    let store = TestStore(initialState: InventoryFeature.State()) { InventoryFeature() }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.confirmDeletion(of: self.keyboard))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.deleteButtonTapped) {
      $0.destination = .alert(.confirmDeletion(of: self.keyboard))
    }
    await store.send(.destination(.presented(.alert(.confirmDeletion(keyboard.id))))) {
      $0.items.remove(id: self.keyboard.id)
      $0.selection = self.mouse.id
      $0.destination = nil
    }
  }

  @Test func withNothingSelectedEditAndDeleteDoNothing() async {
    let store = TestStore(initialState: InventoryFeature.State(items: [])) { InventoryFeature() }
    await store.send(.editButtonTapped)
    await store.send(.deleteButtonTapped)
    await store.send(.selectionChanged(nil))
  }

  @Test func aDeepLinkedFormDismissesThroughTheDependencyWithNoActionBefore() async throws {
    let state = try InventoryFeature.State(deepLink: "edit:MOUSE")
    let store = TestStore(initialState: state) { InventoryFeature() }
    #expect(store.state.destination == .edit(ItemFormFeature.State(item: mouse)))
    #expect(store.state.selection == mouse.id)
    await store.send(.destination(.presented(.edit(.cancelButtonTapped))))
    await store.receive(\.destination.dismiss) { $0.destination = nil }
  }

  @Test func aDeepLinkedAddFormSaves() async throws {
    let state = try withDependencies {
      $0.uuid = .constant(UUID(9))
    } operation: {
      try InventoryFeature.State(deepLink: "add")
    }
    let store = TestStore(initialState: state) { InventoryFeature() }
    await store.send(.destination(.presented(.add(.binding(.set(\.item.name, "Dock")))))) {
      $0.destination?.modify(\.add) { $0.item.name = "Dock" }
    }
    await store.send(.destination(.presented(.add(.saveButtonTapped))))
    await store.receive(\.destination.add.delegate.save) {
      $0.items.append(Item(id: UUID(9), name: "Dock", quantity: 0))
      $0.selection = UUID(9)
      $0.destination = nil
    }
  }

  @Test func anUnknownDeepLinkListsWhatItCanName() {
    #expect(
      throws: InventoryDeepLinkError(
        deepLink: "edit:lamp", names: ["Keyboard", "Mouse", "Monitor"])
    ) {
      try InventoryFeature.State(deepLink: "edit:lamp")
    }
    #expect(
      InventoryDeepLinkError(deepLink: "x", names: ["Mouse"]).description
        == "the inventory deep link is \"add\" or \"edit:NAME\" with NAME one of Mouse (got \"x\")")
  }
}

extension UUID {
  init(_ value: Int) {
    self.init(uuidString: String(format: "00000000-0000-0000-0000-%012X", value))!
  }
}
