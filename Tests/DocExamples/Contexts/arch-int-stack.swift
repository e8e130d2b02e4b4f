// A `stack` of elements of an enum that is not `@CasePathable`.
enum Element: Equatable {
  case int(Int)
  case text(String)
}

var stack = StackState<Element>([.int(1), .text("Blob")])
