/// The assignments that turn one state into the next, as a `TestStore` test writes them in the
/// trailing closure of `send` and `receive`:
///
/// <!-- context: arch-signup, arch-signup-send -->
/// ```swift
/// $0.signUpData.email = "blob@example.com"
/// $0.path[id: 0, case: \.basics]?.isCheckingEmail = true
/// $0.path.append(.personalInfo(PersonalInfoFeature.State(signUpData: signUpData)))
/// ```
///
/// A field is assigned where it changed (structs field by field, stack elements by id,
/// presented children by case); a shared value held in several places is assigned once.
struct StateAssertion {
  /// The statements, in order.
  var statements: [String] = []
  /// What could not be written as source, if anything.
  var unwritten: [String] = []

  private var assignedShared: Set<ObjectIdentifier> = []

  init(from old: SourceNode, to new: SourceNode, writer: SourceWriter) {
    diff(old, new, at: "$0", writer)
  }

  private mutating func diff(
    _ old: SourceNode, _ new: SourceNode, at path: String, _ writer: SourceWriter
  ) {
    guard old != new else { return }
    switch (old, new) {
    case (.structure(let old), .structure(let new))
    where old.type == new.type && old.isNamed && old.fields.map(\.name) == new.fields.map(\.name):
      // Shared fields first: a value shared with children is assigned where it is shallowest.
      let pairs = Array(zip(old.fields, new.fields))
      let ordered = pairs.filter { $0.1.kind == .shared } + pairs.filter { $0.1.kind != .shared }
      for (oldField, newField) in ordered {
        let fieldPath = "\(path).\(newField.name)"
        switch newField.kind {
        case .shared:
          shared(
            oldField.node, newField.node, at: fieldPath, storage: "\(path).$\(newField.name)",
            writer)
        case .presents:
          presented(
            oldField.node, newField.node, at: fieldPath, storage: "\(path).$\(newField.name)",
            writer)
        default:
          diff(oldField.node, newField.node, at: fieldPath, writer)
        }
      }
    case (.optional(let old?), .optional(let new?)):
      if case .structure = new {
        diff(old, new, at: path + "?", writer)
      } else {
        assign(new, to: path, writer)
      }
    case (.stack(let old), .stack(let new)):
      stack(old, new, at: path, writer)
    case (.shared(let oldIdentity, let old), .shared(let newIdentity, let new))
    where oldIdentity == newIdentity:
      guard assignedShared.insert(newIdentity).inserted else { return }
      diff(old, new, at: path, writer)
    default:
      assign(new, to: path, writer)
    }
  }

  private mutating func shared(
    _ old: SourceNode, _ new: SourceNode, at path: String, storage: String,
    _ writer: SourceWriter
  ) {
    // Another reference is assigned to the wrapper; the same one is diffed (once).
    if case .shared(let oldIdentity, _) = old, case .shared(let newIdentity, _) = new,
      oldIdentity != newIdentity
    {
      return assign(new, to: storage, writer)
    }
    diff(old, new, at: path, writer)
  }

  private mutating func presented(
    _ old: SourceNode, _ new: SourceNode, at path: String, storage: String,
    _ writer: SourceWriter
  ) {
    switch (old, new) {
    case (.optional(.enumCase(let oldCase, let old)?), .optional(.enumCase(let newCase, let new)?))
    where oldCase == newCase && old.count == 1 && new.count == 1:
      let casePath = "\(storage)[case: \\.\(newCase)]?"
      if case .structure = new[0].node {
        diff(old[0].node, new[0].node, at: casePath, writer)
      } else {
        assign(.optional(.enumCase(newCase, new)), to: path, writer)
      }
    case (_, .optional(.enumCase(let name, let arguments)?)):
      guard
        let (value, fixes) = caseExpression(
          .enumCase(name, arguments), at: { "\(storage)[case: \\.\($0)]?" }, writer)
      else { return assign(new, to: path, writer) }
      append("\(path) = \(value)")
      statements += fixes
    default:
      diff(old, new, at: path, writer)
    }
  }

  private mutating func stack(
    _ old: [StackElementNode], _ new: [StackElementNode], at path: String,
    _ writer: SourceWriter
  ) {
    var common = 0
    while common < old.count, common < new.count, old[common].id == new[common].id {
      common += 1
    }
    for index in 0..<common {
      element(old[index].node, new[index].node, id: new[index].id, in: path, writer)
    }
    if common < old.count {
      guard let id = writer.expression(.stackID(old[common].id)) else { return }
      statements.append("\(path).pop(from: \(id))")
    }
    for added in new[common...] {
      guard let id = writer.expression(.stackID(added.id)) else { return }
      if let (value, fixes) = caseExpression(
        added.node, at: { "\(path)[id: \(id), case: \\.\($0)]?" }, writer)
      {
        statements.append("\(path).append(\(value))")
        statements += fixes
      } else if let (value, fixes) = writer.expression(added.node, at: "\(path)[id: \(id)]?") {
        statements.append("\(path).append(\(value))")
        statements += fixes
      } else {
        unwritten.append("the element \(id) pushed onto \(path)")
      }
    }
  }

  /// `.name(payload)` for an enum case with one unlabeled payload, built so that what the
  /// payload's initializer leaves out is assigned through the case's path (`location(name)`).
  private func caseExpression(
    _ node: SourceNode, at location: (String) -> String, _ writer: SourceWriter
  ) -> (String, [String])? {
    guard case .enumCase(let name, let arguments) = node, arguments.count == 1,
      arguments[0].label == nil,
      let (payload, fixes) = writer.expression(arguments[0].node, at: location(name))
    else { return nil }
    return (".\(name)(\(payload))", fixes)
  }

  private mutating func element(
    _ old: SourceNode, _ new: SourceNode, id: Int, in path: String, _ writer: SourceWriter
  ) {
    guard old != new, let id = writer.expression(.stackID(id)) else { return }
    if case .enumCase(let oldCase, let oldArguments) = old,
      case .enumCase(let newCase, let newArguments) = new,
      oldCase == newCase, oldArguments.count == 1, newArguments.count == 1,
      case .structure = newArguments[0].node
    {
      return diff(
        oldArguments[0].node, newArguments[0].node,
        at: "\(path)[id: \(id), case: \\.\(newCase)]?", writer)
    }
    if case .structure = old, case .structure = new {
      return diff(old, new, at: "\(path)[id: \(id)]?", writer)
    }
    assign(new, to: "\(path)[id: \(id)]", writer)
  }

  private mutating func assign(_ node: SourceNode, to path: String, _ writer: SourceWriter) {
    // `$0.child? = x` is not Swift; `$0.child = x` assigns the whole optional.
    let path = path.hasSuffix("?") ? String(path.dropLast()) : path
    guard let (value, fixes) = writer.expression(node, at: path) else {
      unwritten.append(path)
      return
    }
    append("\(path) = \(value)")
    statements += fixes
  }

  /// Appends an assignment; one whose target is optional-chained and whose value reads the
  /// state is made of two statements, since the chain holds the state while the value is
  /// computed.
  private mutating func append(_ assignment: String) {
    guard let equals = assignment.range(of: " = "),
      assignment[..<equals.lowerBound].contains("?"),
      assignment[equals.upperBound...].contains("$0")
    else { return statements.append(assignment) }
    let name = "value\(statements.count + 1)"
    statements.append("let \(name) = \(assignment[equals.upperBound...])")
    statements.append("\(assignment[..<equals.lowerBound]) = \(name)")
  }
}
