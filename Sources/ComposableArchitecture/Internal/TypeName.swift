/// The name of a type as a user writes it: without its module, and without the anonymous
/// context of a type declared inside a function.
func typeName(_ type: Any.Type) -> String {
  String(reflecting: type)
    .replacing(#/\(unknown context at \$[0-9a-f]+\)\./#, with: "")
    .split(separator: ".").dropFirst().joined(separator: ".")
}
