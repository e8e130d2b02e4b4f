import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@ObservableState` on a struct or an enum of feature state.
///
/// A struct gets a registrar and an identity, and each stored `var` is tracked field by field
/// (`@ObservationStateTracked`), except fields that observe themselves (`@Presents`, `@Shared`,
/// `@SharedReader`), fields marked `@ObservationStateIgnored`, and other property wrappers. An
/// enum gets an identity made of its case and the identity of the case's value.
public enum ObservableStateMacro {
  static let registrarName = "_$observationRegistrar"
}

extension ObservableStateMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let access = declaration.modifiers.accessPrefix
    if let structDecl = declaration.as(StructDeclSyntax.self) {
      return [
        """
        var \(raw: registrarName) = ComposableArchitecture.ObservationStateRegistrar()
        """,
        """
        \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
          \(raw: registrarName).id
        }
        """,
      ] + [StateShape.member(of: structDecl, access: access)].compactMap { $0 }
    }
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let cases = enumDecl.memberBlock.members
        .compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
        .flatMap(\.elements)
      guard !cases.isEmpty else {
        return [
          """
          \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
            ComposableArchitecture.ObservableStateID()
          }
          """
        ]
      }
      var lines: [String] = []
      for (tag, element) in cases.enumerated() {
        let name = element.name.text
        let count = element.parameterClause?.parameters.count ?? 0
        if count == 1 {
          lines.append(
            "case let .\(name)(state):\n    return ._$id(for: state)._$tag(\(tag))")
        } else {
          lines.append(
            "case .\(name):\n    return ComposableArchitecture.ObservableStateID()._$tag(\(tag))")
        }
      }
      return [
        """
        \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          \(raw: lines.joined(separator: "\n  "))
          }
        }
        """
      ]
    }
    context.error(
      "'@ObservableState' can only be applied to a struct or an enum",
      id: "observable-state-kind", at: node)
    return []
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.is(StructDeclSyntax.self),
      let property = member.as(VariableDeclSyntax.self),
      !property.isLet, property.isStored,
      !property.modifiers.isStatic, !property.modifiers.isLazy,
      let identifier = property.identifier,
      !identifier.text.hasPrefix("_")
    else { return [] }
    let attributes = property.attributes.names
    if attributes.contains("PresentationState") {
      context.error(
        """
        '@PresentationState' in '@ObservableState' state is not observed: use '@Presents' \
        instead
        """,
        id: "presentation-state-in-observable-state", at: property.attributes)
      return []
    }
    // Fields that observe themselves, fields to skip, and other property wrappers (which
    // cannot have accessors) are left as they are.
    guard attributes.isEmpty else { return [] }
    return ["@ObservationStateTracked"]
  }
}

extension ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let inherited = declaration.inheritedTypeNames
    guard declaration.is(StructDeclSyntax.self) || declaration.is(EnumDeclSyntax.self),
      !protocols.isEmpty, !inherited.contains("ObservableState")
    else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): ComposableArchitecture.ObservableState {}")
    ]
  }
}

/// Tracks one stored field of `@ObservableState` state: reads register with the state's
/// registrar, writes notify it unless the new value has the same identity (a child state that
/// notifies its own fields).
public enum ObservationStateTrackedMacro {}

extension ObservationStateTrackedMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), !property.isLet,
      property.isStored, let identifier = property.identifier?.trimmed
    else { return [] }
    let registrar = ObservableStateMacro.registrarName
    return [
      """
      @storageRestrictions(initializes: _\(identifier))
      init(initialValue) {
        _\(identifier) = initialValue
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(identifier))
        return _\(identifier)
      }
      """,
      """
      set {
        \(raw: registrar).mutate(self, keyPath: \\.\(identifier), &_\(identifier), newValue, _$observationIdentity(_\(identifier)), _$observationIdentity(newValue))
      }
      """,
      """
      _modify {
        let identity = _$observationIdentity(_\(identifier))
        defer {
          if _$observationIdentity(_\(identifier)) != identity {
            \(raw: registrar).didModify(self, keyPath: \\.\(identifier))
          }
        }
        yield &_\(identifier)
      }
      """,
    ]
  }
}

extension ObservationStateTrackedMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let property = declaration.as(VariableDeclSyntax.self), !property.isLet,
      property.isStored, let binding = property.singleBinding,
      let identifier = property.identifier?.trimmed
    else { return [] }
    let type = binding.typeAnnotation.map { ": \($0.type.trimmedDescription)" } ?? ""
    let initializer = binding.initializer.map { " = \($0.value.trimmedDescription)" } ?? ""
    return [
      "@ObservationStateIgnored var _\(identifier)\(raw: type)\(raw: initializer)"
    ]
  }
}

/// Leaves a field of `@ObservableState` state untracked.
public enum ObservationStateIgnoredMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
