/// A value's type and enum case path, without the payload's values, as the runtime warnings of
/// the scoping reducers print an action or a state: `Parent.Action.child(.presented(.tap))`,
/// `Elements.Action.rows(.element(id:, action:))`, `()`.
///
/// A value with a `debugDescription` is described by it.
func caseDescription(_ value: Any) -> String {
  if let value = value as? any CustomDebugStringConvertible {
    return value.debugDescription
  }
  return shortTypeName(type(of: value)) + casePathDescription(value)
}

/// `.case(.inner)` for an enum, `label:, label: .case` for a tuple, nothing for other values.
private func casePathDescription(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      let name = "\(value)"
      return name == shortTypeName(type(of: value)) ? "" : ".\(name)"
    }
    let inner = casePathDescription(payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    return mirror.children.map { child in
      let inner = casePathDescription(child.value)
      let label = child.label.map { $0.first == "." ? "_:" : "\($0):" } ?? ""
      return label + (inner.isEmpty ? "" : " \(inner)")
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}

/// The type's name without its module, the contexts of local types and generic arguments:
/// `Parent.Action` for a type declared in a test function, `Result` for `Result<Int, E>`.
func shortTypeName(_ type: Any.Type) -> String {
  var name = ""
  var depth = 0
  for character in String(reflecting: type) {
    switch character {
    case "<":
      depth += 1
    case ">":
      depth -= 1
    default:
      if depth == 0 { name.append(character) }
    }
  }
  let components = name.split(separator: ".", omittingEmptySubsequences: false)
    .filter { !$0.hasPrefix("(unknown context at ") }
  guard components.count > 1 else { return name }
  return components.dropFirst().joined(separator: ".")
}
