import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A diagnostic of ours, identified by a short id.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  let id: String
  var severity: DiagnosticSeverity = .error

  var diagnosticID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: id)
  }
}

/// The label of a fix-it of ours.
struct MacroFixIt: FixItMessage {
  let message: String
  let id: String

  var fixItID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: id)
  }
}

extension MacroExpansionContext {
  func error(
    _ message: String, id: String, at node: some SyntaxProtocol, fixIts: [FixIt] = []
  ) {
    diagnose(
      Diagnostic(
        node: Syntax(node), message: MacroDiagnostic(message: message, id: id), fixIts: fixIts))
  }

  func warning(
    _ message: String, id: String, at node: some SyntaxProtocol, fixIts: [FixIt] = []
  ) {
    diagnose(
      Diagnostic(
        node: Syntax(node),
        message: MacroDiagnostic(message: message, id: id, severity: .warning),
        fixIts: fixIts))
  }
}

extension AttributeListSyntax {
  /// The names of the attributes, without module qualification or arguments.
  var names: [String] {
    compactMap { element in
      guard case let .attribute(attribute) = element else { return nil }
      let type = attribute.attributeName
      if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
      if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
      return type.trimmedDescription
    }
  }

  func contains(named name: String) -> Bool {
    names.contains(name)
  }
}

extension DeclGroupSyntax {
  /// The names of the types (structs, enums, classes, type aliases) declared directly inside.
  var memberTypeNames: Set<String> {
    Set(
      memberBlock.members.compactMap { member -> String? in
        let decl = member.decl
        return decl.as(StructDeclSyntax.self)?.name.text
          ?? decl.as(EnumDeclSyntax.self)?.name.text
          ?? decl.as(ClassDeclSyntax.self)?.name.text
          ?? decl.as(TypeAliasDeclSyntax.self)?.name.text
      })
  }

  /// The name of the declared type (`FeatureView`), when it has one.
  var typeName: String? {
    self.as(StructDeclSyntax.self)?.name.text
      ?? self.as(ClassDeclSyntax.self)?.name.text
      ?? self.as(EnumDeclSyntax.self)?.name.text
      ?? self.as(ActorDeclSyntax.self)?.name.text
      ?? self.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
  }

  /// The names of the types the declaration inherits from, without module qualification
  /// (`ComposableArchitecture.Reducer` is `Reducer`).
  var inheritedTypeNames: Set<String> {
    Set(
      inheritanceClause?.inheritedTypes.map {
        $0.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
      } ?? [])
  }
}

extension DeclModifierListSyntax {
  /// The access modifier (`public`, `package`, …) to repeat on generated members, with a
  /// trailing space, or an empty string.
  var accessPrefix: String {
    for modifier in self {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.package):
        return "\(modifier.name.text) "
      case .keyword(.open):
        return "public "
      default:
        continue
      }
    }
    return ""
  }

  var isStatic: Bool {
    contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
  }

  var isLazy: Bool {
    contains { $0.name.tokenKind == .keyword(.lazy) }
  }
}

extension VariableDeclSyntax {
  var isLet: Bool { bindingSpecifier.tokenKind == .keyword(.let) }

  /// The single binding of a `var x` declaration, when there is exactly one.
  var singleBinding: PatternBindingSyntax? {
    bindings.count == 1 ? bindings.first : nil
  }

  /// Whether the attribute `name` is written with arguments, like `@Shared(.inMemory("x"))`.
  func hasAttributeArguments(named name: String) -> Bool {
    attributes.contains { element in
      guard case let .attribute(attribute) = element else { return false }
      return attribute.arguments != nil
        && AttributeListSyntax([element]).names == [name]
    }
  }

  var identifier: TokenSyntax? {
    singleBinding?.pattern.as(IdentifierPatternSyntax.self)?.identifier
  }

  /// Whether the property stores a value: no `get`/`set` accessors and no getter body.
  var isStored: Bool {
    guard let binding = singleBinding else { return false }
    switch binding.accessorBlock?.accessors {
    case .none:
      return true
    case .getter:
      return false
    case let .accessors(accessors):
      return !accessors.contains {
        [.keyword(.get), .keyword(.set), .keyword(._modify), .keyword(._read), .keyword(.`init`)]
          .contains($0.accessorSpecifier.tokenKind)
      }
    }
  }
}

extension TypeSyntax {
  /// `X` for `X?` or `Optional<X>`, else nil.
  var optionalWrapped: TypeSyntax? {
    if let optional = self.as(OptionalTypeSyntax.self) {
      return optional.wrappedType
    }
    if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional",
      let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
      let argument = arguments.first
    {
      return TypeSyntax("\(raw: argument.argument.trimmedDescription)")
    }
    return nil
  }
}
