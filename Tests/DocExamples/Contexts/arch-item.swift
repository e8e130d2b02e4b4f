// An item named Notes, and an alert that asks before deleting it.
struct Item: Equatable { var name: String }

let item = Item(name: "Notes")
let alert = AlertState<Never>(title: TextState("Delete \(item.name)?"))
