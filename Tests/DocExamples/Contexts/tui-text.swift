// The values a screen's views show: a long description, a detail shown on demand, items.
let longDescription = "A terminal UI framework in the spirit of SwiftUI, for composable apps."
let showsDetail = true
let detail = "Three items"
let items = ["Apples", "Pears", "Plums"]
