import CustomDump
import Foundation

/// Reads values into ``SourceNode``s and writes them back as Swift: literals, initializers
/// (through the shapes `@ObservableState` writes), key paths by field name, and the assignments
/// that turn one state into the next, as a `TestStore` test asserts them.
///
/// Secrets stay secret: a string held by a secure field (``SecureFields``) or hidden by its
/// type's dump (a redacting `customDumpMirror`) is written as one `•` per character, wherever
/// it appears.
final class SourceWriter {
  /// The modules the file imports: their names are left out of type names.
  let modules: Set<String>
  /// The strings to write as bullets.
  private(set) var secrets: Set<String> = []
  /// Stack element ids in the order they first appeared, numbered from 0 as a test store
  /// numbers them.
  private var stackIDs: [Int: Int] = [:]
  /// The types met, to find their shapes again.
  private var types: [ObjectIdentifier: Any.Type] = [:]
  /// The name of a variable (or an expression) holding each shared reference.
  var sharedNames: [ObjectIdentifier: String] = [:]

  init(modules: Set<String>) {
    self.modules = modules.union(["Swift", "Foundation", "ComposableArchitecture"])
  }

  // MARK: - Reading values

  func node(_ value: Any) -> SourceNode {
    switch value {
    case let value as String: return .string(value)
    case let value as Character: return .string(String(value))
    case let value as Bool: return .literal("\(value)")
    case let value as any BinaryInteger: return .literal("\(value)")
    case let value as Double: return .literal("\(value)")
    case let value as Float: return .literal("\(value)")
    case let value as Duration: return .literal(durationLiteral(value))
    case let value as UUID: return .literal(uuidLiteral(value))
    case let value as Date:
      return .literal("Date(timeIntervalSince1970: \(value.timeIntervalSince1970))")
    case let value as StackElementID:
      register(value.generation)
      return .stackID(value.generation)
    case let value as any _SharedSourceValue:
      return .shared(value._sourceIdentity, node(value._sourceValue))
    case let value as any _StackSourceValue:
      return .stack(
        value._sourceElements.map { element in
          register(element.id)
          return StackElementNode(id: element.id, node: node(element.element))
        })
    case let value as any _PresentationSourceValue:
      return .optional(value._sourceValue.map(node))
    case let value as any _BindingSourceValue:
      let keyPath = keyPathName(value._sourceKeyPath).map { SourceNode.keyPath("\\" + $0) }
      return .enumCase(
        "set",
        [
          SourceArgument(
            label: nil, node: keyPath ?? .opaque("\(value._sourceKeyPath)")),
          SourceArgument(label: nil, node: node(value._sourceValue)),
        ])
    default:
      return mirrored(value)
    }
  }

  private func mirrored(_ value: Any) -> SourceNode {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return .optional(mirror.children.first.map { node($0.value) })
    case .enum:
      guard let payload = mirror.children.first else {
        return enumCaseName(value).map { .enumCase($0, []) } ?? .opaque(dump(value))
      }
      let name = payload.label ?? enumCaseName(value) ?? "?"
      let payloadMirror = Mirror(reflecting: payload.value)
      guard payloadMirror.displayStyle == .tuple else {
        return .enumCase(name, [SourceArgument(label: nil, node: node(payload.value))])
      }
      return .enumCase(
        name,
        payloadMirror.children.map { child in
          let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
          return SourceArgument(label: label, node: node(child.value))
        })
    case .struct:
      return structure(value, mirror: mirror)
    case .collection:
      return .array(mirror.children.map { node($0.value) })
    case .set:
      return .set(mirror.children.map { node($0.value) })
    case .dictionary:
      return .dictionary(
        mirror.children.map { child in
          let pair = Array(Mirror(reflecting: child.value).children)
          guard pair.count == 2 else {
            return DictionaryEntryNode(key: .opaque(""), value: .opaque(dump(child.value)))
          }
          return DictionaryEntryNode(key: node(pair[0].value), value: node(pair[1].value))
        })
    default:
      return .opaque(dump(value))
    }
  }

  private func structure(_ value: Any, mirror: Mirror) -> SourceNode {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    types[key] = type
    collectSecrets(in: value, mirror: mirror)
    let typeName = self.typeName(type)
    if let shape = (type as? any ObservableState.Type)?._$shape {
      // Shared and presented fields are read through their wrappers: the reference's
      // identity, the presentation's state.
      let fields = shape.fields.compactMap { field -> FieldNode? in
        value[keyPath: field.storage ?? field.keyPath].map {
          FieldNode(name: field.name, kind: field.kind, node: node($0))
        }
      }
      return .structure(
        StructureNode(
          type: key, typeName: typeName, fields: fields, hasShape: true, isNamed: true))
    }
    var isNamed = true
    let fields = mirror.children.map { child -> FieldNode in
      var name = child.label ?? "?"
      if name.hasPrefix("_") {
        isNamed = false
        name.removeFirst()
      }
      return FieldNode(name: name, kind: .value, node: node(child.value))
    }
    return .structure(
      StructureNode(
        type: key, typeName: typeName, fields: fields, hasShape: false, isNamed: isNamed))
  }

  /// Remembers the strings a value keeps secret: its secure fields, and the string fields its
  /// dump hides.
  private func collectSecrets(in value: Any, mirror: Mirror) {
    if let secure = value as? any SecureFields {
      for keyPath in Swift.type(of: secure).secureFieldPaths {
        if let secret = value[keyPath: keyPath] as? String, !secret.isEmpty {
          secrets.insert(secret)
        }
      }
    }
    guard let reflectable = value as? any CustomDumpReflectable,
      !(value is any ObservableState)
    else { return }
    let dumped = Dictionary(
      reflectable.customDumpMirror.children.compactMap { child in
        child.label.map { ($0, child.value) }
      },
      uniquingKeysWith: { first, _ in first })
    for child in mirror.children {
      guard let label = child.label, let secret = child.value as? String, !secret.isEmpty,
        let shown = dumped[label] as? String, shown != secret
      else { continue }
      secrets.insert(secret)
    }
  }

  private func register(_ generation: Int) {
    if stackIDs[generation] == nil { stackIDs[generation] = stackIDs.count }
  }

  private func dump(_ value: Any) -> String {
    withoutAddresses(String(customDumping: value))
  }

  // MARK: - Names

  /// The name of a type as source writes it: the imported modules' names left out.
  func typeName(_ type: Any.Type) -> String {
    // A type private to a file has an "(unknown context at $…)" in its name.
    var name = String(reflecting: type).replacingOccurrences(
      of: #"\(unknown context at \$[0-9a-f]+\)\."#, with: "", options: .regularExpression)
    for module in modules {
      name = name.replacingOccurrences(
        of: #"(^|[<(\[:, ])"# + NSRegularExpression.escapedPattern(for: module) + #"\."#,
        with: "$1", options: .regularExpression)
    }
    return name
  }

  /// Names by key path description (which holds the addresses of computed fields). Tests
  /// dumping at once share it.
  private static let names = VisibleMutex<[String: String?]>([:])

  /// A key path as `\Root.field.field`, the fields named through the shapes of the state types
  /// it crosses; remembered, since dumps of binding actions ask for it every time.
  static func name(of keyPath: AnyKeyPath) -> String? {
    let description = "\(keyPath)"
    if let name = names.withLock({ $0[description] }) { return name }
    let root = Swift.type(of: keyPath).rootType
    let name = SourceWriter(modules: []).keyPathName(keyPath).map { "\\\(root)" + $0 }
    names.withLock { $0[description] = name }
    return name
  }

  /// A key path by the names of its fields (`.signUpData.email`), through the shapes of the
  /// state types it crosses; `nil` when a field it crosses has no known name.
  func keyPathName(_ keyPath: AnyKeyPath) -> String? {
    let root = Swift.type(of: keyPath).rootType
    let description = "\(keyPath)"
    let prefix = "\\\(root)"
    guard description.hasPrefix(prefix) else { return nil }
    return components(Substring(description.dropFirst(prefix.count)), of: root)
  }

  private func components(_ rest: Substring, of type: Any.Type?) -> String? {
    if rest.isEmpty { return "" }
    if let type, let shape = (type as? any ObservableState.Type)?._$shape {
      for field in shape.fields {
        var candidates: [(name: String, keyPath: AnyKeyPath)] = [(field.name, field.keyPath)]
        if let storage = field.storage { candidates.append(("$" + field.name, storage)) }
        for candidate in candidates {
          let description = "\(candidate.keyPath)"
          let prefix = "\\\(type)"
          guard description.hasPrefix(prefix) else { continue }
          let component = description.dropFirst(prefix.count)
          guard rest.hasPrefix(component) else { continue }
          let after = rest.dropFirst(component.count)
          guard after.isEmpty || [".", "?", "!"].contains(after.first) else { continue }
          let valueType = Swift.type(of: candidate.keyPath).valueType
          if let tail = components(after, of: valueType) {
            return "." + candidate.name + tail
          }
        }
      }
    }
    // A stored field names itself; a computed one of a type without a shape cannot be named.
    var rest = rest
    var suffix = ""
    while let first = rest.first, first == "?" || first == "!" {
      suffix.append(first)
      rest.removeFirst()
    }
    if rest.isEmpty { return suffix }
    guard rest.first == ".", !rest.hasPrefix(".<") else { return nil }
    let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    guard !name.isEmpty else { return nil }
    return components(rest.dropFirst(name.count + 1), of: nil).map {
      suffix + "." + name + $0
    }
  }

  // MARK: - Writing

  /// The source of a node where nothing can be assigned after it (an argument, an element).
  func expression(_ node: SourceNode) -> String? {
    guard let (expression, fixes) = expression(node, at: nil), fixes.isEmpty else { return nil }
    return expression
  }

  /// The source of a node that will live at `path`: an expression, and the assignments that
  /// must follow it when an initializer cannot set everything (`nil` when it cannot be
  /// written).
  func expression(_ node: SourceNode, at path: String?) -> (String, [String])? {
    switch node {
    case .literal(let literal):
      return (literal, [])
    case .string(let string):
      return (stringLiteral(string), [])
    case .stackID(let generation):
      return ("\(stackIDs[generation] ?? generation)", [])
    case .keyPath(let keyPath):
      return (keyPath, [])
    case .optional(nil):
      return ("nil", [])
    case .optional(let wrapped?):
      return expression(wrapped, at: path.map { $0 + "?" })
    case .enumCase(let name, let arguments):
      guard !arguments.isEmpty else { return (".\(name)", []) }
      var written: [String] = []
      for argument in arguments {
        guard let value = expression(argument.node) else { return nil }
        written.append(argument.label.map { "\($0): \(value)" } ?? value)
      }
      return (".\(name)(\(written.joined(separator: ", ")))", [])
    case .array(let elements):
      let written = elements.compactMap(expression)
      guard written.count == elements.count else { return nil }
      return ("[\(written.joined(separator: ", "))]", [])
    case .set(let elements):
      let written = elements.compactMap(expression)
      guard written.count == elements.count else { return nil }
      return ("[\(written.sorted().joined(separator: ", "))]", [])
    case .dictionary(let entries):
      guard !entries.isEmpty else { return ("[:]", []) }
      var written: [String] = []
      for entry in entries {
        guard let key = expression(entry.key), let value = expression(entry.value) else {
          return nil
        }
        written.append("\(key): \(value)")
      }
      return ("[\(written.sorted().joined(separator: ", "))]", [])
    case .stack(let elements):
      let written = elements.compactMap { expression($0.node) }
      guard written.count == elements.count else { return nil }
      return ("[\(written.joined(separator: ", "))]", [])
    case .shared(let identity, let value):
      if let name = sharedNames[identity] { return (name, []) }
      return expression(value).map { ("Shared(value: \($0))", []) }
    case .structure(let structure):
      return construct(structure, at: path)
    case .opaque:
      return nil
    }
  }

  /// An initializer call for a struct: through its shape, the initializer that leaves the
  /// fewest fields to assign after it; without one, its memberwise initializer.
  private func construct(_ structure: StructureNode, at path: String?) -> (String, [String])? {
    guard structure.hasShape, let type = types[structure.type],
      let shape = (type as? any ObservableState.Type)?._$shape
    else {
      guard structure.isNamed else { return nil }
      var arguments: [String] = []
      for field in structure.fields {
        guard let value = expression(field.node) else { return nil }
        arguments.append("\(field.name): \(value)")
      }
      return ("\(structure.typeName)(\(arguments.joined(separator: ", ")))", [])
    }
    let fields = Dictionary(
      structure.fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var best: (expression: String, fixes: [String])?
    initializers: for parameters in shape.initializers {
      var arguments: [String] = []
      var fixes: [String] = []
      var covered: Set<String> = []
      for parameter in parameters {
        guard let field = fields[parameter.name] else {
          if parameter.defaultValue != nil { continue }
          continue initializers
        }
        covered.insert(field.name)
        if let defaultValue = parameter.defaultValue,
          isDefault(field, node(defaultValue()))
        {
          continue
        }
        let fieldPath = path.map { "\($0).\(field.name)" }
        guard let (value, more) = expression(field.node, at: fieldPath) else {
          continue initializers
        }
        fixes += more
        arguments.append(parameter.label.map { "\($0): \(value)" } ?? value)
      }
      for shapeField in shape.fields where !covered.contains(shapeField.name) {
        guard let field = fields[shapeField.name] else { continue }
        switch field.kind {
        case .persisted:
          continue
        case .value, .presents:
          if let defaultValue = shapeField.defaultValue, isDefault(field, node(defaultValue())) {
            continue
          }
          guard let path, shapeField.defaultValue != nil else { continue initializers }
          let fieldPath = "\(path).\(field.name)"
          guard let (value, more) = expression(field.node, at: fieldPath) else {
            continue initializers
          }
          fixes.append("\(fieldPath) = \(value)")
          fixes += more
        case .constant, .shared, .wrapped:
          continue initializers
        }
      }
      let candidate = (
        "\(structure.typeName)(\(arguments.joined(separator: ", ")))", fixes
      )
      if best == nil || candidate.1.count < best!.fixes.count {
        best = candidate
      }
    }
    return best.map { ($0.expression, $0.fixes) }
  }

  /// Whether a field holds what a default gives it: for a shared field, the same value in a
  /// reference nobody else names.
  private func isDefault(_ field: FieldNode, _ defaultNode: SourceNode) -> Bool {
    if case .shared(let identity, let value) = field.node {
      guard sharedNames[identity] == nil, case .shared(_, let defaultValue) = defaultNode else {
        return false
      }
      return value == defaultValue
    }
    return field.node == defaultNode
  }

  /// A string as a Swift literal (the standard library's `debugDescription` escapes it), or
  /// bullets for a secret.
  private func stringLiteral(_ string: String) -> String {
    (secrets.contains(string) ? String(repeating: "•", count: string.count) : string)
      .debugDescription
  }

  func durationLiteral(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    if attoseconds % 1_000_000_000_000_000 == 0 {
      return ".milliseconds(\(seconds * 1000 + attoseconds / 1_000_000_000_000_000))"
    }
    return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
  }

  private func uuidLiteral(_ uuid: UUID) -> String {
    let string = uuid.uuidString
    if string.hasPrefix("00000000-0000-0000-0000-"),
      let value = Int(string.suffix(12), radix: 16)
    {
      return "UUID(\(value))"
    }
    return "UUID(uuidString: \"\(string)\")!"
  }
}

extension SecureFields {
  static var secureFieldPaths: [AnyKeyPath] { secureFields }
}
