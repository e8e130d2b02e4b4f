import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Presents var destination: Destination.State?`: the macro spelling of
/// `@PresentationState` for `@ObservableState` state. The value lives in a
/// `PresentationState` (`_destination`), `$destination` projects it for
/// `ifLet(\.$destination, action: \.destination)`, and both are observed as `destination`.
/// Both modify the wrapper in place (`_modify`), so a reducer reaching into the child (as `ifLet`
/// does for every child action) never copies its storage.
public enum PresentsMacro {}

extension PresentsMacro {
  /// The property and its wrapped type, or nil after diagnosing misuse.
  static func validated(
    _ declaration: some DeclSyntaxProtocol,
    node: AttributeSyntax,
    in context: some MacroExpansionContext,
    diagnose: Bool
  ) -> (name: TokenSyntax, wrapped: TypeSyntax, binding: PatternBindingSyntax)? {
    guard let property = declaration.as(VariableDeclSyntax.self) else {
      if diagnose {
        context.error(
          "'@Presents' can only be attached to a property", id: "presents-kind", at: node)
      }
      return nil
    }
    if property.isLet {
      if diagnose {
        context.error(
          "'@Presents' must be attached to a 'var', not a 'let'", id: "presents-let",
          at: property.bindingSpecifier)
      }
      return nil
    }
    guard let binding = property.singleBinding, let name = property.identifier?.trimmed,
      property.isStored
    else {
      if diagnose {
        context.error(
          "'@Presents' must be attached to one stored property", id: "presents-stored", at: node)
      }
      return nil
    }
    guard let type = binding.typeAnnotation?.type, let wrapped = type.optionalWrapped else {
      if diagnose {
        context.error(
          "'@Presents' needs an optional type, as in 'var destination: Destination.State?'",
          id: "presents-type", at: binding)
      }
      return nil
    }
    return (name, wrapped.trimmed, binding)
  }
}

extension PresentsMacro: AccessorMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let (name, wrapped, _) = validated(declaration, node: node, in: context, diagnose: true)
    else { return [] }
    let registrar = ObservableStateMacro.registrarName
    return [
      """
      @storageRestrictions(initializes: _\(name))
      init(initialValue) {
        _\(name) = ComposableArchitecture.PresentationState<\(wrapped)>(wrappedValue: initialValue)
      }
      """,
      """
      get {
        \(raw: registrar).access(self, keyPath: \\.\(name))
        return _\(name).wrappedValue
      }
      """,
      """
      set {
        \(raw: registrar).mutate(self, keyPath: \\.\(name), &_\(name).wrappedValue, newValue, _$observationIdentity(_\(name)), _$observationIdentity(newValue))
      }
      """,
      """
      _modify {
        let identity = _$observationIdentity(_\(name))
        defer {
          if _$observationIdentity(_\(name)) != identity {
            \(raw: registrar).didModify(self, keyPath: \\.\(name))
          }
        }
        yield &_\(name).wrappedValue
      }
      """,
    ]
  }
}

extension PresentsMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard
      let (name, wrapped, binding) = validated(
        declaration, node: node, in: context, diagnose: false)
    else { return [] }
    let registrar = ObservableStateMacro.registrarName
    let access = declaration.as(VariableDeclSyntax.self)?.modifiers.accessPrefix ?? ""
    let initial = binding.initializer.map(\.value.trimmedDescription) ?? "nil"
    return [
      """
      \(raw: access)var $\(name): ComposableArchitecture.PresentationState<\(wrapped)> {
        get {
          \(raw: registrar).access(self, keyPath: \\.\(name))
          return _\(name).projectedValue
        }
        set {
          \(raw: registrar).mutate(self, keyPath: \\.\(name), &_\(name).projectedValue, newValue, _$observationIdentity(_\(name)), _$observationIdentity(newValue))
        }
        _modify {
          let identity = _$observationIdentity(_\(name))
          defer {
            if _$observationIdentity(_\(name)) != identity {
              \(raw: registrar).didModify(self, keyPath: \\.\(name))
            }
          }
          yield &_\(name)
        }
      }
      """,
      """
      @ObservationStateIgnored var _\(name) = ComposableArchitecture.PresentationState<\(wrapped)>(wrappedValue: \(raw: initial))
      """,
    ]
  }
}
